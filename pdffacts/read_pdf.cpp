// Best effort, and said so: "tagged" is the catalog's claim (/MarkInfo
// /Marked true and a structure tree), not a check of the tree's quality;
// "text" means the text can be extracted as Unicode: not encrypted against
// extraction, and on the first limits::pdf_facts_pages_read pages at least
// one font, each composite or Type 3 font with a /ToUnicode map (a simple
// font's encoding and glyph names map by themselves, as pdftotext reads
// them). A scan without OCR has no fonts, so no text.
#include "read_pdf.hpp"

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/Pipeline.hh>

#include <stdexcept>
#include <vector>

#include "base/limits.hpp"
#include "picture/pdf_facts.hpp"

namespace vitae {

namespace {

std::string text_of(QPDFObjectHandle value) { return value.isString() ? value.getUTF8Value() : std::string(); }

// A stream's decoded bytes up to a bound, then an error: a metadata stream
// of 100 KB may inflate to gigabytes.
class BoundedBytes : public Pipeline {
public:
    BoundedBytes() : Pipeline("bounded", nullptr) {}
    void write(const unsigned char* data, size_t len) override {
        if (bytes.size() + len > limits::pdf_metadata_bytes)
            throw std::length_error("its XMP metadata inflates to over " + limits::size_text(limits::pdf_metadata_bytes));
        bytes.append(reinterpret_cast<const char*>(data), len);
    }
    void finish() override {}
    std::string bytes;
};

// XMP's dc:title, its first rdf:li: enough for a title without an XML parser.
std::string xmp_title(QPDFObjectHandle root) {
    QPDFObjectHandle metadata = root.getKey("/Metadata");
    if (!metadata.isStream()) return {};
    BoundedBytes xmp_bytes;
    if (!metadata.pipeStreamData(&xmp_bytes, 0, qpdf_dl_generalized, true)) return {};
    const std::string& xmp = xmp_bytes.bytes;
    auto title = xmp.find("<dc:title");
    auto li = title == std::string::npos ? title : xmp.find("<rdf:li", title);
    auto start = li == std::string::npos ? li : xmp.find('>', li);
    auto end = start == std::string::npos ? start : xmp.find("</rdf:li>", start);
    if (end == std::string::npos) return {};
    return xmp.substr(start + 1, end - start - 1);
}

bool font_maps_to_unicode(QPDFObjectHandle font) {
    std::string subtype = font.getKey("/Subtype").isName() ? font.getKey("/Subtype").getName() : "";
    if (font.getKey("/ToUnicode").isStream()) return true;
    return subtype != "/Type0" && subtype != "/Type3";
}

// The first pages of the page tree, walked by hand rather than by qpdf's
// page list (which reads every page of a 10,000-page file first), bounded in
// depth and in nodes seen: a hostile tree may loop or branch without end.
struct PageWalk {
    std::vector<QPDFObjectHandle> pages;
    int nodes = 0;
};

void walk_pages(QPDFObjectHandle node, int depth, PageWalk& walk) {
    if (!node.isDictionary() || depth > 32 || ++walk.nodes > 20 * limits::pdf_facts_pages_read ||
        walk.pages.size() >= static_cast<std::size_t>(limits::pdf_facts_pages_read))
        return;
    QPDFObjectHandle kids = node.getKey("/Kids");
    if (!kids.isArray()) {
        walk.pages.push_back(node);
        return;
    }
    for (int i = 0; i < kids.getArrayNItems(); ++i) walk_pages(kids.getArrayItem(i), depth + 1, walk);
}

// A page's fonts, its own or inherited from a node above it.
QPDFObjectHandle page_fonts(QPDFObjectHandle page) {
    for (int up = 0; up < 32 && page.isDictionary(); ++up, page = page.getKey("/Parent"))
        if (page.getKey("/Resources").isDictionary()) return page.getKey("/Resources").getKey("/Font");
    return QPDFObjectHandle::newNull();
}

bool text_extractable(QPDF& pdf) {
    if (!pdf.allowExtractAll()) return false;
    PageWalk walk;
    walk_pages(pdf.getRoot().getKey("/Pages"), 0, walk);
    int fonts = 0;
    for (QPDFObjectHandle& page : walk.pages) {
        QPDFObjectHandle on_page = page_fonts(page);
        if (!on_page.isDictionary()) continue;
        for (auto& [name, font] : on_page.ditems()) {
            ++fonts;
            if (!font_maps_to_unicode(font)) return false;
        }
    }
    return fonts > 0;
}

}  // namespace

PdfReading read_pdf(const std::string& bytes) {
    PdfReading out;
    try {
        QPDF pdf;
        pdf.setSuppressWarnings(true);
        pdf.processMemoryFile("upload.pdf", bytes.data(), bytes.size());
        QPDFObjectHandle root = pdf.getRoot();
        QPDFObjectHandle mark = root.getKey("/MarkInfo");
        out.facts.tagged = mark.isDictionary() && mark.getKey("/Marked").isBool() &&
                           mark.getKey("/Marked").getBoolValue() && root.getKey("/StructTreeRoot").isDictionary();
        out.facts.language = text_of(root.getKey("/Lang"));
        QPDFObjectHandle info = pdf.getTrailer().getKey("/Info");
        out.facts.title = info.isDictionary() ? text_of(info.getKey("/Title")) : "";
        if (out.facts.title.empty()) out.facts.title = xmp_title(root);
        out.facts.text = text_extractable(pdf);
        out.facts.read = true;
    } catch (const QPDFExc& e) {
        out.refused = e.getErrorCode() == qpdf_e_password ? "it needs a password to open"
                                                          : "qpdf cannot read it (" + e.getMessageDetail() + ")";
    } catch (const std::exception& e) {
        out.refused = std::string("qpdf cannot read it (") + e.what() + ")";
    }
    return out;
}

}  // namespace vitae
