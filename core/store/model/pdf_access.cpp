#include "store/model/pdf_access.hpp"

namespace vitae {

std::vector<std::string> pdf_access_problems(const StoredFile& file) {
    if (file.type != "application/pdf" || !file.variant_of.empty()) return {};
    if (!file.pdf.read)
        return {"its accessibility was not read (stored before schema v13); add it again to check it"};
    std::vector<std::string> out;
    if (file.is_untagged_pdf())
        out.push_back(
            "an untagged PDF: screen readers cannot follow its headings, lists or reading order; the pages that "
            "link it say it may not be accessible and point to the HTML abstract (export it tagged: LaTeX's "
            "\\DocumentMetadata{tagging=on}, Word's \"Document structure tags for accessibility\")");
    if (file.pdf.tagged && file.pdf.language.empty())
        out.push_back("names no language (/Lang): a screen reader may read it in the wrong voice");
    if (file.pdf.title.empty()) out.push_back("has no title: a reader shows its file name instead");
    if (!file.pdf.text)
        out.push_back("its text cannot be extracted (a scan without OCR, fonts without Unicode maps, or copying "
                      "forbidden)");
    return out;
}

}  // namespace vitae
