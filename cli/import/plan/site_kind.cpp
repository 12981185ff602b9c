#include "cli/import/plan/site_kind.hpp"

#include "base/text.hpp"

namespace vitae::cli {

std::optional<PublicationKind> kind_from_label(std::string_view label) {
    std::string l = ascii_lower(trim(label));
    if (l.empty()) return std::nullopt;
    auto has = [&](std::string_view word) { return l.find(word) != std::string::npos; };
    // Most specific first: "book chapter" before "book", "conference proceedings" a conference paper.
    if (has("chapter") || l == "incollection" || l == "inbook") return PublicationKind::chapter;
    if (has("thesis") || has("dissertation")) return PublicationKind::thesis;
    if (has("patent")) return PublicationKind::patent;
    if (has("preprint") || has("working paper") || has("manuscript") || has("submitted") || has("under review") ||
        has("arxiv") || l == "unpublished")
        return PublicationKind::preprint;
    if (has("journal") || l == "article" || l == "articles") return PublicationKind::journal;
    if (has("conference") || has("workshop") || has("symposium") || l == "inproceedings") return PublicationKind::conference;
    if (has("proceedings")) return PublicationKind::proceedings;
    if (has("report") || has("white paper")) return PublicationKind::report;
    if (has("book") || has("monograph")) return PublicationKind::book;
    if (has("dataset") || l == "data") return PublicationKind::dataset;
    if (has("software") || has("package")) return PublicationKind::software;
    return std::nullopt;
}

}  // namespace vitae::cli
