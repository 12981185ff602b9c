#define BOOST_TEST_MODULE citation
#include <boost/test/unit_test.hpp>

#include "render/cite/citation.hpp"

using namespace vitae;

namespace {

Publication causalmesh() {
    Publication p;
    p.slug = "causalmesh";
    p.kind = PublicationKind::conference;
    p.title = "CausalMesh: A Causal Cache for Stateful Serverless Computing";
    p.venue = "VLDB";
    p.year = 2025;
    p.authors = {{"Haoran Zhang", true, false}, {"Shuai Mu", false, false}, {"Sebastian Angel", false, false},
                 {"Vincent Liu", false, false}};
    p.links = {{"PDF", ""}, {"Code", ""}};
    p.awards = {"Best Paper Award Nominee", "ACM SIGMOD Research Highlight Award"};
    return p;
}

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(bibtex_uses_entry_type_by_kind_and_slug_as_key) {
    auto p = causalmesh();
    std::string bib = bibtex_entry(p);
    BOOST_TEST(bib.starts_with("@inproceedings{causalmesh,\n"));
    BOOST_TEST(has(bib, "  title = {{CausalMesh: A Causal Cache for Stateful Serverless Computing}},\n"));
    BOOST_TEST(has(bib, "  author = {Haoran Zhang and Shuai Mu and Sebastian Angel and Vincent Liu},\n"));
    BOOST_TEST(has(bib, "  booktitle = {VLDB},\n"));
    BOOST_TEST(has(bib, "  year = {2025},\n"));
    p.kind = PublicationKind::journal;
    BOOST_TEST(bibtex_entry(p).starts_with("@article{causalmesh,"));
    BOOST_TEST(has(bibtex_entry(p), "  journal = {VLDB},"));
    p.kind = PublicationKind::preprint;
    BOOST_TEST(bibtex_entry(p).starts_with("@misc{causalmesh,"));
}

BOOST_AUTO_TEST_CASE(bibtex_escapes_tex_specials_and_accents) {
    auto p = causalmesh();
    p.title = "50% of {x} & é_#";
    p.authors = {{"Zoë Müller", false, true}};
    std::string bib = bibtex_entry(p);
    BOOST_TEST(has(bib, R"(50\% of \{x\} \& {\'e}\_\#)"), bib);
    BOOST_TEST(has(bib, R"(author = {Zo{\"e} M{\"u}ller*})"), bib);
}

BOOST_AUTO_TEST_CASE(bibtex_file_separates_entries_with_a_blank_line) {
    auto a = causalmesh();
    auto b = causalmesh();
    b.slug = "other";
    BOOST_TEST(bibtex_file({a, b}) == bibtex_entry(a) + "\n" + bibtex_entry(b));
    BOOST_TEST(bibtex_file({}) == "");
}

BOOST_AUTO_TEST_CASE(ris_lists_authors_in_order_with_crlf) {
    std::string ris = ris_entry(causalmesh());
    BOOST_TEST(ris.starts_with("TY  - CONF\r\nID  - causalmesh\r\nTI  - CausalMesh: A Causal Cache"));
    BOOST_TEST(has(ris, "AU  - Zhang, Haoran\r\nAU  - Mu, Shuai\r\nAU  - Angel, Sebastian\r\nAU  - Liu, Vincent\r\n"));
    BOOST_TEST(has(ris, "T2  - VLDB\r\nPY  - 2025\r\n"));
    BOOST_TEST(has(ris, "N1  - Best Paper Award Nominee\r\n"));
    BOOST_TEST(!has(ris, "L1  -"));  // a PDF without a URL is not a link
    BOOST_TEST(ris.ends_with("ER  - \r\n"));
}

BOOST_AUTO_TEST_CASE(ris_keeps_each_field_on_one_line) {
    auto p = causalmesh();
    p.title = "Two\nlines\r\nER  - injected";
    p.links = {{"PDF", "https://example.org/p.pdf"}};
    std::string ris = ris_entry(p);
    BOOST_TEST(has(ris, "TI  - Two lines ER - injected\r\n"));
    BOOST_TEST(has(ris, "L1  - https://example.org/p.pdf\r\n"));
}

BOOST_AUTO_TEST_CASE(csl_json_has_type_authors_and_date) {
    std::string json = csl_json(causalmesh());
    BOOST_TEST(json.starts_with(R"([{"id":"causalmesh","type":"paper-conference","title":"CausalMesh: )"));
    BOOST_TEST(has(json, R"("author":[{"family":"Zhang","given":"Haoran"},{"family":"Mu","given":"Shuai"},)"));
    BOOST_TEST(has(json, R"("container-title":"VLDB","issued":{"date-parts":[[2025]]})"));
    BOOST_TEST(!has(json, "\"URL\""));
    auto p = causalmesh();
    p.kind = PublicationKind::preprint;
    p.venue.clear();
    p.year.reset();
    p.authors = {{"Plato", false, false}};
    p.title = "Quote \" and </script>";
    json = csl_json(p);
    BOOST_TEST(has(json, R"("type":"article")"));
    BOOST_TEST(has(json, R"("author":[{"literal":"Plato"}])"));
    BOOST_TEST(!has(json, "issued"));
    BOOST_TEST(has(json, R"("title":"Quote \" and \u003c/script\u003e")"));
}
