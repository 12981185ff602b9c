// An uploaded PDF read by qpdf in the bounded child (core/picture/pdf_facts,
// pdffacts/): tagged or not, its /Lang, its title, whether its text can be
// extracted; real PDFs made here (the CV's, tagged; one from Cairo without
// tags; two written object by object), and ones qpdf must refuse with a
// clear message (corrupt, truncated) or stop reading (a metadata bomb).
#define BOOST_TEST_MODULE pdf_facts
#include <boost/test/unit_test.hpp>

#include <cairo-pdf.h>
#include <zlib.h>

#include <chrono>
#include <functional>
#include <memory>

#include "base/error.hpp"
#include "picture/pdf_facts.hpp"
#include "picture/upload.hpp"
#include "render/pdf/cv_pdf.hpp"
#include "render/views/views.hpp"
#include "store/model/pdf_access.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/file_store.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

std::string message_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return {};
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

cairo_status_t append_to(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

// A PDF as most tools write one: text, a title, no tags.
std::string untagged_cairo_pdf() {
    std::string out;
    cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(append_to, &out, 595, 842);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, "An untagged paper");
    cairo_t* cr = cairo_create(surface);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_move_to(cr, 72, 72);
    cairo_show_text(cr, "Results");
    cairo_destroy(cr);
    cairo_surface_destroy(surface);  // finishes the PDF
    return out;
}

std::string cv() {
    TempDir dir;
    auto db = Db::open(make_db(dir, fixture_content()).string(), OpenMode::read_only);
    return cv_pdf(build_views(load_content(db)), Catalogues::builtin_english().english(), "https://ines.example", 0);
}

// A PDF whose XMP stream is 64 KB of deflated zeros, 64 MB inflated.
std::string metadata_bomb() {
    std::string zeros(64u * 1024 * 1024, '\0');
    uLongf size = compressBound(zeros.size());
    std::string packed(size, '\0');
    compress2(reinterpret_cast<Bytef*>(packed.data()), &size, reinterpret_cast<const Bytef*>(zeros.data()), zeros.size(), 9);
    packed.resize(size);
    std::string pdf = tiny_pdf();
    // The catalog names the bomb (object 6, appended with its own xref section).
    std::string catalog = "<< /Type /Catalog /Pages 2 0 R >>";
    std::string bomb_catalog = "<< /Type /Catalog /Pages 2 0 R /Metadata 6 0 R >>";
    std::size_t at = pdf.find(catalog);
    pdf.replace(at, catalog.size(), bomb_catalog);
    // Offsets after the catalog moved: let qpdf find the objects again (its repair), as a hostile file would make it.
    auto trailer = pdf.find("xref");
    std::string body = pdf.substr(0, trailer);
    body += "6 0 obj\n<< /Type /Metadata /Subtype /XML /Filter /FlateDecode /Length " + std::to_string(packed.size()) +
            " >>\nstream\n" + packed + "\nendstream\nendobj\n";
    return body + "trailer\n<< /Size 7 /Root 1 0 R >>\n%%EOF\n";
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_untagged_pdf_is_read_as_untagged_with_extractable_text) {
    PdfFacts facts = pdf_facts("paper.pdf", tiny_pdf());
    BOOST_TEST(facts.read);
    BOOST_TEST(!facts.tagged);
    BOOST_TEST(facts.language == "");
    BOOST_TEST(facts.title == "");
    BOOST_TEST(facts.text);  // Helvetica, WinAnsiEncoding
}

BOOST_AUTO_TEST_CASE(a_tagged_pdf_is_read_with_its_language_and_title) {
    PdfFacts facts = pdf_facts("paper.pdf", tiny_pdf(PdfTags::tagged));
    BOOST_TEST(facts.read);
    BOOST_TEST(facts.tagged);
    BOOST_TEST(facts.language == "en");
    BOOST_TEST(facts.title == "A tagged paper");
    BOOST_TEST(facts.text);
}

BOOST_AUTO_TEST_CASE(the_cvs_own_pdf_is_tagged_and_cairos_untagged_one_is_not) {
    PdfFacts mine = pdf_facts("cv.pdf", cv());
    BOOST_TEST(mine.tagged);
    BOOST_TEST(mine.language == "en");
    BOOST_TEST(mine.title == "Inès Moreau — CV");
    BOOST_TEST(mine.text);  // subset TrueType fonts, each with a ToUnicode map
    PdfFacts plain = pdf_facts("plain.pdf", untagged_cairo_pdf());
    BOOST_TEST(plain.read);
    BOOST_TEST(!plain.tagged);
    BOOST_TEST(plain.title == "An untagged paper");
    BOOST_TEST(plain.text);
}

BOOST_AUTO_TEST_CASE(a_corrupt_or_truncated_pdf_is_refused_saying_why) {
    std::string corrupt = "%PDF-1.7\n" + std::string(4000, 'x') + "\n%%EOF\n";
    std::string why = message_of([&] { pdf_facts("broken.pdf", corrupt); });
    BOOST_TEST(contains(why, "add file \"broken.pdf\": cannot read it as a PDF: qpdf cannot read it"), why);
    std::string whole = cv();
    std::string truncated = whole.substr(0, whole.size() / 3);
    why = message_of([&] { pdf_facts("cut.pdf", truncated); });
    BOOST_TEST(contains(why, "add file \"cut.pdf\": cannot read it as a PDF"), why);
    // The upload's reading refuses it the same way: nothing is stored.
    BOOST_TEST(contains(message_of([&] { read_upload("cut.pdf", truncated); }), "cannot read it as a PDF"));
}

BOOST_AUTO_TEST_CASE(a_metadata_bomb_stops_at_its_bound_quickly) {
    std::string bomb = metadata_bomb();
    BOOST_TEST(bomb.size() < 1024u * 1024);
    auto start = std::chrono::steady_clock::now();
    PdfFacts facts = pdf_facts("bomb.pdf", bomb);  // the title is best effort: none, not the bomb
    BOOST_TEST(facts.read);
    BOOST_TEST(facts.title == "");
    BOOST_TEST((std::chrono::steady_clock::now() - start < std::chrono::seconds(3)));
}

BOOST_AUTO_TEST_CASE(an_untagged_pdf_is_stored_with_its_facts_and_named_as_a_problem) {
    TempDir dir;
    auto db = Db::open(make_db(dir, fixture_content()).string(), OpenMode::read_write);
    store_upload(db, read_upload("plain.pdf", untagged_cairo_pdf()), "", ProfilePhoto::no);
    store_upload(db, read_upload("tagged.pdf", tiny_pdf(PdfTags::tagged)), "", ProfilePhoto::no);
    StoredFile plain, tagged;
    for (const auto& f : list_files(db)) (f.name == "plain.pdf" ? plain : tagged) = f;
    BOOST_TEST(plain.is_untagged_pdf());
    BOOST_TEST(plain.pdf.title == "An untagged paper");
    BOOST_TEST(!tagged.is_untagged_pdf());
    BOOST_TEST(tagged.pdf.language == "en");
    auto problems = pdf_access_problems(plain);
    BOOST_REQUIRE(!problems.empty());
    BOOST_TEST(contains(problems[0], "an untagged PDF"));
    BOOST_TEST(pdf_access_problems(tagged).empty());
    // New bytes under the name: the old facts go with the old bytes.
    store_upload(db, read_upload("plain.pdf", tiny_pdf(PdfTags::tagged)), "", ProfilePhoto::no);
    for (const auto& f : list_files(db))
        if (f.name == "plain.pdf") BOOST_TEST(!f.is_untagged_pdf());
}

BOOST_AUTO_TEST_CASE(the_answer_reads_back_and_a_strange_answer_is_an_error) {
    PdfFacts facts{.read = true, .tagged = true, .language = "de", .title = "Zwei\nZeilen", .text = false};
    PdfFacts back = read_pdf_facts_answer(pdf_facts_answer(facts), "x");
    BOOST_TEST(back.tagged);
    BOOST_TEST(back.language == "de");
    BOOST_TEST(back.title == "Zwei Zeilen");  // one line
    BOOST_TEST(!back.text);
    BOOST_CHECK_THROW(read_pdf_facts_answer("tagged 1\n", "x"), Error);
    BOOST_TEST(contains(message_of([] { read_pdf_facts_answer("refused it needs a password to open\n", "x"); }),
                        "x: it needs a password to open"));
}
