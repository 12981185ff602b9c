// What a stored PDF's facts (PdfFacts, read by qpdf when it was added) mean
// for its readers: the one list of problems `vitae check`, the editor's file
// list and its upload answer all show, so they cannot disagree.
#pragma once

#include <string>
#include <vector>

#include "store/model/content.hpp"

namespace vitae {

// Each problem a sentence without the file's name ("" list: none, or not a
// PDF). An untagged PDF is kept (a paper is what it is) but named here.
std::vector<std::string> pdf_access_problems(const StoredFile& file);

}  // namespace vitae
