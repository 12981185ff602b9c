// Publication kinds as data, the way Redis keeps its commands in one table:
// every place that shows, files or exports a paper by its kind (list
// headings, the paper page, BibTeX, RIS, CSL-JSON, schema.org, Google
// Scholar's tags, the /publications/<kind>/ filters) reads this table, so a
// new kind is one row here (and one value in data/schema.sql's CHECK).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace vitae {

enum class PublicationKind : std::uint8_t {
    conference,
    journal,
    preprint,
    book,
    chapter,
    thesis,
    report,
    proceedings,
    patent,
    dataset,
    software,
    other
};

struct KindRow {
    PublicationKind kind;
    std::string_view name;            // as stored and in /publications/<name>/
    std::string_view label;           // one, on the paper's page
    std::string_view heading;         // many, over the filtered list
    std::string_view bibtex_type;     // written when the entry's own type is not known
    std::string_view bibtex_venue;    // the BibTeX field the venue goes in (biblatex's `venue` if no other)
    std::string_view ris_type;        // TY
    std::string_view csl_type;        // CSL-JSON "type"
    std::string_view schema_type;     // schema.org @type of the work
    std::string_view scholar_venue;   // Google Scholar's meta tag for the venue; empty: none
    std::string_view scholar_institution;  // ... for the school or institution; empty: none
    bool periodical;                  // the venue is a journal (schema.org isPartOf Periodical)
    bool preprint;                    // listed apart on the home page; undated ones head the list
};

// In display order, which is also the enum's order.
std::span<const KindRow> kind_rows();
const KindRow& kind_row(PublicationKind kind);
std::optional<PublicationKind> kind_named(std::string_view name);
// The kind a BibTeX/biblatex entry type files under; nullopt for a type
// that names no publication (e.g. xdata).
std::optional<PublicationKind> kind_of_bibtex_type(std::string_view lower_case_type);

}  // namespace vitae
