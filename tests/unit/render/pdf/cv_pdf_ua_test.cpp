// /cv.pdf as PDF/UA-1 asks, checked by reading the file back with qpdf:
// the structure tree (Document, H1, H2 per section, lists, Links), every
// text-showing and painting operator inside a tagged marked-content
// sequence or an artifact, /Lang as the site's language, the title shown,
// XMP with pdfuaid:part 1, links with their URIs, one outline entry per
// section, fonts embedded with a ToUnicode map. docs/pdf-accessibility.md
// names the Matterhorn checks these cover and those they do not.
#define BOOST_TEST_MODULE cv_pdf_ua
#include <boost/test/unit_test.hpp>

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFNumberTreeObjectHelper.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFOutlineDocumentHelper.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <vector>

#include "render/pdf/cv_pdf.hpp"
#include "render/views/views.hpp"
#include "store/rows/content_store.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

const Catalogue& en() { return Catalogues::builtin_english().english(); }

Content seed() {
    TempDir dir;
    auto db = Db::open(make_db(dir, fixture_content()).string(), OpenMode::read_only);
    return load_content(db);
}

struct ReadBack {
    std::string bytes;
    std::unique_ptr<QPDF> pdf = std::make_unique<QPDF>();

    explicit ReadBack(std::string b) : bytes(std::move(b)) {
        pdf->processMemoryFile("cv.pdf", bytes.data(), bytes.size());
    }
    QPDFObjectHandle root() const { return pdf->getRoot(); }
};

ReadBack typeset(const Content& c, std::string language = "en") {
    Locale locale;
    locale.code = language;
    locale.default_code = language;
    return ReadBack(cv_pdf(build_views(c, "9999-12-31", locale), en(), "https://ines.example", 1767225600));
}

std::vector<QPDFObjectHandle> kids(QPDFObjectHandle element) {
    QPDFObjectHandle k = element.getKey("/K");
    if (k.isArray()) return k.getArrayAsVector();
    if (k.isNull()) return {};
    return {k};
}

// Every structure element's type, in the tree's order (depth first), with its depth.
void walk(QPDFObjectHandle element, int depth, std::vector<std::pair<std::string, int>>& out) {
    if (!element.isDictionary() || !element.getKey("/S").isName()) return;
    out.emplace_back(element.getKey("/S").getName(), depth);
    for (auto& kid : kids(element)) walk(kid, depth + 1, out);
}

std::vector<std::pair<std::string, int>> structure(const ReadBack& r) {
    std::vector<std::pair<std::string, int>> out;
    for (auto& kid : kids(r.root().getKey("/StructTreeRoot"))) walk(kid, 0, out);
    return out;
}

std::size_t count(const std::vector<std::pair<std::string, int>>& tree, const std::string& type) {
    std::size_t n = 0;
    for (const auto& [s, depth] : tree) n += s == type;
    return n;
}

// The operators of a page's content and the marked content around each.
struct Marks : QPDFObjectHandle::ParserCallbacks {
    std::vector<QPDFObjectHandle> operands;
    std::vector<std::string> stack;  // "mcid:N", "artifact" or "other" per open sequence
    std::size_t shown = 0, untagged = 0;
    std::set<long long> mcids;

    void handleObject(QPDFObjectHandle object) override {
        if (!object.isOperator()) {
            operands.push_back(object);
            return;
        }
        std::string op = object.getOperatorValue();
        if (op == "BDC" || op == "BMC") {
            std::string tag = operands.empty() ? "" : operands[0].getName();
            if (tag == "/Artifact")
                stack.push_back("artifact");
            else if (op == "BDC" && operands.size() == 2 && operands[1].isDictionary() &&
                     operands[1].getKey("/MCID").isInteger()) {
                mcids.insert(operands[1].getKey("/MCID").getIntValue());
                stack.push_back("mcid");
            } else {
                stack.push_back("other");
            }
        } else if (op == "EMC") {
            BOOST_REQUIRE(!stack.empty());
            stack.pop_back();
        } else if (op == "Tj" || op == "TJ" || op == "'" || op == "\"" || op == "S" || op == "f" || op == "Do") {
            ++shown;
            bool marked = false;
            for (const auto& s : stack) marked = marked || s == "mcid" || s == "artifact";
            untagged += !marked;
        }
        operands.clear();
    }
    void handleEOF() override { BOOST_TEST(stack.empty()); }
};

}  // namespace

BOOST_AUTO_TEST_CASE(the_cv_is_a_tree_of_headings_lists_and_paragraphs_under_a_document) {
    ReadBack r = typeset(seed());
    BOOST_TEST(r.root().getKey("/MarkInfo").getKey("/Marked").getBoolValue());
    auto tree = structure(r);
    BOOST_REQUIRE(!tree.empty());
    BOOST_TEST(tree[0].first == "/Document");
    BOOST_TEST(tree[1].first == "/H1");
    BOOST_TEST(count(tree, "/H1") == 1u);
    BOOST_TEST(count(tree, "/H2") >= 5u);  // the fixture's education, experience, publications, teaching, service
    BOOST_TEST(count(tree, "/L") >= count(tree, "/H2"));
    BOOST_TEST(count(tree, "/LI") == count(tree, "/LBody"));
    BOOST_TEST(count(tree, "/LI") > 10u);
    BOOST_TEST(count(tree, "/Link") >= 2u);  // the site and the profile's links
    BOOST_TEST(count(tree, "/Private") == 0u);  // the furniture left the tree
    std::set<std::string> standard = {"/Document", "/H1", "/H2", "/H3", "/P", "/L", "/LI", "/LBody", "/Span", "/Link"};
    for (const auto& [s, depth] : tree) BOOST_TEST(standard.contains(s), s);
    BOOST_TEST(!r.root().getKey("/MarkInfo").hasKey("/Suspects"));
}

// Matterhorn 09-004/16-001/16-002: an LI only in an L, an LBody only in an
// LI; 14-003: headings in order, no level skipped (H1, then H2, then H3).
BOOST_AUTO_TEST_CASE(lists_nest_as_the_standard_says_and_no_heading_level_is_skipped) {
    ReadBack r = typeset(seed());
    auto tree = structure(r);
    std::vector<std::string> parents;  // the type at each depth on the way down
    int deepest_heading = 0;
    for (const auto& [type, depth] : tree) {
        parents.resize(static_cast<std::size_t>(depth));
        std::string parent = parents.empty() ? "" : parents.back();
        if (type == "/LI") BOOST_TEST(parent == "/L");
        if (type == "/LBody") BOOST_TEST(parent == "/LI");
        if (type == "/L") BOOST_TEST((parent == "/Document" || parent == "/LBody"));
        if (type.size() == 3 && type.starts_with("/H")) {
            int level = type[2] - '0';
            BOOST_TEST(level <= deepest_heading + 1, type);
            deepest_heading = std::max(deepest_heading, level);
        }
        parents.push_back(type);
    }
    BOOST_TEST(deepest_heading == 3);  // years under Publications
}

BOOST_AUTO_TEST_CASE(every_text_and_line_drawn_is_tagged_or_an_artifact_and_every_mark_is_in_the_tree) {
    Content c = seed();
    Publication p = c.publications[0];
    for (int i = 0; i < 120; ++i) {  // several pages, entries cut by a page break
        p.slug = "paper-" + std::to_string(i);
        p.title = "A rather long title that wraps over two lines of the page, number " + std::to_string(i);
        c.publications.push_back(p);
    }
    ReadBack r = typeset(c);
    QPDFObjectHandle parent_tree = r.root().getKey("/StructTreeRoot").getKey("/ParentTree");
    QPDFNumberTreeObjectHelper parents(parent_tree, *r.pdf);
    auto pages = QPDFPageDocumentHelper(*r.pdf).getAllPages();
    BOOST_TEST(pages.size() > 3u);
    for (auto& page : pages) {
        Marks marks;
        page.parseContents(&marks);
        BOOST_TEST(marks.shown > 0u);
        BOOST_TEST(marks.untagged == 0u);
        QPDFObjectHandle of_page;
        BOOST_REQUIRE(parents.findObject(page.getObjectHandle().getKey("/StructParents").getIntValue(), of_page));
        for (long long mcid : marks.mcids) {
            QPDFObjectHandle element = of_page.getArrayItem(static_cast<int>(mcid));
            BOOST_TEST(element.isDictionary());
            BOOST_TEST(element.getKey("/S").getName() != "/Private");
        }
    }
}

BOOST_AUTO_TEST_CASE(lang_is_the_sites_language_and_the_title_is_shown) {
    ReadBack english = typeset(seed());
    BOOST_TEST(english.root().getKey("/Lang").getUTF8Value() == "en");
    BOOST_TEST(english.root().getKey("/ViewerPreferences").getKey("/DisplayDocTitle").getBoolValue());
    BOOST_TEST(english.pdf->getTrailer().getKey("/Info").getKey("/Title").getUTF8Value() == "Inès Moreau — CV");
    ReadBack german = typeset(seed(), "de");
    BOOST_TEST(german.root().getKey("/Lang").getUTF8Value() == "de");
    ReadBack chinese = typeset(seed(), "zh-Hant");
    BOOST_TEST(chinese.root().getKey("/Lang").getUTF8Value() == "zh-Hant");
}

BOOST_AUTO_TEST_CASE(xmp_names_pdf_ua_1_and_the_title) {
    ReadBack r = typeset(seed());
    QPDFObjectHandle metadata = r.root().getKey("/Metadata");
    BOOST_REQUIRE(metadata.isStream());
    BOOST_TEST(metadata.getDict().getKey("/Subtype").getName() == "/XML");
    auto data = metadata.getStreamData();
    std::string xmp(reinterpret_cast<const char*>(data->getBuffer()), data->getSize());
    BOOST_TEST(xmp.find("<pdfuaid:part>1</pdfuaid:part>") != std::string::npos);
    BOOST_TEST(xmp.find("xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\"") != std::string::npos);
    BOOST_TEST(xmp.find("<rdf:li xml:lang=\"x-default\">Inès Moreau — CV</rdf:li>") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(links_are_annotations_with_their_uri_inside_link_elements) {
    Content c = seed();
    ReadBack r = typeset(c);
    std::set<std::string> uris;
    for (auto& page : QPDFPageDocumentHelper(*r.pdf).getAllPages()) {
        auto links = page.getAnnotations("/Link");
        if (!links.empty()) BOOST_TEST(page.getObjectHandle().getKey("/Tabs").getName() == "/S");
        for (auto& link : links) {
            QPDFObjectHandle a = link.getObjectHandle();
            BOOST_TEST(a.getKey("/A").getKey("/S").getName() == "/URI");
            uris.insert(a.getKey("/A").getKey("/URI").getUTF8Value());
            BOOST_TEST(a.getKey("/Contents").isString());       // its description
            BOOST_TEST(a.getKey("/StructParent").isInteger());  // in the tree, inside its Link element
        }
    }
    BOOST_TEST(uris.contains("https://ines.example/"));
    for (const auto& l : c.links)
        if (l.url.starts_with("http")) BOOST_TEST(uris.contains(l.url), l.url);
}

BOOST_AUTO_TEST_CASE(the_outline_has_one_entry_per_section_in_order) {
    ReadBack r = typeset(seed());
    auto tree = structure(r);
    QPDFOutlineDocumentHelper outlines(*r.pdf);
    auto top = outlines.getTopLevelOutlines();
    BOOST_TEST(top.size() == count(tree, "/H2"));
    BOOST_REQUIRE(!top.empty());
    BOOST_TEST(top[0].getTitle() == en()("section_education"));
    for (auto& entry : top) BOOST_TEST(!entry.getDestPage().isNull());
    BOOST_TEST(r.root().getKey("/Outlines").getKey("/Count").getIntValue() == static_cast<long long>(top.size()));
}

BOOST_AUTO_TEST_CASE(fonts_are_embedded_with_a_unicode_map) {
    Content c = seed();
    c.awards.push_back({2024, "東京大学 prize", ""});  // a CJK font too
    ReadBack r = typeset(c);
    std::size_t fonts = 0;
    for (auto& page : QPDFPageDocumentHelper(*r.pdf).getAllPages())
        for (auto& [name, font] : page.getObjectHandle().getKey("/Resources").getKey("/Font").ditems()) {
            ++fonts;
            BOOST_TEST(font.getKey("/ToUnicode").isStream(), name);
            QPDFObjectHandle described = font;
            if (font.getKey("/DescendantFonts").isArray()) described = font.getKey("/DescendantFonts").getArrayItem(0);
            QPDFObjectHandle d = described.getKey("/FontDescriptor");
            BOOST_TEST((d.getKey("/FontFile2").isStream() || d.getKey("/FontFile3").isStream() ||
                        d.getKey("/FontFile").isStream()),
                       name);
        }
    BOOST_TEST(fonts >= 2u);
}
