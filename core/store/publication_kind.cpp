#include "publication_kind.hpp"

namespace vitae {

namespace {

constexpr KindRow rows[] = {
    {PublicationKind::conference, "conference", "Conference paper", "Conference papers", "inproceedings", "booktitle",
     "CONF", "paper-conference", "citation_conference_title", "PublicationEvent", false},
    {PublicationKind::journal, "journal", "Journal article", "Journal articles", "article", "journal", "JOUR",
     "article-journal", "citation_journal_title", "Periodical", false},
    // CSL's type for a preprint is "article"; `venue` is biblatex's field for where it was shown.
    {PublicationKind::preprint, "preprint", "Preprint", "Preprints", "misc", "venue", "UNPB", "article", "",
     "PublicationEvent", true},
};

constexpr bool rows_follow_enum() {
    for (std::size_t i = 0; i < std::size(rows); ++i)
        if (static_cast<std::size_t>(rows[i].kind) != i) return false;
    return true;
}
static_assert(rows_follow_enum(), "kind_row() indexes rows by the enum");

}  // namespace

std::span<const KindRow> kind_rows() { return rows; }

const KindRow& kind_row(PublicationKind kind) { return rows[static_cast<std::size_t>(kind)]; }

std::optional<PublicationKind> kind_named(std::string_view name) {
    for (const auto& row : rows)
        if (row.name == name) return row.kind;
    return std::nullopt;
}

}  // namespace vitae
