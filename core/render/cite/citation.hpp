// One publication as a citation, in the three formats reference managers
// import: BibTeX (what `vitae import-bibtex` reads back to the same rows, see
// core/bibtex/bib_mapping.hpp), RIS and CSL-JSON. Pure functions of the content; the
// worker serves them at /publications/<slug>.{bib,ris,json} and the CLI's
// export-bibtex prints the same bytes.
#pragma once

#include <string>
#include <vector>

#include "store/model/content.hpp"

namespace vitae {

// One entry, ending in a newline; the key is the slug, @inproceedings,
// @article or @misc by kind. is_owner is not written: the profile decides it.
std::string bibtex_entry(const Publication& publication);
// Every entry, in order, separated by a blank line.
std::string bibtex_file(const SharedRows<Publication>& publications);

// TY CONF/JOUR/UNPB ... ER, CRLF line ends as the RIS spec writes them.
std::string ris_entry(const Publication& publication);

// A CSL-JSON array holding one item (what citeproc and Zotero import).
std::string csl_json(const Publication& publication);

// "12--34", "12–34" -> {"12", "34"}; "e1234" -> {"e1234", ""}: for RIS's
// SP/EP and Google Scholar's firstpage/lastpage.
std::pair<std::string, std::string> page_range(std::string_view pages);

}  // namespace vitae
