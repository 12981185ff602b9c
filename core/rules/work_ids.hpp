// What identifies a work, each in the one form in which two spellings of
// it compare equal: a DOI, an arXiv id (its title: work_title.hpp). BibTeX,
// the site importers, the editor, every sync reader and the group pages
// read identifiers through these (and rules/work_identity decides with
// them), so "the same DOI" is one test everywhere.
//
// A DOI: a resolver (doi.org, dx.doi.org, www.doi.org, doi.acm.org,
// doi.ieeecomputersociety.org, hdl.handle.net, in http or https),
// a "doi:", "info:doi/" or "urn:doi:" label, percent-encoding, white space
// (a wrapped line), and the punctuation of the sentence it was quoted in
// (quotes or a bracket before it; after it ".", ",", ";", ":", a quote, a
// ")", "]" or ">" it does not open) are not part of it; ASCII case is not
// either (DOI names ignore it), so the key is lower case. It is
// "10.<digits>/<suffix>" or it is not a DOI.
//
// An arXiv id: "arXiv:", an abs/pdf/html URL, ".pdf", the arXiv DOI
// (10.48550/arXiv.<id>) and the version ("v2": every version is the one
// work) are not part of it; new style "2101.00001" (4 or 5 digits after
// the dot) or old style "hep-th/9901001", "math.GT/0309136".
#pragma once

#include <string>
#include <string_view>

namespace vitae {

// "https://doi.org/10.1145/ABC." -> "10.1145/ABC": the DOI as its
// registrant spells it, for storing and showing; text that names no DOI is
// returned trimmed, as written (it is kept, never compared).
std::string bare_doi(std::string_view text);
// "https://doi.org/10.1145/ABC." -> "10.1145/abc": the DOI as compared;
// "" when the text names no DOI.
std::string doi_key(std::string_view text);

// "arXiv:2401.01234v2", "https://arxiv.org/pdf/2401.01234v2.pdf",
// "10.48550/arXiv.2401.01234" -> "2401.01234"; "hep-th/9901001v3" ->
// "hep-th/9901001"; "" when the text names no arXiv id.
std::string arxiv_key(std::string_view text);

}  // namespace vitae
