// The CV: /cv/'s data, teaching grouped by role, /cv.json's
// shape, /cv.pdf's bytes. What the PDF says and that it validates as JSON
// Resume is checked through nginx in tests/e2e/test_cv.py (pdftotext,
// python3-jsonschema).
#define BOOST_TEST_MODULE cv
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>

#include "base/error.hpp"
#include "render/cv/cv_json.hpp"
#include "render/pdf/cv_pdf.hpp"
#include "render/template/templates.hpp"
#include "render/views/renderer.hpp"
#include "render/views/views.hpp"
#include "site/cv_pdf_child.hpp"
#include "site/site.hpp"
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

std::string str(const MustacheData& d, const std::string& key) { return d.get(key)->string_value(); }
const kainjow::mustache::list& items(const MustacheData& d, const std::string& key) { return d.get(key)->list_value(); }

}  // namespace

BOOST_AUTO_TEST_CASE(a_cv_exists_with_any_row_of_its_sections_and_not_with_the_profile_alone) {
    Content c = seed();
    BOOST_TEST(has_cv(c));
    Content bare;
    bare.name = c.name;
    bare.emails = c.emails;
    BOOST_TEST(!has_cv(bare));
    bare.awards.push_back({2024, "Best Paper Award", "OSDI"});
    BOOST_TEST(has_cv(bare));
}

BOOST_AUTO_TEST_CASE(teaching_is_grouped_by_role_in_the_order_roles_first_appear) {
    Content c = seed();
    c.teaching = {{"CS 1", "A", "Fall 2020", "Instructor"},
                  {"CS 2", "B", "Fall 2019", "Teaching Assistant"},
                  {"CS 3", "C", "Fall 2018", "Instructor"},
                  {"CS 4", "D", "Fall 2017", ""}};
    auto groups = teaching_groups(build_views(c));
    const auto& g = groups.list_value();
    BOOST_REQUIRE(g.size() == 3u);
    BOOST_TEST(str(g[0], "role") == "Instructor");
    BOOST_TEST(str(g[0], "id") == "teaching");
    BOOST_TEST(items(g[0], "teaching").size() == 2u);
    BOOST_TEST(str(items(g[0], "teaching")[1], "course") == "CS 3");
    BOOST_TEST(str(g[1], "id") == "teaching-2");
    BOOST_TEST(!g[2].get("has_role")->is_true());  // the template names it
    BOOST_TEST(home_data(build_views(c), en()).get("teaching_groups")->list_value().size() == 3u);
}

BOOST_AUTO_TEST_CASE(the_cv_page_has_every_section_with_rows_and_publications_by_year) {
    Content c = seed();
    c.awards = {{2025, "Best Paper Award", "VLDB 2025"}, {std::nullopt, "Fellowship", ""}};
    Views v = build_views(c);
    auto page = cv_page_data(v, en());
    BOOST_TEST(str(page, "name") == "Inès Moreau");
    BOOST_TEST(str(page, "affiliation") == "Institut Fictif de Recherche");
    for (const char* key : {"has_education", "has_experiences", "has_publications", "has_teaching", "has_services",
                            "has_owner_awards", "has_links"})
        BOOST_TEST(page.get(key)->is_true(), key);
    BOOST_TEST(!page.get("has_talks")->is_true());
    BOOST_TEST(items(page, "links").size() == 1u);  // the link without a URL is left out
    const auto& awards = items(page, "owner_awards");
    BOOST_TEST(str(awards[0], "year") == "2025");
    BOOST_TEST(!awards[1].get("has_year")->is_true());
    // Every publication once, grouped as /publications/ groups them; the
    // owner marked. A year's papers are a streamed list, made while the page
    // renders: counted in the page the shipped template makes of them.
    auto templates = Templates::load(std::filesystem::path(VITAE_SOURCE_DIR) / "templates");
    std::string html = render_in_layout(*templates, "cv", page, {v.site_name, v.home_description, "/cv/"}, en());
    std::size_t listed = 0, marked = 0;
    for (auto at = html.find("<ol class=\"cv-pubs\">"); at != std::string::npos; at = html.find("<ol class=\"cv-pubs\">", at + 1)) {
        auto end = html.find("</ol>", at);
        for (auto li = html.find("<li>", at); li < end; li = html.find("<li>", li + 1)) ++listed;
        for (auto me = html.find("<strong class=\"me\">", at); me < end; me = html.find("<strong class=\"me\">", me + 1)) ++marked;
    }
    BOOST_TEST(listed == fixture::publications);
    BOOST_TEST(marked >= 1u);
    BOOST_TEST(str(items(page, "publication_years").front(), "id").starts_with("cv-"));
}

BOOST_AUTO_TEST_CASE(the_cv_json_maps_each_section_to_the_json_resume_field_that_fits) {
    Content c = seed();
    c.teaching[0].role = "Instructor";
    c.awards = {{2025, "Best Paper Award", "VLDB 2025"}};
    c.talks = {{1, "2025-06-01", "Tidepools", "DB Seminar", "Online", "", "", "https://event.example", ""}};
    c.emails = {{"ines [at] example [dot] org", ""}, {"ines@example.org", ""}};
    auto j = nlohmann::json::parse(cv_json(build_views(c), "https://ines.example"));
    BOOST_TEST(j["basics"]["name"] == "Inès Moreau");
    BOOST_TEST(j["basics"]["email"] == "ines@example.org");  // the plain address, not the disguised one
    BOOST_TEST(j["basics"]["url"] == "https://ines.example/");
    BOOST_TEST(j["basics"]["profiles"].size() == 1u);
    BOOST_TEST(j["work"].size() == c.experiences.size());
    BOOST_TEST(j["work"][0]["startDate"] == "2022-09");
    BOOST_TEST(!j["work"][0].contains("endDate"));  // current
    BOOST_TEST(j["education"][0]["studyType"] == "Ph.D. in Computer Science");
    BOOST_TEST(j["publications"].size() == fixture::publications);
    BOOST_TEST(j["awards"][0]["awarder"] == "VLDB 2025");
    BOOST_TEST(j["awards"][0]["date"] == "2025");
    BOOST_TEST(j["volunteer"][0]["position"] == "Program Committee");
    BOOST_TEST(j["projects"][0]["type"] == "talk");
    BOOST_TEST(j["projects"][0]["url"] == "https://event.example");
    BOOST_TEST(j["projects"][1]["type"] == "teaching");
    BOOST_TEST(j["projects"][1]["roles"][0] == "Instructor");
    BOOST_TEST(j["meta"]["version"] == "v1.0.0");
}

BOOST_AUTO_TEST_CASE(a_date_the_schema_cannot_hold_is_left_out) {
    Content c = seed();
    c.experiences[0].start_month = "autumn 2022";
    c.talks = {{1, "soon", "Tidepools", "", "", "", "", "", ""}};
    auto j = nlohmann::json::parse(cv_json(build_views(c), "https://ines.example"));
    BOOST_TEST(!j["work"][0].contains("startDate"));
    BOOST_TEST(!j["projects"][0].contains("startDate"));
}

BOOST_AUTO_TEST_CASE(the_pdf_is_a_pdf_and_the_same_content_gives_the_same_bytes) {
    Views v = build_views(seed());
    std::string first = cv_pdf(v, en(), "https://ines.example", 1767225600);
    BOOST_TEST(first.starts_with("%PDF-"));
    BOOST_TEST(first.find("%%EOF") != std::string::npos);
    BOOST_TEST(cv_pdf(v, en(), "https://ines.example", 1767225600) == first);
    BOOST_TEST(cv_pdf(v, en(), "https://ines.example", 1767225601) != first);  // the date is the content's
}

// What the worker serves is typeset by vitae-cv-pdf: the same
// bytes as typesetting in this process, from the same version.
BOOST_AUTO_TEST_CASE(the_child_typesets_the_same_bytes_as_this_process) {
    TempDir dir;
    auto site = load_site({.db_path = make_db(dir, fixture_content()).string(), .templates_dir = source_dir / "templates"}, 1);
    std::string base = "https://ines.example";
    std::string made_here = cv_pdf(site->views(), site->strings(), base, site->content->modified_unix);
    BOOST_TEST(cv_pdf_by_child(*site, 0, base) == made_here);
    BOOST_TEST(cv_pdf_strings(cv_pdf_request(en()))("cv_heading") == en()("cv_heading"));
    BOOST_CHECK_THROW(cv_pdf_strings("{\"code\": 1}"), Error);
}

BOOST_AUTO_TEST_CASE(a_long_cv_runs_over_pages_without_losing_a_line) {
    Content c = seed();
    Publication p = c.publications[0];
    for (int i = 0; i < 200; ++i) {
        p.slug = "paper-" + std::to_string(i);
        p.title = "Marker" + std::to_string(1000 + i);
        c.publications.push_back(p);
    }
    c.awards = {{2020, "<Tides> & \"Currents\"", ""}, {2021, "Bell\x07ringing", "<b>"}};
    std::string pdf = cv_pdf(build_views(c), en(), "https://ines.example", 0);
    std::size_t pages = 0;
    for (auto at = pdf.find("/Type /Page "); at != std::string::npos; at = pdf.find("/Type /Page ", at + 1)) ++pages;
    BOOST_TEST(pages > 5u);
    // Every paper's line is in the text (poppler-utils, as the e2e test uses it).
    if (!std::filesystem::exists("/usr/bin/pdftotext")) return;
    TempDir dir;
    write_file(dir / "cv.pdf", pdf);
    std::string command = "/usr/bin/pdftotext -enc UTF-8 " + (dir / "cv.pdf").string() + " " + (dir / "cv.txt").string();
    BOOST_REQUIRE(std::system(command.c_str()) == 0);
    std::string text = read_file(dir / "cv.txt");
    for (int i = 0; i < 200; ++i) BOOST_TEST(text.find("Marker" + std::to_string(1000 + i) + ".") != std::string::npos, i);
    BOOST_TEST(text.find("<Tides> & \"Currents\"") != std::string::npos);  // markup characters as text
    BOOST_TEST(text.find("Bell ringing") != std::string::npos);  // a control character is a space, not a blank line
    BOOST_TEST(text.find("Inès Moreau — CV · " + std::to_string(pages)) != std::string::npos);  // the last page's number
}
