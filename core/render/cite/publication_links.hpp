// The BibTeX fields that homepage themes (al-folio, academicpages) show as a
// paper's buttons, and the label each becomes: one table for the import
// (core/bibtex/bib_mapping) and the export (citation.cpp), so a button
// survives the round trip under its own field.
#pragma once

#include <string_view>

namespace vitae {

struct LinkField {
    std::string_view field;  // lower case, as BibTeX reads it
    std::string_view label;  // as the page shows it
};

inline constexpr LinkField link_fields[] = {
    {"pdf", "PDF"},         {"code", "Code"},   {"url", "Link"},       {"html", "HTML"},
    {"slides", "Slides"},   {"poster", "Poster"}, {"video", "Video"}, {"website", "Website"},
    {"supp", "Supplement"}, {"blog", "Blog"},
};

inline const LinkField* link_field_named(std::string_view field) {
    for (const auto& f : link_fields)
        if (f.field == field) return &f;
    return nullptr;
}

inline const LinkField* link_field_labelled(std::string_view label) {
    for (const auto& f : link_fields)
        if (f.label == label) return &f;
    return nullptr;
}

}  // namespace vitae
