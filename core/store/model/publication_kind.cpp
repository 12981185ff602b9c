#include "store/model/publication_kind.hpp"

namespace vitae {

namespace {

// The first three rows are the kinds Vitae started with; their spellings
// are what every existing page, feed and export already says.
constexpr KindRow kind_table[] = {
    {PublicationKind::conference, "conference", "Conference paper", "Conference papers", "inproceedings", "booktitle",
     "CONF", "paper-conference", "ScholarlyArticle", "citation_conference_title", "", false, false},
    {PublicationKind::journal, "journal", "Journal article", "Journal articles", "article", "journal", "JOUR",
     "article-journal", "ScholarlyArticle", "citation_journal_title", "", true, false},
    // CSL's type for a preprint is "article"; `venue` is biblatex's field for where it was shown.
    {PublicationKind::preprint, "preprint", "Preprint", "Preprints", "misc", "venue", "UNPB", "article",
     "ScholarlyArticle", "", "", false, true},
    {PublicationKind::book, "book", "Book", "Books", "book", "venue", "BOOK", "book", "Book", "", "", false, false},
    {PublicationKind::chapter, "chapter", "Book chapter", "Book chapters", "incollection", "booktitle", "CHAP",
     "chapter", "Chapter", "citation_inbook_title", "", false, false},
    {PublicationKind::thesis, "thesis", "Thesis", "Theses", "phdthesis", "venue", "THES", "thesis", "Thesis", "",
     "citation_dissertation_institution", false, false},
    {PublicationKind::report, "report", "Technical report", "Technical reports", "techreport", "venue", "RPRT",
     "report", "Report", "", "citation_technical_report_institution", false, false},
    {PublicationKind::proceedings, "proceedings", "Proceedings", "Proceedings", "proceedings", "venue", "CONF",
     "book", "Book", "citation_conference_title", "", false, false},
    {PublicationKind::patent, "patent", "Patent", "Patents", "patent", "venue", "PAT", "patent", "CreativeWork", "", "",
     false, false},
    {PublicationKind::dataset, "dataset", "Dataset", "Datasets", "dataset", "venue", "DATA", "dataset", "Dataset",
     "", "", false, false},
    {PublicationKind::software, "software", "Software", "Software", "software", "venue", "COMP", "software",
     "SoftwareSourceCode", "", "", false, false},
    {PublicationKind::other, "other", "Other", "Other works", "misc", "howpublished", "GEN", "document",
     "CreativeWork", "", "", false, false},
};

constexpr bool rows_follow_enum() {
    for (std::size_t i = 0; i < std::size(kind_table); ++i)
        if (static_cast<std::size_t>(kind_table[i].kind) != i) return false;
    return true;
}
static_assert(rows_follow_enum(), "kind_row() indexes the rows by the enum");

// BibTeX's and biblatex's entry types; @misc and @online are what most
// exporters write for preprints (an arXiv eprint makes any type one, see cli/).
struct TypeKind {
    std::string_view type;
    PublicationKind kind;
};
constexpr TypeKind entry_types[] = {
    {"inproceedings", PublicationKind::conference}, {"conference", PublicationKind::conference},
    {"article", PublicationKind::journal},          {"periodical", PublicationKind::journal},
    {"misc", PublicationKind::preprint},            {"unpublished", PublicationKind::preprint},
    {"online", PublicationKind::preprint},          {"preprint", PublicationKind::preprint},
    {"electronic", PublicationKind::preprint},      {"www", PublicationKind::preprint},
    {"book", PublicationKind::book},                {"mvbook", PublicationKind::book},
    {"booklet", PublicationKind::book},             {"collection", PublicationKind::book},
    {"inbook", PublicationKind::chapter},           {"incollection", PublicationKind::chapter},
    {"bookinbook", PublicationKind::chapter},       {"suppbook", PublicationKind::chapter},
    {"phdthesis", PublicationKind::thesis},         {"mastersthesis", PublicationKind::thesis},
    {"thesis", PublicationKind::thesis},            {"techreport", PublicationKind::report},
    {"report", PublicationKind::report},            {"manual", PublicationKind::report},
    {"proceedings", PublicationKind::proceedings},  {"mvproceedings", PublicationKind::proceedings},
    {"patent", PublicationKind::patent},            {"dataset", PublicationKind::dataset},
    {"data", PublicationKind::dataset},             {"software", PublicationKind::software},
    {"codefragment", PublicationKind::software},    {"artwork", PublicationKind::other},
    {"audio", PublicationKind::other},              {"video", PublicationKind::other},
    {"image", PublicationKind::other},              {"movie", PublicationKind::other},
    {"music", PublicationKind::other},              {"performance", PublicationKind::other},
    {"standard", PublicationKind::other},           {"letter", PublicationKind::other},
    {"review", PublicationKind::journal},           {"suppperiodical", PublicationKind::journal},
    {"reference", PublicationKind::book},           {"inreference", PublicationKind::chapter},
    {"jurisdiction", PublicationKind::other},       {"legislation", PublicationKind::other},
    {"legal", PublicationKind::other},              {"commentary", PublicationKind::other},
};

}  // namespace

std::span<const KindRow> kind_rows() { return kind_table; }

const KindRow& kind_row(PublicationKind kind) { return kind_table[static_cast<std::size_t>(kind)]; }

std::optional<PublicationKind> kind_named(std::string_view name) {
    for (const auto& row : kind_table)
        if (row.name == name) return row.kind;
    return std::nullopt;
}

std::optional<PublicationKind> kind_of_bibtex_type(std::string_view type) {
    for (const auto& t : entry_types)
        if (t.type == type) return t.kind;
    return std::nullopt;
}

}  // namespace vitae
