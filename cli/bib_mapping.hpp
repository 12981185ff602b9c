// BibTeX entry <-> Publication, by the conventions docs/cli.md documents:
// the key is the slug; @inproceedings/@article/@misc give the kind; a `*`
// after an author's name marks equal contribution; `pdf`, `code`, `url` and a
// `links = {{Label}{url}, ...}` field give the links, in field order; `award`
// (or `note`) holds awards separated by `;`. Exporting writes exactly what
// importing reads back to the same rows (tests/unit/cli_bib_mapping_test.cpp).
#pragma once

#include <string>
#include <string_view>

#include "bibtex.hpp"
#include "citation.hpp"
#include "content.hpp"

namespace vitae::cli {

// is_owner is set for authors whose name equals `owner_name` (the profile's).
// Throws BibError at the entry's or the field's line.
Publication publication_from_entry(const BibEntry& entry, std::string_view owner_name, std::string_view file_name);

// Writing an entry is vitae::bibtex_entry (core/render/citation.hpp), shared
// with the worker. The key becomes the slug by vitae::slug_from (core/store/slug.hpp).

}  // namespace vitae::cli
