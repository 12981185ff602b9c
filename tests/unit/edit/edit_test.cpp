// The edit engine (core/edit/): its pages, saves through the writers, the
// version check, the edit log, undo, bad input, and markup typed into a
// field, seen both in the editor and on the public page.
#define BOOST_TEST_MODULE edit
#include <boost/test/unit_test.hpp>

#include "edit_fixture.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(the_dashboard_names_every_kind_and_links_under_the_mount) {
    EditFixture f;
    auto a = f.get("");
    BOOST_TEST(a.status == 200);
    BOOST_TEST(has(a.body_html, "href=\"/_vitae/edit/s/profile\""), a.body_html);
    BOOST_TEST(has(a.body_html, "href=\"/_vitae/edit/s/links\""));
    BOOST_TEST(has(a.body_html, "href=\"/_vitae/edit/s/history\""));
}

BOOST_AUTO_TEST_CASE(the_profile_form_shows_the_stored_values_with_the_csrf_token_and_a_version) {
    EditFixture f;
    auto a = f.get("profile");
    BOOST_TEST(a.status == 200);
    BOOST_TEST(has(a.body_html, "value=\"Inès Moreau\""), a.body_html);
    BOOST_TEST(has(a.body_html, "<input type=\"hidden\" name=\"csrf\" value=\"tok\">"));
    BOOST_TEST(f.version_at("profile").size() == 16u);
    BOOST_TEST(has(a.body_html, "action=\"/_vitae/edit/s/profile\""));
}

BOOST_AUTO_TEST_CASE(a_save_goes_through_the_writer_and_the_public_page_shows_it) {
    EditFixture f;
    auto a = f.post("profile", form_of({{"version", f.version_at("profile")}, {"name", "Inès Moreau-Li"},
                                        {"affiliation", "Lab"}, {"job_title", "Professor"}}));
    BOOST_TEST(a.status == 303);
    BOOST_TEST(a.location == "/_vitae/edit/s/profile");
    BOOST_TEST(f.scalar("SELECT name || '/' || affiliation || '/' || job_title FROM profile") == "Inès Moreau-Li/Lab/Professor");
    BOOST_TEST(has(f.public_page("/"), "Inès Moreau-Li"));
}

BOOST_AUTO_TEST_CASE(markup_typed_into_a_field_is_escaped_in_the_editor_and_on_the_public_page) {
    EditFixture f;
    const std::string evil = "<script>alert(1)</script>\"><img src=x onerror=alert(2)>";
    BOOST_TEST(f.post("links/1", form_of({{"version", f.version_at("links/1")}, {"label", evil}, {"url", "https://e.org/"}})).status == 303);
    // A picture without words is refused in a body (render/text/accessibility.hpp); with them, it is sanitized.
    BOOST_TEST(f.post("bio/1", form_of({{"version", f.version_at("bio/1")}, {"markdown", "Hi " + evil}})).status == 400);
    const std::string described = "<script>alert(1)</script>\"><img src=x alt=x onerror=alert(2)>";
    BOOST_TEST(f.post("bio/1", form_of({{"version", f.version_at("bio/1")}, {"markdown", "Hi " + described}})).status == 303);
    BOOST_TEST(f.post("profile", form_of({{"version", f.version_at("profile")}, {"name", evil}})).status == 303);
    for (const char* path : {"links/1", "links", "bio/1", "bio", "profile", "history"}) {
        auto page = f.get(path).body_html;
        BOOST_TEST_CONTEXT(path) {
            BOOST_TEST(!has(page, "<script>alert"));
            BOOST_TEST(!has(page, "<img src=x"));
        }
    }
    BOOST_TEST(has(f.get("links/1").body_html, "&lt;script&gt;alert(1)&lt;/script&gt;"));
    auto home = f.public_page("/");
    BOOST_TEST(!home.empty());
    BOOST_TEST(!has(home, "<script>alert"));
    BOOST_TEST(!has(home, "<img src=x"));  // escaped as text, or dropped by the sanitizer
    BOOST_TEST(has(home, "&lt;script&gt;alert(1)"));
}

BOOST_AUTO_TEST_CASE(a_stale_version_is_refused_with_409_showing_both_and_nothing_written) {
    EditFixture f;
    auto old_version = f.version_at("links/1");
    BOOST_TEST(f.post("links/1", form_of({{"version", old_version}, {"label", "Codeberg"}, {"url", "https://codeberg.org/x"}})).status == 303);
    auto before = f.dump();
    auto a = f.post("links/1", form_of({{"version", old_version}, {"label", "GitLab"}, {"url", "https://gitlab.com/x"}}));
    BOOST_TEST(a.status == 409);
    BOOST_TEST(has(a.body_html, "Codeberg"));  // stored
    BOOST_TEST(has(a.body_html, "GitLab"));    // submitted, kept in the form to save again
    BOOST_TEST(has(a.body_html, "name=\"version\" value=\"" + f.version_at("links/1") + "\""));
    BOOST_TEST(f.dump() == before);
}

BOOST_AUTO_TEST_CASE(every_change_is_logged_with_who_and_before_and_after) {
    EditFixture f;
    f.post("links/2", form_of({{"version", f.version_at("links/2")}, {"label", "Scholar"}, {"url", "https://scholar.example/"}}), "bea");
    BOOST_TEST(f.scalar("SELECT who || ' ' || item || ' ' || key || ' ' || action FROM edit_log") == "bea profile_link 2 update");
    BOOST_TEST(f.scalar("SELECT before FROM edit_log") == R"({"label":"Google Scholar","url":""})");
    BOOST_TEST(f.scalar("SELECT after FROM edit_log") == R"({"label":"Scholar","url":"https://scholar.example/"})");
    BOOST_TEST(f.scalar("SELECT at FROM edit_log").size() == 20u);
    auto history = f.get("history");
    BOOST_TEST(history.status == 200);
    BOOST_TEST(has(history.body_html, "bea"));
    BOOST_TEST(has(history.body_html, "action=\"/_vitae/edit/s/links/2/undo\""));
}

BOOST_AUTO_TEST_CASE(a_new_row_comes_last_and_undo_removes_it_again) {
    EditFixture f;
    auto a = f.post("links/new", form_of({{"version", "new"}, {"label", "ORCID"}, {"url", "https://orcid.org/0"}}));
    BOOST_TEST(a.status == 303);
    BOOST_TEST(a.location == "/_vitae/edit/s/links");
    BOOST_TEST(f.scalar("SELECT label FROM profile_link WHERE position = 3") == "ORCID");
    BOOST_TEST(f.post("links/3/undo", form_of({})).status == 303);
    BOOST_TEST(f.scalar("SELECT count(*) FROM profile_link") == "2");
    BOOST_TEST(f.scalar("SELECT action || ' ' || coalesce(after, 'NULL') FROM edit_log ORDER BY id DESC") == "undo NULL");
}

BOOST_AUTO_TEST_CASE(undo_restores_the_before_of_an_update_and_of_a_delete) {
    EditFixture f;
    f.post("bio/2", form_of({{"version", f.version_at("bio/2")}, {"markdown", "Changed."}}));
    BOOST_TEST(f.post("bio/2/undo", form_of({})).status == 303);
    BOOST_TEST(f.scalar("SELECT markdown FROM profile_paragraph WHERE position = 2") == "Before that I was a *postdoc* at Example University.");
    BOOST_TEST(f.post("bio/3/delete", form_of({{"version", f.version_at("bio/3")}})).status == 303);
    BOOST_TEST(f.scalar("SELECT count(*) FROM profile_paragraph") == "2");
    BOOST_TEST(f.post("bio/3/undo", form_of({})).status == 303);
    BOOST_TEST(f.scalar("SELECT markdown FROM profile_paragraph WHERE position = 3") == "Outside work I sail on Lac Léman ⛵ and bake bread.");
    BOOST_TEST(f.scalar("SELECT count(*) FROM edit_log WHERE action = 'undo'") == "2");
}

BOOST_AUTO_TEST_CASE(undo_is_refused_when_the_row_changed_after_its_last_logged_change) {
    EditFixture f;
    f.post("links/1", form_of({{"version", f.version_at("links/1")}, {"label", "Mine"}, {"url", ""}}));
    exec_sql(f.db, "UPDATE profile_link SET label = 'By hand' WHERE position = 1");
    BOOST_TEST(f.post("links/1/undo", form_of({})).status == 409);
    BOOST_TEST(f.scalar("SELECT label FROM profile_link WHERE position = 1") == "By hand");
}

BOOST_AUTO_TEST_CASE(bad_input_is_a_400_naming_the_field_and_nothing_is_written) {
    EditFixture f;
    auto before = f.dump();
    auto bad_url = f.post("links/1", form_of({{"version", f.version_at("links/1")}, {"label", "X"}, {"url", "javascript:alert(1)"}}));
    BOOST_TEST(bad_url.status == 400);
    BOOST_TEST(has(bad_url.body_html, "URL is not an http(s) or mailto: URL nor a path on this site"), bad_url.body_html);
    BOOST_TEST(has(bad_url.body_html, "javascript:alert(1)"));  // what was typed stays in the form
    auto no_name = f.post("profile", form_of({{"version", f.version_at("profile")}, {"name", ""}}));
    BOOST_TEST(no_name.status == 400);
    BOOST_TEST(has(no_name.body_html, "Name is required."));
    BOOST_TEST(f.post("links/1", form_of({{"version", f.version_at("links/1")}, {"label", std::string("a\xff", 2)}})).status == 400);
    BOOST_TEST(f.dump() == before);
}

BOOST_AUTO_TEST_CASE(unknown_pages_and_methods_are_404_and_405) {
    EditFixture f;
    BOOST_TEST(f.get("nope").status == 404);
    BOOST_TEST(f.get("links/99").status == 404);
    BOOST_TEST(f.get("links/../profile").status == 404);
    BOOST_TEST(f.get("links/1/delete").status == 405);
    BOOST_TEST(f.post("links", form_of({})).status == 405);
    BOOST_TEST(f.post("links/99", form_of({{"version", "new"}, {"label", "X"}})).status == 404);
    BOOST_TEST(f.editor.handle(f.db.string(), {.method = Method::other, .path = "", .form = nullptr, .user = "ann",
                                               .csrf_token = "tok", .mount = "/m/"}).status == 405);
}

BOOST_AUTO_TEST_CASE(preview_renders_the_markdown_as_the_site_does_and_writes_nothing) {
    EditFixture f;
    auto before = f.dump();
    auto a = f.post("bio/1", form_of({{"version", f.version_at("bio/1")}, {"markdown", "Some *emphasis* <script>x()</script>"},
                                      {"preview", "1"}}));
    BOOST_TEST(a.status == 200);
    BOOST_TEST(has(a.body_html, "<em>emphasis</em>"), a.body_html);
    BOOST_TEST(!has(a.body_html, "<script>x()"));
    BOOST_TEST(f.dump() == before);
}
