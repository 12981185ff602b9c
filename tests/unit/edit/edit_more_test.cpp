// The editor's kinds for what only the CLI could edit before: the profile's
// e-mails and other spellings of the name, projects, a paper's picture,
// languages and translations; each with the CLI's checks (a refused save
// writes nothing), the version check and the edit log; and the CLI's own
// writes recorded in the same log, in the same format (LoggedTransaction),
// so the editor's history and undo take them too.
#define BOOST_TEST_MODULE edit_more
#include <boost/test/unit_test.hpp>

#include "edit_fixture.hpp"
#include "store/rows/content_store.hpp"
#include "store/write/edit_log.hpp"
#include "store/write/sections.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

const std::string picture_rows =
    "INSERT INTO file (name, type, size, digest, width, height, alt, bytes) VALUES "
    "('reef.png', 'image/png', 3, '" + std::string(64, 'a') + "', 10, 10, 'A reef', X'010203'),"
    "('paper.pdf', 'application/pdf', 3, '" + std::string(64, 'b') + "', 0, 0, '', X'010203');";

}  // namespace

BOOST_AUTO_TEST_CASE(emails_and_name_variants_are_lists_of_the_profile_and_the_home_page_shows_an_email) {
    EditFixture f;
    auto a = f.post("emails/new", form_of({{"version", "new"}, {"address", "ines [at] lab <b>x</b>"}, {"label", "lab"}}));
    BOOST_TEST(a.status == 303, a.body_html);
    BOOST_TEST(f.scalar("SELECT address || '|' || label FROM profile_email WHERE position = 3") == "ines [at] lab <b>x</b>|lab");
    auto home = f.public_page("/");
    BOOST_TEST(has(home, "ines [at] lab &lt;b&gt;x&lt;/b&gt;"));
    BOOST_TEST(f.post("emails/1/delete", form_of({{"version", f.version_at("emails/1")}})).status == 303);
    BOOST_TEST(f.scalar("SELECT count(*) FROM profile_email") == "2");
    BOOST_TEST(f.post("names/new", form_of({{"version", "new"}, {"name", "Moreau, I."}})).status == 303);
    BOOST_TEST(f.scalar("SELECT name FROM profile_name_variant") == "Moreau, I.");
    BOOST_TEST(f.post("names/new", form_of({{"version", "new"}, {"name", ""}})).status == 400);
}

BOOST_AUTO_TEST_CASE(a_project_saves_its_links_papers_and_posts_and_its_page_shows_them) {
    EditFixture f;
    exec_sql(f.db, picture_rows);
    auto a = f.post("projects/new", form_of({{"version", "new"}, {"slug", ""}, {"title", "Reef Surveys"},
                                             {"summary", "Counting *coral*."}, {"markdown", "The body."},
                                             {"image", "reef.png"}, {"links", "Code | https://example.org/reefs\nPDF | /files/paper.pdf"},
                                             {"papers", "fast-and-fair\n"}, {"posts", "reading-list"}}));
    BOOST_TEST(a.status == 303, a.body_html);
    BOOST_TEST(f.scalar("SELECT slug || '|' || image FROM project") == "reef-surveys|reef.png");
    BOOST_TEST(f.scalar("SELECT count(*) FROM project_link") == "2");
    auto page = f.public_page("/projects/reef-surveys");
    BOOST_TEST(has(page, "Reef Surveys"));
    BOOST_TEST(has(page, "https://example.org/reefs"));
    // A second save replaces the lists; the slug stays.
    auto b = f.post("projects/reef-surveys", form_at(f, "projects/reef-surveys", {{"title", "Reefs"}, {"links", ""},
                                                                                 {"papers", ""}, {"posts", ""}}));
    BOOST_TEST(b.status == 303, b.body_html);
    BOOST_TEST(f.scalar("SELECT title || (SELECT count(*) FROM project_link) || (SELECT count(*) FROM project_publication) FROM project") == "Reefs00");
    BOOST_TEST(f.post("projects/reef-surveys", form_at(f, "projects/reef-surveys", {{"slug", "other"}, {"title", "R"}})).status == 400);
}

BOOST_AUTO_TEST_CASE(a_project_naming_what_is_not_there_is_a_400_and_nothing_is_written) {
    EditFixture f;
    exec_sql(f.db, picture_rows);
    auto before = f.dump();
    for (auto [field, value] : {std::pair{"image", "paper.pdf"}, {"image", "none.png"}, {"papers", "no-such-paper"},
                                {"posts", "no-such-post"}, {"links", "PDF | /files/none.pdf"}, {"links", "X | javascript:alert(1)"}}) {
        auto a = f.post("projects/new", form_of({{"version", "new"}, {"title", "T"}, {field, value}}));
        BOOST_TEST(a.status == 400, field << "=" << value);
    }
    BOOST_TEST(f.dump() == before);
}

BOOST_AUTO_TEST_CASE(a_papers_picture_is_a_stored_picture_as_set_preview_takes_it) {
    EditFixture f;
    exec_sql(f.db, picture_rows);
    auto stored = f.get("publications/2").body_html;
    BOOST_TEST(has(stored, "name=\"picture\""));
    auto a = f.post("publications/2", form_at(f, "publications/2", {{"title", "Fast"}, {"kind", "conference"}, {"picture", "reef.png"}}));
    BOOST_TEST(a.status == 303, a.body_html);
    BOOST_TEST(f.scalar("SELECT preview FROM publication WHERE id = 2") == "reef.png");
    BOOST_TEST(f.post("publications/2", form_at(f, "publications/2", {{"title", "Fast"}, {"kind", "conference"},
                                                                     {"picture", "paper.pdf"}})).status == 400);
    BOOST_TEST(f.scalar("SELECT preview FROM publication WHERE id = 2") == "reef.png");
}

BOOST_AUTO_TEST_CASE(a_language_added_keeps_english_the_default_and_a_translation_shows_at_its_prefix) {
    EditFixture f;
    auto a = f.post("languages/new", form_of({{"version", "new"}, {"code", "de"}, {"name", "Deutsch"}}));
    BOOST_TEST(a.status == 303, a.body_html);
    BOOST_TEST(f.scalar("SELECT group_concat(code || is_default, ',') FROM (SELECT * FROM language ORDER BY position)") == "en1,de0");
    auto t = f.post("translations/new", form_of({{"version", "new"}, {"language", "de"}, {"item", "paragraph"}, {"key", "1"},
                                                 {"field", "markdown"}, {"text", "Ich bin Forscherin."}}));
    BOOST_TEST(t.status == 303, t.body_html);
    BOOST_TEST(t.location == "/_vitae/edit/s/translations");
    BOOST_TEST(has(f.public_page("/de/"), "Ich bin Forscherin."));
    BOOST_TEST(has(f.get("translations").body_html, "/_vitae/edit/s/translations/de~paragraph~1~markdown"));
    // Edited at its own key, stale versions refused, removed with the language.
    auto path = "translations/de~paragraph~1~markdown";
    auto stale = form_at(f, path, {{"language", "de"}, {"item", "paragraph"}, {"key", "1"}, {"field", "markdown"}, {"text", "A"}});
    BOOST_TEST(f.post(path, stale).status == 303);
    BOOST_TEST(f.post(path, stale).status == 409);
    BOOST_TEST(f.post("languages/en/delete", form_of({{"version", f.version_at("languages/en")}})).status == 409);
    BOOST_TEST(f.post("languages/de/delete", form_of({{"version", f.version_at("languages/de")}})).status == 303);
    BOOST_TEST(f.scalar("SELECT count(*) FROM translation") == "0");
}

BOOST_AUTO_TEST_CASE(a_second_new_translation_of_a_field_is_a_400_naming_it_and_the_first_stays) {
    EditFixture f;
    BOOST_TEST(f.post("languages/new", form_of({{"version", "new"}, {"code", "de"}, {"name", "Deutsch"}})).status == 303);
    auto add = [&](const char* text) {
        return f.post("translations/new", form_of({{"version", "new"}, {"language", "de"}, {"item", "paragraph"}, {"key", "1"},
                                                   {"field", "markdown"}, {"text", text}}));
    };
    BOOST_TEST(add("Erste Fassung.").status == 303);
    auto again = add("Zweite Fassung.");
    BOOST_TEST(again.status == 400);
    BOOST_TEST(has(again.body_html, "a translation of paragraph &quot;1&quot; markdown into &quot;de&quot; exists"),
               again.body_html);
    BOOST_TEST(f.scalar("SELECT text FROM translation") == "Erste Fassung.");
    // Its one entry is an insert: its undo takes the translation away, and nothing else.
    BOOST_TEST(f.scalar("SELECT group_concat(action, ',') FROM edit_log WHERE item = 'translation'") == "insert");
    BOOST_TEST(f.post("translations/de~paragraph~1~markdown/undo", form_of({})).status == 303);
    BOOST_TEST(f.scalar("SELECT count(*) FROM translation") == "0");
}

BOOST_AUTO_TEST_CASE(a_translation_the_site_cannot_show_is_a_400_and_nothing_is_written) {
    EditFixture f;
    BOOST_TEST(f.post("languages/new", form_of({{"version", "new"}, {"code", "fr"}, {"name", "Français"}})).status == 303);
    BOOST_TEST(f.post("languages/new", form_of({{"version", "new"}, {"code", "blog"}, {"name", "X"}})).status == 400);
    auto before = f.dump();
    for (auto [language, item, key, field] : {std::tuple{"fr", "paragraph", "99", "markdown"}, {"fr", "post", "reading-list", "slug"},
                                              {"en", "paragraph", "1", "markdown"}, {"xx", "paragraph", "1", "markdown"}}) {
        auto a = f.post("translations/new", form_of({{"version", "new"}, {"language", language}, {"item", item}, {"key", key},
                                                     {"field", field}, {"text", "Bonjour"}}));
        BOOST_TEST(a.status == 400, language << " " << item << " " << key << " " << field);
    }
    BOOST_TEST(f.dump() == before);
}

BOOST_AUTO_TEST_CASE(each_new_kind_records_its_saves_with_the_account) {
    EditFixture f;
    BOOST_TEST(f.post("emails/new", form_of({{"version", "new"}, {"address", "a@b"}, {"label", ""}}), "bob").status == 303);
    BOOST_TEST(f.post("languages/new", form_of({{"version", "new"}, {"code", "de"}, {"name", "Deutsch"}}), "bob").status == 303);
    // The site's first language keeps English the default: that row is the save's too.
    BOOST_TEST(f.scalar("SELECT group_concat(who || ' ' || action || ' ' || item || ' ' || key, ',') FROM edit_log") ==
               "bob insert profile_email 3,bob insert language de,bob insert language en");
}

BOOST_AUTO_TEST_CASE(a_write_in_a_recorded_transaction_is_logged_as_the_editor_logs_and_undone_there) {
    EditFixture f;
    {
        auto db = Db::open(f.db.string(), OpenMode::read_write);
        LoggedTransaction t(db, "cli:ann", {"news", "publication"});
        insert_news(db, {.id = 0, .date = "2026-01-02", .markdown = "From the shell."});
        t.commit();
    }
    BOOST_TEST(f.scalar("SELECT who || ' ' || action || ' ' || item FROM edit_log") == "cli:ann insert news");
    auto id = f.scalar("SELECT key FROM edit_log");
    BOOST_TEST(has(f.get("history").body_html, "cli:ann"));
    BOOST_TEST(f.post("news/" + id + "/undo", form_of({})).status == 303);
    BOOST_TEST(f.scalar("SELECT count(*) FROM news WHERE markdown = 'From the shell.'") == "0");
    {  // nothing written, nothing recorded; a refused write records nothing
        auto db = Db::open(f.db.string(), OpenMode::read_write);
        LoggedTransaction t(db, "cli:ann", {"news"});
        t.commit();
    }
    BOOST_TEST(f.scalar("SELECT count(*) FROM edit_log") == "2");
}
