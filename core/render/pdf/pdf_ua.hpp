// What PDF/UA-1 asks of the CV's PDF that Cairo 1.16 cannot write, added to
// Cairo's output by qpdf (libqpdf: a well-kept PDF library, rather than PDF
// objects edited by hand): the document's language (/Lang), the title shown
// instead of the file name (/ViewerPreferences /DisplayDocTitle), XMP
// metadata with dc:title and the PDF/UA identifier (pdfuaid:part 1), tab
// order by structure on every page (/Tabs /S), a link annotation's
// description (/Contents), and the page furniture as artifacts.
//
// Cairo 1.16 refuses an "Artifact" tag, so cv_pdf.cpp draws page numbers
// and rules inside a "Private" structure element (pdf_furniture_tag); here
// each such element leaves the structure tree and its marked content
// becomes /Artifact: read by no screen reader, yet still drawn.
#pragma once

#include <string>

namespace vitae {

inline constexpr const char* pdf_furniture_tag = "Private";

struct PdfUaFacts {
    std::string language;  // BCP 47, the site's language of this CV: "en", "zh-Hans"
    std::string title;     // shown in the viewer's title bar
    std::string author;
};

// Cairo's PDF with the above added. Throws Error when qpdf cannot read it.
std::string finish_pdf_ua(const std::string& pdf, const PdfUaFacts& facts);

}  // namespace vitae
