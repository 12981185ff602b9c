// Each addition is one step on the document qpdf read; the writer then
// gives the same bytes for the same input (a deterministic /ID), so the
// same content still makes the same PDF.
#include "render/pdf/pdf_ua.hpp"

#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFNumberTreeObjectHelper.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <memory>
#include <vector>

#include "base/error.hpp"
#include "render/text/escape.hpp"

namespace vitae {

namespace {

// XMP as PDF/UA-1 (ISO 14289-1, 5) and Matterhorn 06-002/06-003 ask: the
// PDF/UA identifier and the title in dc:title.
std::string xmp_packet(const PdfUaFacts& facts) {
    return "<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
           "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
           " <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
           "  <rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\"\n"
           "    xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\">\n"
           "   <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">" + xml_escape(facts.title) +
           "</rdf:li></rdf:Alt></dc:title>\n"
           "   <dc:creator><rdf:Seq><rdf:li>" + xml_escape(facts.author) + "</rdf:li></rdf:Seq></dc:creator>\n"
           "   <dc:language><rdf:Bag><rdf:li>" + xml_escape(facts.language) + "</rdf:li></rdf:Bag></dc:language>\n"
           "   <dc:format>application/pdf</dc:format>\n"
           "   <xmp:CreatorTool>Vitae</xmp:CreatorTool>\n"
           "   <pdfuaid:part>1</pdfuaid:part>\n"
           "  </rdf:Description>\n"
           " </rdf:RDF>\n"
           "</x:xmpmeta>\n"
           "<?xpacket end=\"w\"?>";
}

void set_catalog(QPDF& pdf, const PdfUaFacts& facts) {
    QPDFObjectHandle root = pdf.getRoot();
    root.replaceKey("/Lang", QPDFObjectHandle::newUnicodeString(facts.language));
    root.replaceKey("/ViewerPreferences", QPDFObjectHandle::parse("<< /DisplayDocTitle true >>"));
    root.replaceKey("/MarkInfo", QPDFObjectHandle::parse("<< /Marked true >>"));
    QPDFObjectHandle xmp = QPDFObjectHandle::newStream(&pdf, xmp_packet(facts));
    xmp.getDict().replaceKey("/Type", QPDFObjectHandle::newName("/Metadata"));
    xmp.getDict().replaceKey("/Subtype", QPDFObjectHandle::newName("/XML"));
    root.replaceKey("/Metadata", xmp);
    // Cairo writes the outline root's /Count negative (closed), which ISO
    // 32000 defines only for items: the root counts its open entries.
    QPDFObjectHandle outlines = root.getKey("/Outlines");
    if (outlines.isDictionary() && outlines.getKey("/Count").isInteger() && outlines.getKey("/Count").getIntValue() < 0)
        outlines.replaceKey("/Count", QPDFObjectHandle::newInteger(-outlines.getKey("/Count").getIntValue()));
}

// The page's `/Private <<...>> BDC` as `/Artifact BMC`; every other token as it was.
class FurnitureToArtifact : public QPDFObjectHandle::TokenFilter {
public:
    void handleToken(const QPDFTokenizer::Token& token) override {
        if (held_.empty() && !(token.getType() == QPDFTokenizer::tt_name &&
                               token.getValue() == std::string("/") + pdf_furniture_tag)) {
            writeToken(token);
            return;
        }
        held_.push_back(token);
        if (token.getType() != QPDFTokenizer::tt_word) return;
        if (token.getValue() == "BDC")
            write("/Artifact BMC");
        else
            for (const auto& t : held_) writeToken(t);
        held_.clear();
    }
    void handleEOF() override {
        for (const auto& t : held_) writeToken(t);
        held_.clear();
    }

private:
    std::vector<QPDFTokenizer::Token> held_;
};

bool is_furniture(QPDFObjectHandle element) {
    return element.isDictionary() && element.getKey("/S").isName() &&
           element.getKey("/S").getName() == std::string("/") + pdf_furniture_tag;
}

// Its marked content's entry in the parent tree, no longer a structure element's.
void forget_in_parent_tree(QPDF& pdf, QPDFObjectHandle parent_tree, QPDFObjectHandle element) {
    QPDFObjectHandle page = element.getKey("/Pg"), mcid = element.getKey("/K");
    if (!page.isDictionary() || !page.getKey("/StructParents").isInteger() || !mcid.isInteger()) return;
    QPDFNumberTreeObjectHelper tree(parent_tree, pdf);
    QPDFObjectHandle marks;
    if (!tree.findObject(page.getKey("/StructParents").getIntValue(), marks) || !marks.isArray()) return;
    int at = mcid.getIntValueAsInt();
    if (at >= 0 && at < marks.getArrayNItems()) marks.setArrayItem(at, QPDFObjectHandle::newNull());
}

// The furniture's elements out of the tree, below `element`.
void drop_furniture(QPDF& pdf, QPDFObjectHandle parent_tree, QPDFObjectHandle element) {
    if (!element.isDictionary()) return;
    QPDFObjectHandle kids = element.getKey("/K");
    if (is_furniture(kids)) {
        forget_in_parent_tree(pdf, parent_tree, kids);
        element.removeKey("/K");
        return;
    }
    if (!kids.isArray()) {
        drop_furniture(pdf, parent_tree, kids);
        return;
    }
    for (int i = kids.getArrayNItems() - 1; i >= 0; --i) {
        QPDFObjectHandle kid = kids.getArrayItem(i);
        if (is_furniture(kid)) {
            forget_in_parent_tree(pdf, parent_tree, kid);
            kids.eraseItem(i);
        } else {
            drop_furniture(pdf, parent_tree, kid);
        }
    }
}

// Tab order by structure (Matterhorn 28-006 when a page has annotations), a
// link's description (28-008: /Contents), the furniture as artifacts.
void set_pages(QPDF& pdf) {
    for (QPDFPageObjectHelper& page : QPDFPageDocumentHelper(pdf).getAllPages()) {
        QPDFObjectHandle object = page.getObjectHandle();
        object.replaceKey("/Tabs", QPDFObjectHandle::newName("/S"));
        for (QPDFAnnotationObjectHelper& annotation : page.getAnnotations("/Link")) {
            QPDFObjectHandle a = annotation.getObjectHandle(), action = a.getKey("/A");
            if (!a.hasKey("/Contents") && action.isDictionary() && action.getKey("/URI").isString())
                a.replaceKey("/Contents", QPDFObjectHandle::newUnicodeString(action.getKey("/URI").getUTF8Value()));
        }
        page.addContentTokenFilter(std::make_shared<FurnitureToArtifact>());
    }
}

}  // namespace

std::string finish_pdf_ua(const std::string& bytes, const PdfUaFacts& facts) {
    try {
        QPDF pdf;
        pdf.setSuppressWarnings(true);
        pdf.processMemoryFile("cv.pdf", bytes.data(), bytes.size());
        set_catalog(pdf, facts);
        QPDFObjectHandle tree = pdf.getRoot().getKey("/StructTreeRoot");
        if (!tree.isDictionary()) throw Error("cv.pdf: Cairo wrote no structure tree");
        drop_furniture(pdf, tree.getKey("/ParentTree"), tree);
        set_pages(pdf);
        QPDFWriter writer(pdf);
        writer.setOutputMemory();
        writer.setDeterministicID(true);
        writer.write();
        std::shared_ptr<Buffer> out = writer.getBufferSharedPointer();
        return std::string(reinterpret_cast<const char*>(out->getBuffer()), out->getSize());
    } catch (const Error&) {
        throw;
    } catch (const std::exception& e) {
        throw Error(std::string("cv.pdf: qpdf: ") + e.what());
    }
}

}  // namespace vitae
