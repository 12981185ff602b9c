#define BOOST_TEST_MODULE cli_check
#include <boost/test/unit_test.hpp>

#include <sstream>

#include "cli/run/commands.hpp"
#include "cli_test_support.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli;
using namespace vitae::test;

namespace {


const std::string templates = (source_dir / "templates").string();

}  // namespace

BOOST_AUTO_TEST_CASE(accepts_a_good_database_alone_and_with_templates) {
    TempDir dir;
    auto db = make_db(dir, fixture_content()).string();
    auto alone = vitae_cli({"check", db});
    BOOST_TEST(alone.status == 0);
    BOOST_TEST(alone.out == "owner: \"Inès Moreau\" found in 6 of 6 publications, as \"Inès Moreau\" (6)\n"
                            "ok: " + db + " (6 publications, 2 posts, 0 files)\n");
    auto with_templates = vitae_cli({"check", db, templates});
    BOOST_TEST(with_templates.status == 0, with_templates.err);
    BOOST_TEST(with_templates.out == alone.out);
}

BOOST_AUTO_TEST_CASE(rejects_a_file_that_is_not_a_database) {
    TempDir dir;
    write_file(dir / "bad.db", std::string(4096, 'x'));
    auto r = vitae_cli({"check", (dir / "bad.db").string()});
    BOOST_TEST(r.status == 1);
    BOOST_TEST(r.out.empty());
    BOOST_TEST(r.err.find("bad.db") != std::string::npos, r.err);
    BOOST_TEST(r.err.find("not a database") != std::string::npos, r.err);
    BOOST_TEST(std::count(r.err.begin(), r.err.end(), '\n') == 1);  // one line
}

BOOST_AUTO_TEST_CASE(rejects_a_missing_file_a_missing_profile_and_an_old_schema) {
    TempDir dir;
    BOOST_TEST(vitae_cli({"check", (dir / "absent.db").string()}).status == 1);
    auto empty = make_db(dir, "", "empty.db");
    auto no_profile = vitae_cli({"check", empty.string()});
    BOOST_TEST(no_profile.status == 1);
    BOOST_TEST(no_profile.err.find("profile") != std::string::npos, no_profile.err);
    auto old = make_db(dir, fixture_content() + "PRAGMA user_version = 0;", "old.db");
    auto old_check = vitae_cli({"check", old.string()});
    BOOST_TEST(old_check.status == 1);
    BOOST_TEST(old_check.err.find("vitae migrate") != std::string::npos, old_check.err);
}

BOOST_AUTO_TEST_CASE(rejects_broken_templates_naming_the_file) {
    TempDir dir;
    auto db = make_db(dir, fixture_content()).string();
    auto broken = dir / "templates";
    std::filesystem::copy(templates, broken);
    write_file(broken / "home.mustache", "{{#unclosed}} section");
    auto r = vitae_cli({"check", db, broken.string()});
    BOOST_TEST(r.status == 1);
    BOOST_TEST(r.err.find("home") != std::string::npos, r.err);
    BOOST_TEST(vitae_cli({"check", db, (dir / "no-such-dir").string()}).status == 1);
}

BOOST_AUTO_TEST_CASE(warns_of_a_photo_or_a_link_naming_no_stored_file) {
    TempDir dir;
    auto db = make_db(dir, fixture_content() +
                                     "UPDATE profile SET photo = 'gone.jpg';"
                                     "INSERT INTO publication_link (publication_id, position, label, url) VALUES (1, 9, 'Slides', '/files/gone.pdf');"
                                     "INSERT INTO talk (id, date, title, url_slides) VALUES (4, '2025-01-01', 'T', '/files/gone-talk.pdf');"
                                     "INSERT INTO news (id, date, markdown) VALUES (2, '2025-01-01', 'Bad $\\frobnicate x$ math.');");
    auto result = vitae_cli({"check", db.string()});
    BOOST_TEST(result.status == 0);
    BOOST_TEST(result.out.find("warning: the profile photo \"gone.jpg\" is not a stored picture") != std::string::npos);
    BOOST_TEST(result.out.find("warning: publication \"tidepool\" link \"Slides\": \"/files/gone.pdf\" is not a stored file") !=
               std::string::npos);
    BOOST_TEST(result.out.find("warning: talk 4 slides: \"/files/gone-talk.pdf\" is not a stored file") != std::string::npos,
               result.out);
    BOOST_TEST(result.out.find("warning: news 2 (2025-01-01): $\\frobnicate x$") != std::string::npos, result.out);
}

// Rows written by hand or before the rules: the pages show them as no link
// and the feeds leave them out; check names each one.
BOOST_AUTO_TEST_CASE(warns_of_a_link_the_pages_will_not_make_and_a_date_that_names_no_day) {
    TempDir dir;
    auto db = make_db(dir, fixture_content() +
                               "INSERT INTO publication_link (publication_id, position, label, url) VALUES (2, 9, 'Bad', 'javascript:alert(1)');"
                               "INSERT INTO profile_link (position, label, url) VALUES (9, 'Data', 'data:text/html,x');"
                               "INSERT INTO post (slug, title, published, body_format, body) VALUES ('feb', 'Feb', '2021-02-31', 'markdown', 'x');"
                               "INSERT INTO news (date, markdown) VALUES ('2021-04-31', 'x');")
                  .string();
    auto r = vitae_cli({"check", db});
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(r.out.find("warning: publication \"fast-and-fair\" link \"Bad\": \"javascript:alert(1)\" is not an http(s) or "
                          "mailto: URL nor a path on this site such as /files/NAME; shown as no link\n") != std::string::npos,
               r.out);
    BOOST_TEST(r.out.find("warning: profile link \"Data\": \"data:text/html,x\" is not") != std::string::npos, r.out);
    BOOST_TEST(r.out.find("warning: post \"feb\" date \"2021-02-31\" is not a date as YYYY-MM-DD; left out of the feeds "
                          "and the sitemap\n") != std::string::npos,
               r.out);
    BOOST_TEST(r.out.find("date \"2021-04-31\" is not a date as YYYY-MM-DD") != std::string::npos, r.out);
}
