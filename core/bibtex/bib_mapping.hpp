// BibTeX entry <-> Publication, by the conventions docs/cli.md documents.
// The key gives the slug (and is kept when it differs); the entry type gives
// the kind (core/store/model/publication_kind); an arXiv eprint makes an entry
// without another venue a preprint. A `*` after an author's name marks equal
// contribution. The fields homepage themes use as buttons (pdf, code, url,
// html, slides, poster, video, website, supp, blog, and `links = {{Label}
// {url}, ...}`) become links in field order; `award` holds awards separated
// by `;`; `abbr` is the short venue and `selected` puts the paper on the home
// page. The columns of publication_text_columns come from their fields
// (biblatex spellings too: journaltitle, location, issue, school); every
// other field is kept verbatim, so nothing is dropped. Exporting writes what
// importing reads back to the same rows (tests/unit/bibtex/cli_bib_mapping_test.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "bibtex/bibtex.hpp"
#include "render/cite/citation.hpp"
#include "store/model/content.hpp"

namespace vitae {

// is_owner is set for authors whose name matches the owner's (the profile's
// name or one of its variants, OwnerNames::match).
// Throws BibError (at the entry's or the field's line) when the entry cannot
// be a publication (no title, no usable key); what it can keep but has to
// guess about (an unknown entry type, LaTeX it cannot decode, a year that is
// not a number) is added to `warnings` and kept. `crossref` is the entry
// the entry's crossref field names, if the file has it: fields the entry
// lacks are read from it, as BibTeX does.
Publication publication_from_entry(const BibEntry& entry, const OwnerNames& owner, std::string_view file_name,
                                   std::vector<BibProblem>& warnings, const BibEntry* crossref = nullptr);

// Writing an entry is vitae::bibtex_entry (core/render/cite/citation.hpp), shared
// with the worker. The key becomes the slug by vitae::slug_from (core/store/model/slug.hpp).

}  // namespace vitae
