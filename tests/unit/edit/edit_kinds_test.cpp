// The editor's kinds beyond the profile: publications (fields, authors,
// links, selected, removal and its undo), posts (drafts, scheduling, HTML
// sanitized, tags), the CV's sections; and the time of the publications
// list at 1,000 papers.
#define BOOST_TEST_MODULE edit_kinds
#include <boost/test/unit_test.hpp>

#include <chrono>

#include "edit_fixture.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// A save of the form at `path` with the version it carries and `fields` (the others sent empty).
}  // namespace

BOOST_AUTO_TEST_CASE(the_publications_list_escapes_titles_and_links_each_by_id) {
    EditFixture f;
    auto a = f.get("publications");
    BOOST_TEST(a.status == 200);
    BOOST_TEST(has(a.body_html, "Fast &amp; Fair: Ranking &lt;Top-k&gt; Queries"), a.body_html);
    BOOST_TEST(has(a.body_html, "href=\"/_vitae/edit/s/publications/2\""));
}

BOOST_AUTO_TEST_CASE(a_publication_saves_its_fields_authors_links_and_selected_and_the_site_shows_it) {
    EditFixture f;
    auto a = f.post("publications/3", form_at(f, "publications/3", {{"title", "Lattice Logs, Revised"}, {"kind", "journal"},
                                                                   {"authors", "Inès Moreau\nBo Li *\n"}, {"venue", "TOCS"},
                                                                   {"year", "2025"}, {"selected", "1"},
                                                                   {"links", "PDF | /files/paper.pdf\nCode | https://example.org/code"},
                                                                   {"doi", "10.1/xyz"}}));
    BOOST_TEST(a.status == 303, a.body_html);
    BOOST_TEST(f.scalar("SELECT title || '|' || kind || '|' || year || '|' || selected || '|' || doi FROM publication WHERE id = 3") ==
               "Lattice Logs, Revised|journal|2025|1|10.1/xyz");
    BOOST_TEST(f.scalar("SELECT group_concat(name || is_owner || equal_contribution, ',') FROM publication_author WHERE publication_id = 3") ==
               "Inès Moreau10,Bo Li01");
    BOOST_TEST(f.scalar("SELECT count(*) FROM publication_link WHERE publication_id = 3") == "2");
    BOOST_TEST(has(f.public_page("/publications/"), "Lattice Logs, Revised"));
}

BOOST_AUTO_TEST_CASE(a_bad_publication_link_is_a_400_and_nothing_is_written) {
    EditFixture f;
    auto before = f.dump();
    auto a = f.post("publications/1", form_at(f, "publications/1", {{"title", "T"}, {"kind", "conference"},
                                                                   {"links", "PDF | javascript:alert(1)"}}));
    BOOST_TEST(a.status == 400);
    BOOST_TEST(has(a.body_html, "is not an http(s) or mailto: URL nor a path on this site"), a.body_html);
    BOOST_TEST(f.post("publications/1", form_at(f, "publications/1", {{"title", "T"}, {"kind", "poem"}})).status == 400);
    BOOST_TEST(f.dump() == before);
}

BOOST_AUTO_TEST_CASE(a_removed_publication_comes_back_with_its_id_authors_and_fields_on_undo) {
    EditFixture f;
    exec_sql(f.db, "INSERT INTO publication_field (publication_id, position, name, value) VALUES (2, 1, 'url', 'https://x.org')");
    auto rows = [&] { return publication_rows(f.db); };
    auto before = rows();
    BOOST_TEST(f.post("publications/2/delete", form_of({{"version", f.version_at("publications/2")}})).status == 303);
    BOOST_TEST(f.scalar("SELECT count(*) FROM publication WHERE id = 2") == "0");
    BOOST_TEST(f.post("publications/2/undo", form_of({})).status == 303);
    BOOST_TEST(f.scalar("SELECT slug FROM publication WHERE id = 2") == "fast-and-fair");
    BOOST_TEST(f.scalar("SELECT value FROM publication_field WHERE publication_id = 2") == "https://x.org");
    BOOST_TEST(f.scalar("SELECT count(*) FROM publication_author WHERE publication_id = 2") == "3");
}

BOOST_AUTO_TEST_CASE(a_new_publication_gets_a_slug_from_its_title_and_comes_last) {
    EditFixture f;
    auto a = f.post("publications/new", form_of({{"version", "new"}, {"title", "Quorum Games"}, {"kind", "preprint"}}));
    BOOST_TEST(a.status == 303, a.body_html);
    BOOST_TEST(f.scalar("SELECT slug || ' ' || position FROM publication ORDER BY position DESC LIMIT 1") == "quorum-games-2 7");
}

BOOST_AUTO_TEST_CASE(a_draft_post_dated_ahead_is_listed_nowhere_and_its_html_is_sanitized) {
    EditFixture f;
    auto a = f.post("posts/new", form_of({{"version", "new"}, {"slug", "secret-plans"}, {"title", "Secret <Plans>"},
                                          {"published", "2099-01-01"}, {"draft", "1"}, {"body_format", "html"},
                                          {"body", "<p>Hi</p><script>alert(1)</script>"}, {"tags", "plans  databases"}}));
    BOOST_TEST(a.status == 303, a.body_html);
    BOOST_TEST(f.scalar("SELECT status || ' ' || length(preview_token) FROM post WHERE slug = 'secret-plans'") == "draft 32");
    BOOST_TEST(f.scalar("SELECT group_concat(tag, ',') FROM (SELECT tag FROM post_tag WHERE post_slug = 'secret-plans' ORDER BY position)") == "plans,databases");
    BOOST_TEST(!has(f.public_page("/blog/"), "Secret"));
    auto preview = f.post("posts/secret-plans", form_at(f, "posts/secret-plans", {{"title", "Secret"}, {"published", "2099-01-01"},
                                                                                  {"body_format", "html"},
                                                                                  {"body", "<p>Hi</p><script>alert(1)</script>"},
                                                                                  {"preview", "1"}}));
    BOOST_TEST(preview.status == 200);
    BOOST_TEST(has(preview.body_html, "<p>Hi</p>"), preview.body_html);
    BOOST_TEST(!has(preview.body_html, "<script>alert"));
}

BOOST_AUTO_TEST_CASE(publishing_a_post_from_the_form_lists_it_and_a_bad_slug_or_tag_is_refused) {
    EditFixture f;
    auto a = f.post("posts/reading-list", form_at(f, "posts/reading-list", {{"title", "Reading List"}, {"published", "2024-11-02"},
                                                                            {"body_format", "markdown"}, {"body", "Now *written*."}}));
    BOOST_TEST(a.status == 303, a.body_html);
    BOOST_TEST(has(f.public_page("/blog/reading-list"), "<em>written</em>"));
    auto before = f.dump();
    BOOST_TEST(f.post("posts/new", form_of({{"version", "new"}, {"slug", "../etc"}, {"title", "X"}, {"published", "2024-01-01"},
                                            {"body_format", "markdown"}})).status == 400);
    auto bad_tag = f.post("posts/new", form_of({{"version", "new"}, {"title", "X"}, {"published", "2024-01-01"},
                                                {"body_format", "markdown"}, {"tags", "Not_A_Tag"}}));
    BOOST_TEST(bad_tag.status == 400);
    BOOST_TEST(has(bad_tag.body_html, "the tag"), bad_tag.body_html);
    BOOST_TEST(f.post("posts/new", form_of({{"version", "new"}, {"title", "X"}, {"published", "2024-13-01"},
                                            {"body_format", "markdown"}})).status == 400);
    BOOST_TEST(f.dump() == before);
}

BOOST_AUTO_TEST_CASE(a_day_the_month_does_not_have_is_refused_as_the_cli_refuses_it) {
    EditFixture f;
    auto before = f.dump();
    for (const char* day : {"2021-02-31", "2021-02-30", "2021-04-31", "2023-02-29"}) {
        auto refused = f.post("posts/new", form_of({{"version", "new"}, {"title", "X"}, {"published", day},
                                                    {"body_format", "markdown"}}));
        BOOST_TEST(refused.status == 400, day);
        BOOST_TEST(has(refused.body_html, "not a date as YYYY-MM-DD"), refused.body_html);
    }
    BOOST_TEST(f.dump() == before);
    BOOST_TEST(f.post("posts/new", form_of({{"version", "new"}, {"title", "Leap"}, {"published", "2024-02-29"},
                                            {"body_format", "markdown"}})).status == 303);
}

BOOST_AUTO_TEST_CASE(sections_add_change_and_remove_rows_through_their_writers) {
    EditFixture f;
    BOOST_TEST(f.post("news/new", form_of({{"version", "new"}, {"date", "2026-01-02"}, {"markdown", "We won $x^2$."}})).status == 303);
    BOOST_TEST(f.scalar("SELECT markdown FROM news ORDER BY id DESC LIMIT 1") == "We won $x^2$.");
    BOOST_TEST(f.post("education/1", form_at(f, "education/1", {{"start_year", "2016"}, {"end_year", "2021"},
                                                                {"institution", "Example University"}})).status == 303);
    BOOST_TEST(f.scalar("SELECT start_year || '-' || end_year || degree FROM education WHERE position = 1") == "2016-2021");
    BOOST_TEST(f.post("experience/new", form_of({{"version", "new"}, {"organization", "Lab"}, {"role", "Intern"},
                                                 {"start_month", "2019-6"}})).status == 400);
    BOOST_TEST(f.post("talks/new", form_of({{"version", "new"}, {"date", "2026-02-30x"}, {"title", "T"}})).status == 400);
    BOOST_TEST(f.post("service/1/delete", form_of({{"version", f.version_at("service/1")}})).status == 303);
    BOOST_TEST(f.scalar("SELECT count(*) FROM service WHERE position = 1") == "0");
    BOOST_TEST(f.post("awards/new", form_of({{"version", "new"}, {"name", "Best Paper"}, {"year", ""}})).status == 303);
    BOOST_TEST(f.scalar("SELECT coalesce(year, 'none') FROM award ORDER BY position DESC LIMIT 1") == "none");
}

BOOST_AUTO_TEST_CASE(the_publications_list_of_1000_papers_renders_quickly_a_page_at_a_time) {
    EditFixture f;
    exec_sql(f.db, "WITH RECURSIVE n(i) AS (SELECT 7 UNION ALL SELECT i + 1 FROM n WHERE i < 1006) "
                   "INSERT INTO publication (id, slug, position, kind, title, venue, year) "
                   "SELECT i, 'paper-' || i, i, 'conference', 'Paper number ' || i || ' & <more>', 'VENUE', 2000 + i % 25 FROM n");
    BOOST_TEST(f.get("publications").status == 200);
    constexpr int runs = 20;
    auto start = std::chrono::steady_clock::now();
    std::size_t bytes = 0;
    for (int i = 0; i < runs; ++i) bytes += f.get("publications").body_html.size();
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() / runs;
    BOOST_TEST_MESSAGE("publications list, 1006 papers: " << ms << " ms a page, " << bytes / runs << " bytes");
    // 100 a page: the first page links the next, the last (11) has paper 1006 and links back.
    auto first = f.get("publications").body_html;
    BOOST_TEST(!has(first, "Paper number 107 "));
    BOOST_TEST(has(first, "href=\"/_vitae/edit/s/publications?page=2\" rel=\"next\""));
    auto last = f.get("publications", "page=11").body_html;
    BOOST_TEST(has(last, "Paper number 1006 &amp; &lt;more&gt;"));
    BOOST_TEST(has(last, "<ol class=\"edit-rows\" start=\"1001\">"));
    BOOST_TEST(has(last, "Page 11 of 11"));
    BOOST_TEST(f.get("publications", "page=12").status == 404);
    for (auto bad : {"page=0", "page=x", "page=01", "sort=title"}) BOOST_TEST(f.get("publications", bad).status == 400);
    // The target is 5 ms in a release build (measured: see the commit); twice that on a
    // shared box. Unoptimised or sanitized builds are ~15x slower and only catch a blowup.
#ifdef NDEBUG
    BOOST_TEST(ms < 10.0);
#else
    BOOST_TEST(ms < 500.0);
#endif
}

namespace {

// What a browser sends for <input type=file>: the field, the name it claims, the type it claims, the bytes.
FormData upload_form(std::string filename, std::string content_type, std::string bytes, std::string name = {}) {
    FormData form = form_of({{"version", "new"}, {"name", std::move(name)}, {"alt", "A picture"}});
    form.files.push_back({.field = "upload", .filename = std::move(filename), .content_type = std::move(content_type),
                          .bytes = std::move(bytes)});
    return form;
}

const std::string tiny_svg = R"(<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>)";

}  // namespace

BOOST_AUTO_TEST_CASE(an_upload_is_stored_under_a_name_reduced_by_the_slug_rule_and_becomes_the_photo) {
    EditFixture f;
    auto a = f.post("files/new", upload_form("../../etc/My Face.SVG", "image/svg+xml", tiny_svg));
    BOOST_TEST(a.status == 303, a.body_html);
    BOOST_TEST(f.scalar("SELECT name || ' ' || type || ' ' || width FROM file") == "my-face.svg image/svg+xml 10");
    BOOST_TEST(has(f.get("files").body_html, "href=\"/_vitae/edit/s/files/my-face.svg\""));
    BOOST_TEST(f.post("profile", form_at(f, "profile", {{"name", "Inès Moreau"}, {"photo", "my-face.svg"}})).status == 303);
    BOOST_TEST(f.scalar("SELECT photo FROM profile") == "my-face.svg");
    BOOST_TEST(f.post("profile", form_at(f, "profile", {{"name", "Inès Moreau"}, {"photo", "nope.jpg"}})).status == 400);
    BOOST_TEST(f.post("files/my-face.svg/delete", form_of({{"version", f.version_at("files/my-face.svg")}})).status == 303);
    BOOST_TEST(f.scalar("SELECT (SELECT count(*) FROM file) || photo FROM profile") == "0");
    auto undo = f.post("files/my-face.svg/undo", form_of({}));
    BOOST_TEST(undo.status == 409);  // the bytes are not in the log
    BOOST_TEST(has(undo.body_html, "upload it again"), undo.body_html);
}

BOOST_AUTO_TEST_CASE(a_new_upload_under_a_stored_files_name_is_a_400_naming_it_and_the_first_stays) {
    EditFixture f;
    BOOST_TEST(f.post("files/new", upload_form("pic.svg", "image/svg+xml", tiny_svg)).status == 303);
    auto first = f.scalar("SELECT digest FROM file WHERE name = 'pic.svg'");
    std::string other = tiny_svg;
    other.replace(other.find("width=\"10\""), 10, "width=\"20\"");
    auto again = f.post("files/new", upload_form("pic.svg", "image/svg+xml", other));
    BOOST_TEST(again.status == 400);
    BOOST_TEST(has(again.body_html, "a file named &quot;pic.svg&quot; exists"), again.body_html);
    BOOST_TEST(f.scalar("SELECT digest FROM file WHERE name = 'pic.svg'") == first);
    BOOST_TEST(f.scalar("SELECT group_concat(action, ',') FROM edit_log") == "insert");
    // Its own form still takes new bytes: an update, whose undo is refused (the log keeps no bytes).
    FormData replace = form_of({{"version", f.version_at("files/pic.svg")}, {"alt", "A picture"}});
    replace.files.push_back({.field = "upload", .filename = "pic.svg", .content_type = "image/svg+xml", .bytes = other});
    BOOST_TEST(f.post("files/pic.svg", replace).status == 303);
    BOOST_TEST(f.scalar("SELECT group_concat(action, ',') FROM edit_log") == "insert,update");
    auto undo = f.post("files/pic.svg/undo", form_of({}));
    BOOST_TEST(undo.status == 409);
    BOOST_TEST(has(undo.body_html, "has other bytes now"), undo.body_html);
    BOOST_TEST(f.scalar("SELECT count(*) FROM file WHERE name = 'pic.svg'") == "1");
}

BOOST_AUTO_TEST_CASE(an_svg_with_script_html_a_name_with_a_path_and_a_type_that_lies_are_refused) {
    EditFixture f;
    auto before = f.dump();
    auto script = f.post("files/new", upload_form("pic.svg", "image/svg+xml",
                                                  R"(<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>)"));
    BOOST_TEST(script.status == 400);
    BOOST_TEST(has(script.body_html, "SVG with &lt;script&gt; (line 1) is not served"), script.body_html);
    BOOST_TEST(f.post("files/new", upload_form("page.html", "text/html", "<!doctype html><p>hi")).status == 400);
    BOOST_TEST(f.post("files/new", upload_form("x.svg", "image/svg+xml", tiny_svg, "../x.svg")).status == 400);
    auto lying = f.post("files/new", upload_form("cv.pdf", "application/pdf", tiny_svg, "cv.pdf"));
    BOOST_TEST(lying.status == 400);
    BOOST_TEST(has(lying.body_html, "must end in .svg"), lying.body_html);
    BOOST_TEST(f.post("files/new", form_of({{"version", "new"}, {"name", "x.pdf"}})).status == 400);  // no file chosen
    BOOST_TEST(f.dump() == before);
}

BOOST_AUTO_TEST_CASE(a_publication_moves_up_and_down_the_owners_order_and_the_move_is_logged) {
    EditFixture f;
    auto list = f.get("publications").body_html;
    BOOST_TEST(has(list, "action=\"/_vitae/edit/s/publications/move\""));
    BOOST_TEST(has(list, "<button name=\"up\" value=\"3\""));
    BOOST_TEST(f.post("publications/move", form_of({{"up", "3"}})).status == 303);
    BOOST_TEST(f.scalar("SELECT group_concat(id, ',') FROM (SELECT id FROM publication ORDER BY position)") == "1,3,2,4,5,6");
    BOOST_TEST(f.post("publications/move", form_of({{"up", "1"}})).status == 303);  // at the top already: nothing changes
    BOOST_TEST(f.post("publications/move", form_of({{"down", "6"}})).status == 303);
    BOOST_TEST(f.post("publications/move", form_of({{"down", "99"}})).status == 404);
    BOOST_TEST(f.post("publications/move", form_of({})).status == 400);
    BOOST_TEST(f.scalar("SELECT group_concat(id, ',') FROM (SELECT id FROM publication ORDER BY position)") == "1,3,2,4,5,6");
    BOOST_TEST(f.scalar("SELECT item || ' ' || key || ' ' || before || ' ' || after FROM edit_log") ==
               R"(publication_order 3 {"position":"3"} {"position":"2"})");
    BOOST_TEST(f.post("links/move", form_of({{"up", "2"}})).status == 404);  // links keep their positions as keys
}

BOOST_AUTO_TEST_CASE(a_page_of_the_owners_own_is_made_edited_moved_and_refused_a_routes_slug) {
    EditFixture f;
    auto made = f.post("pages/new", form_at(f, "pages/new", {{"title", "Join the lab"}, {"in_menu", "1"},
                                                            {"body_format", "markdown"}, {"body", "We *hire*."}}));
    BOOST_TEST(made.status == 303, made.body_html);
    BOOST_TEST(f.scalar("SELECT slug || '|' || title || '|' || in_menu || '|' || body FROM page") ==
               "join-the-lab|Join the lab|1|We *hire*.");
    BOOST_TEST(has(f.public_page("/join-the-lab/"), "<em>hire</em>"));
    BOOST_TEST(has(f.public_page("/"), "<li><a href=\"/join-the-lab/\">Join the lab</a></li>"));

    auto edited = f.post("pages/join-the-lab", form_at(f, "pages/join-the-lab", {{"title", "Openings"},
                                                                                 {"body_format", "markdown"}, {"body", "None now."}}));
    BOOST_TEST(edited.status == 303, edited.body_html);
    std::string page = f.public_page("/join-the-lab/");
    BOOST_TEST(has(page, "<h1>Openings</h1>"), page);
    BOOST_TEST(!has(f.public_page("/"), "href=\"/join-the-lab/\""));  // out of the menu

    auto taken = f.post("pages/new", form_at(f, "pages/new", {{"slug", "blog"}, {"title", "Blog"}, {"body_format", "markdown"}}));
    BOOST_TEST(taken.status == 400);
    BOOST_TEST(has(taken.body_html, "/blog/ is a path the site"), taken.body_html);
    BOOST_TEST(f.scalar("SELECT count(*) FROM page") == "1");

    BOOST_TEST(f.post("pages/new", form_at(f, "pages/new", {{"title", "Software"}, {"body_format", "markdown"}})).status == 303);
    BOOST_TEST(f.post("pages/move", form_of({{"up", "software"}})).status == 303);
    BOOST_TEST(f.scalar("SELECT group_concat(slug, ',') FROM (SELECT slug FROM page ORDER BY position)") == "software,join-the-lab");
}
