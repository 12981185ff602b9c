#define BOOST_TEST_MODULE cli_args
#include <boost/test/unit_test.hpp>

#include <sstream>

#include "base/error.hpp"
#include "base/version.hpp"
#include "cli/commands/add_post.hpp"
#include "cli/run/commands.hpp"
#include "cli_test_support.hpp"
#include "store/model/slug.hpp"
#include "store/rows/content_store.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli;
using namespace vitae::test;

namespace {


// A usage error: exit 2, one line on stderr naming `fragment`.
void expect_usage_error(std::vector<std::string> argv, std::string_view fragment) {
    auto r = vitae_cli(std::move(argv));
    BOOST_TEST(r.status == 2);
    BOOST_TEST(r.out.empty());
    BOOST_TEST(r.err.find(fragment) != std::string::npos, r.err);
    BOOST_TEST(std::count(r.err.begin(), r.err.end(), '\n') == 1, r.err);
}

}  // namespace

BOOST_AUTO_TEST_CASE(help_and_version_exit_zero) {
    auto help = vitae_cli({"--help"});
    BOOST_TEST(help.status == 0);
    for (const auto& command : commands()) BOOST_TEST(help.out.find(usage_line(command.spec)) != std::string::npos);
    auto version = vitae_cli({"--version"});
    BOOST_TEST(version.status == 0);
    BOOST_TEST(version.out == "vitae " + std::string(vitae::version) + "\n");
    for (const auto& command : commands()) {
        std::vector<std::string> argv;
        std::string name(command.spec.name);
        for (auto space = name.find(' '); space != std::string::npos; space = name.find(' ')) {
            argv.push_back(name.substr(0, space));
            name.erase(0, space + 1);
        }
        argv.push_back(name);
        argv.push_back("--help");
        auto r = vitae_cli(argv);
        BOOST_TEST(r.status == 0, command.spec.name);
        BOOST_TEST(r.out.starts_with("usage: " + usage_line(command.spec) + "\n"), r.out);
        BOOST_TEST(r.out.find("example:") != std::string::npos, command.spec.name);
    }
}

BOOST_AUTO_TEST_CASE(bad_arguments_name_the_argument_and_exit_2) {
    expect_usage_error({}, "missing command");
    expect_usage_error({"frobnicate"}, "unknown command \"frobnicate\"");
    expect_usage_error({"import-bibtex", "site.db"}, "import-bibtex: missing argument FILE.bib");
    expect_usage_error({"import-bibtex", "site.db", "a.bib", "--dryrun"}, "unknown option \"--dryrun\"");
    expect_usage_error({"import-bibtex", "site.db", "a.bib", "--dry-run=yes"}, "--dry-run takes no value");
    expect_usage_error({"check", "a", "b", "c"}, "unexpected argument \"c\"");
    expect_usage_error({"check", ""}, "argument DB is empty");
    expect_usage_error({"export", "a", "b", "-x"}, "unknown option \"-x\"");
    expect_usage_error({"add"}, "add: missing kind");
    expect_usage_error({"add", "widget", "db"}, "unknown kind \"widget\"");
    expect_usage_error({"add", "post", "db", "--title", "T", "--date", "2026-01-01"}, "missing option --slug S");
    expect_usage_error({"add", "post", "db", "--slug", "Bad Slug", "--title", "T", "--date", "2026-01-01"}, "--slug");
    expect_usage_error({"add", "post", "db", "--slug", "ok", "--title", "T", "--date", "2026-02-30"},
                       "--date \"2026-02-30\"");
    expect_usage_error({"add", "post", "db", "--slug", "ok", "--title", "T", "--date"}, "--date needs a value");
    expect_usage_error({"add", "post", "db", "--slug=ok", "--slug", "x", "--title", "T", "--date", "2026-01-01"},
                       "--slug given twice");
    expect_usage_error({"add", "post", "db", "--slug", "ok", "--title", "T", "--date", "2026-01-01", "--format", "rst"},
                       "--format \"rst\"");
}

BOOST_AUTO_TEST_CASE(an_argument_after_double_dash_is_positional) {
    auto r = vitae_cli({"check", "--", "--not-an-option.db"});
    BOOST_TEST(r.status == 1);  // parsed as DB, then not found
    BOOST_TEST(r.err.find("--not-an-option.db") != std::string::npos, r.err);
}

BOOST_AUTO_TEST_CASE(validates_slugs) {
    BOOST_TEST(is_slug("linear-attention-2"));
    BOOST_TEST(!is_slug("-leading"));
    BOOST_TEST(!is_slug("Upper"));
    BOOST_TEST(!is_slug(""));
    BOOST_TEST(!is_slug(std::string(129, 'a')));
}

BOOST_AUTO_TEST_CASE(add_post_writes_a_post_the_worker_reads) {
    TempDir dir;
    auto db = make_db(dir, fixture_content());
    write_file(dir / "body.md", "Hello **world**.\n");
    auto r = vitae_cli({"add", "post", db.string(), "--slug", "hello", "--title", "Hello & welcome", "--date",
                        "2026-08-01", "--body-file", (dir / "body.md").string()});
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(r.out == "added post hello to " + db.string() + "\n");
    auto reader = Db::open(db.string(), OpenMode::read_only);
    check_database(reader);
    Content c = load_content(reader);
    BOOST_REQUIRE(c.posts.size() == fixture::posts + 1);
    BOOST_TEST(c.posts[0].slug == "hello");  // newest first
    BOOST_TEST(c.posts[0].title == "Hello & welcome");
    BOOST_TEST(c.posts[0].body == "Hello **world**.\n");
    BOOST_TEST(c.posts[0].body_format == "markdown");
}

BOOST_AUTO_TEST_CASE(add_post_tags_and_tag_untag_post_edit_the_tags_in_order) {
    TempDir dir;
    auto db = make_db(dir, fixture_content());
    auto added = vitae_cli({"add", "post", db.string(), "--slug", "hello", "--title", "Hello", "--date", "2026-08-01",
                            "--tag", "systems", "--tag=machine-learning"});
    BOOST_TEST(added.status == 0, added.err);
    BOOST_TEST(vitae_cli({"tag", "post", db.string(), "hello", "databases"}).out == "tagged hello databases\n");
    BOOST_TEST(vitae_cli({"tag", "post", db.string(), "hello", "systems"}).out == "already tagged hello systems\n");
    BOOST_TEST(vitae_cli({"untag", "post", db.string(), "hello", "systems"}).out == "untagged hello systems\n");
    BOOST_TEST(vitae_cli({"untag", "post", db.string(), "hello", "systems"}).out == "was not tagged hello systems\n");
    auto reader = Db::open(db.string(), OpenMode::read_only);
    Content c = load_content(reader);
    BOOST_TEST((c.posts[0].tags == std::vector<std::string>{"machine-learning", "databases"}));
    auto bad = vitae_cli({"add", "post", db.string(), "--slug", "x", "--title", "X", "--date", "2026-01-01", "--tag", "Two Words"});
    BOOST_TEST(bad.status == 2);
    BOOST_TEST(bad.err.find("Two Words") != std::string::npos, bad.err);
    auto no_post = vitae_cli({"tag", "post", db.string(), "absent", "ml"});
    BOOST_TEST(no_post.status == 1);
    BOOST_TEST(no_post.err.find("no post") != std::string::npos, no_post.err);
}

BOOST_AUTO_TEST_CASE(add_post_draft_prints_a_secret_preview_url_and_publish_post_makes_it_public) {
    TempDir dir;
    auto db = make_db(dir, fixture_content());
    auto added = vitae_cli({"add", "post", db.string(), "--slug", "wip", "--title", "WIP", "--date", "2099-01-01", "--draft"});
    BOOST_TEST(added.status == 0, added.err);
    auto at = added.out.find("preview: /blog/preview/");
    BOOST_REQUIRE(at != std::string::npos);
    std::string token = added.out.substr(at + 23, 32);
    BOOST_TEST(token.find_first_not_of("0123456789abcdef") == std::string::npos, token);
    BOOST_TEST(new_preview_token() != new_preview_token());
    {
        auto reader = Db::open(db.string(), OpenMode::read_only);
        Content c = load_content(reader);
        BOOST_TEST(c.posts[0].draft);
        BOOST_TEST(c.posts[0].preview_token == token);
    }
    BOOST_TEST(vitae_cli({"publish", "post", db.string(), "wip"}).out == "published wip (listed from 2099-01-01, 00:00 UTC)\n");
    auto again = vitae_cli({"publish", "post", db.string(), "wip"});
    BOOST_TEST(again.status == 1);
    BOOST_TEST(again.err.find("not a draft") != std::string::npos, again.err);
    auto reader = Db::open(db.string(), OpenMode::read_only);
    Content c = load_content(reader);
    BOOST_TEST(!c.posts[0].draft);
    BOOST_TEST(c.posts[0].preview_token.empty());
}

BOOST_AUTO_TEST_CASE(add_post_refuses_a_taken_slug_and_a_missing_body_file) {
    TempDir dir;
    auto db = make_db(dir, fixture_content());
    auto taken = vitae_cli({"add", "post", db.string(), "--slug", "notes-on-sketches", "--title", "Again",
                            "--date", "2026-01-01"});
    BOOST_TEST(taken.status == 1);
    BOOST_TEST(taken.err.find("exists") != std::string::npos, taken.err);
    auto no_body = vitae_cli({"add", "post", db.string(), "--slug", "x", "--title", "X", "--date", "2026-01-01",
                              "--body-file", (dir / "absent.md").string()});
    BOOST_TEST(no_body.status == 1);
    BOOST_TEST(no_body.err.find("absent.md") != std::string::npos, no_body.err);
    auto missing_db =
        vitae_cli({"add", "post", (dir / "none.db").string(), "--slug", "x", "--title", "X", "--date", "2026-01-01"});
    BOOST_TEST(missing_db.status == 1);
    BOOST_TEST(!std::filesystem::exists(dir / "none.db"));  // not created by accident
}

BOOST_AUTO_TEST_CASE(add_news_and_add_talk_write_rows_the_worker_reads) {
    TempDir dir;
    auto db = make_db(dir, fixture_content());
    auto news = vitae_cli({"add", "news", db.string(), "--date", "2026-08-01", "--text", "Paper *accepted*."});
    BOOST_TEST(news.status == 0, news.err);
    BOOST_TEST(news.out == "added news 1 (2026-08-01) to " + db.string() + "\n");
    write_file(dir / "item.md", "From a file.\n\n");
    BOOST_TEST(vitae_cli({"add", "news", db.string(), "--date", "2025-01-01", "--text-file", (dir / "item.md").string()}).status == 0);
    auto talk = vitae_cli({"add", "talk", db.string(), "--title", "Tidepools", "--date", "2026-07-01", "--event", "VLDB",
                           "--place", "London", "--slides", "/files/tidepools.pdf", "--video", "https://v.example/1",
                           "--event-url", "https://vldb.org", "--abstract", "On *tides*."});
    BOOST_TEST(talk.status == 0, talk.err);
    auto reader = Db::open(db.string(), OpenMode::read_only);
    check_database(reader);
    Content c = load_content(reader);
    BOOST_REQUIRE(c.news.size() == 2u);
    BOOST_TEST(c.news[0].markdown == "Paper *accepted*.");
    BOOST_TEST(c.news[1].markdown == "From a file.");  // trailing newlines dropped
    BOOST_REQUIRE(c.talks.size() == 1u);
    BOOST_TEST((c.talks[0] == Talk{1, "2026-07-01", "Tidepools", "VLDB", "London", "/files/tidepools.pdf",
                                   "https://v.example/1", "https://vldb.org", "On *tides*."}));
}

BOOST_AUTO_TEST_CASE(add_news_and_add_talk_name_the_bad_argument) {
    expect_usage_error({"add", "news", "db", "--date", "2026-02-30", "--text", "x"}, "--date \"2026-02-30\"");
    expect_usage_error({"add", "news", "db", "--date", "2026-02-03"}, "--text or --text-file");
    expect_usage_error({"add", "news", "db", "--date", "2026-02-03", "--text", "a", "--text-file", "f"}, "not both");
    expect_usage_error({"add", "news", "db", "--date", "2026-02-03", "--text", "\n"}, "the text is empty");
    expect_usage_error({"add", "talk", "db", "--date", "2026-02-03"}, "missing option --title T");
    expect_usage_error({"add", "talk", "db", "--title", "", "--date", "2026-02-03"}, "--title is empty");
    expect_usage_error({"add", "talk", "db", "--title", "T", "--date", "2026-02-03", "--slides", "javascript:alert(1)"},
                       "--slides");
}

BOOST_AUTO_TEST_CASE(add_award_and_add_teaching_append_rows_the_worker_reads) {
    TempDir dir;
    auto db = make_db(dir, fixture_content());
    auto award = vitae_cli({"add", "award", db.string(), "--name", "Best Paper Award", "--year", "2024", "--issuer",
                            "OSDI 2024"});
    BOOST_TEST(award.status == 0, award.err);
    BOOST_TEST(award.out == "added award 1 (Best Paper Award) to " + db.string() + "\n");
    BOOST_TEST(vitae_cli({"add", "award", db.string(), "--name", "Fellowship"}).status == 0);
    auto taught = vitae_cli({"add", "teaching", db.string(), "--course", "CS 9", "--title", "Databases", "--term",
                             "Fall 2026", "--role", "Instructor"});
    BOOST_TEST(taught.status == 0, taught.err);
    BOOST_TEST(vitae_cli({"add", "teaching", db.string(), "--course", "CS 10", "--title", "T", "--term", "Fall 2027"}).status == 0);
    auto reader = Db::open(db.string(), OpenMode::read_only);
    check_database(reader);
    Content c = load_content(reader);
    BOOST_REQUIRE(c.awards.size() == 2u);
    BOOST_TEST((c.awards[0] == Award{2024, "Best Paper Award", "OSDI 2024"}));
    BOOST_TEST((c.awards[1] == Award{std::nullopt, "Fellowship", ""}));
    BOOST_REQUIRE(c.teaching.size() == 4u);  // after the fixture's two
    BOOST_TEST((c.teaching[2] == Teaching{"CS 9", "Databases", "Fall 2026", "Instructor"}));
    BOOST_TEST(c.teaching[3].role == "");
}

BOOST_AUTO_TEST_CASE(add_award_and_add_teaching_name_the_bad_argument) {
    expect_usage_error({"add", "award", "db"}, "missing option --name N");
    expect_usage_error({"add", "award", "db", "--name", ""}, "--name is empty");
    expect_usage_error({"add", "award", "db", "--name", "X", "--year", "24"}, "--year \"24\"");
    expect_usage_error({"add", "award", "db", "--name", "X", "--year", "2024x"}, "--year");
    expect_usage_error({"add", "teaching", "db", "--course", "C", "--title", "T"}, "missing option --term TERM");
    expect_usage_error({"add", "teaching", "db", "--course", "", "--title", "T", "--term", "F"}, "--course is empty");
}
