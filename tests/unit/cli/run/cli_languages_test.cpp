#define BOOST_TEST_MODULE cli_languages
#include <boost/test/unit_test.hpp>

#include "cli_test_support.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

struct Site {
    TempDir dir;
    std::string db = make_db(dir, fixture_content()).string();

    std::string query(const std::string& sql) const {
        auto d = Db::open(db, OpenMode::read_only);
        auto stmt = d.prepare(sql);
        std::string out;
        while (stmt.step()) out += stmt.text_at(0) + ";";
        return out;
    }
};

}  // namespace

BOOST_AUTO_TEST_CASE(lang_add_makes_english_the_default_first_and_lists_the_languages) {
    Site s;
    auto r = vitae_cli({"lang", "add", s.db, "zh", "--name", "中文"});
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(has(r.out, "en (English) is the default language"));
    BOOST_TEST(s.query("SELECT code || is_default FROM language ORDER BY position") == "en1;zh0;");
    BOOST_TEST(vitae_cli({"lang", "add", s.db, "ar", "--name", "العربية"}).status == 0);
    auto ls = vitae_cli({"lang", "ls", s.db});
    BOOST_TEST(ls.out == "en\tEnglish\tdefault, at /\t0 translation(s)\nzh\t中文\tat /zh/\t0 translation(s)\n"
                         "ar\tالعربية\tat /ar/\t0 translation(s)\n");
    BOOST_TEST(vitae_cli({"lang", "add", s.db, "de", "--name", "Deutsch", "--default"}).status == 0);
    BOOST_TEST(s.query("SELECT code FROM language WHERE is_default") == "de;");
}

BOOST_AUTO_TEST_CASE(lang_add_and_rm_refuse_what_they_cannot_do_and_write_nothing) {
    Site s;
    for (auto [code, says] : {std::pair{"Zh", "not a language code"}, std::pair{"blog", "not a language code"},
                              std::pair{"zh-", "not a language code"}}) {
        auto r = vitae_cli({"lang", "add", s.db, code, "--name", "X"});
        BOOST_TEST(r.status == 2, code);
        BOOST_TEST(has(r.err, says), r.err);
    }
    BOOST_TEST(s.query("SELECT count(*) FROM language") == "0;");
    BOOST_TEST(vitae_cli({"lang", "add", s.db, "zh", "--name", "中文"}).status == 0);
    BOOST_TEST(has(vitae_cli({"lang", "add", s.db, "zh", "--name", "中文"}).err, "already a language"));
    BOOST_TEST(has(vitae_cli({"lang", "rm", s.db, "en"}).err, "is the default language"));
    BOOST_TEST(has(vitae_cli({"lang", "rm", s.db, "fr"}).err, "not a language of"));
    BOOST_TEST(vitae_cli({"translate", s.db, "zh", "post", "notes-on-sketches", "title", "--text", "笔记"}).status == 0);
    auto rm = vitae_cli({"lang", "rm", s.db, "zh"});
    BOOST_TEST(rm.status == 0, rm.err);
    BOOST_TEST(has(rm.out, "and its 1 translation(s)"));
    BOOST_TEST(s.query("SELECT count(*) FROM translation") == "0;");  // gone with it
}

BOOST_AUTO_TEST_CASE(translate_writes_checks_against_the_rows_and_removes) {
    Site s;
    BOOST_TEST(vitae_cli({"lang", "add", s.db, "zh", "--name", "中文"}).status == 0);
    auto ok = vitae_cli({"translate", s.db, "zh", "paragraph", "2", "markdown", "--text", "之前我是*博士后*。"});
    BOOST_TEST(ok.status == 0, ok.err);
    BOOST_TEST(vitae_cli({"translate", s.db, "zh", "paragraph", "2", "markdown", "--text", "改了"}).status == 0);  // replaced
    BOOST_TEST(s.query("SELECT text FROM translation") == "改了;");
    for (auto [argv, says] : {
             std::pair{std::vector<std::string>{"translate", s.db, "zh", "post", "nope", "title", "--text", "x"}, "no post 'nope'"},
             std::pair{std::vector<std::string>{"translate", s.db, "zh", "post", "notes-on-sketches", "slug", "--text", "x"},
                       "no translatable field 'slug'"},
             std::pair{std::vector<std::string>{"translate", s.db, "zh", "paragraph", "9", "markdown", "--text", "x"}, "no paragraph '9'"},
             std::pair{std::vector<std::string>{"translate", s.db, "zh", "poem", "x", "text", "--text", "x"}, "no such item"},
             std::pair{std::vector<std::string>{"translate", s.db, "en", "post", "notes-on-sketches", "title", "--text", "x"},
                       "is the default language"},
             std::pair{std::vector<std::string>{"translate", s.db, "fr", "post", "notes-on-sketches", "title", "--text", "x"},
                       "not a language of"},
             std::pair{std::vector<std::string>{"translate", s.db, "zh", "post", "notes-on-sketches", "title"}, "--text"}}) {
        auto r = vitae_cli(argv);
        BOOST_TEST(r.status == 2, argv[3]);
        BOOST_TEST(has(r.err, says), r.err);
    }
    BOOST_TEST(s.query("SELECT count(*) FROM translation") == "1;");  // nothing half-written
    BOOST_TEST(vitae_cli({"translate", s.db, "zh", "paragraph", "2", "markdown", "--remove"}).status == 0);
    BOOST_TEST(s.query("SELECT count(*) FROM translation") == "0;");
    BOOST_TEST(has(vitae_cli({"translate", s.db, "zh", "paragraph", "2", "markdown", "--remove"}).err, "no such translation"));
}

BOOST_AUTO_TEST_CASE(check_names_translations_that_name_nothing_and_strings_a_catalogue_lacks) {
    Site s;
    BOOST_TEST(vitae_cli({"lang", "add", s.db, "zh", "--name", "中文"}).status == 0);
    BOOST_TEST(vitae_cli({"translate", s.db, "zh", "post", "reading-list", "title", "--text", "书单"}).status == 0);
    exec_sql(s.db, "PRAGMA foreign_keys = ON; DELETE FROM post WHERE slug = 'reading-list';");
    TempDir t;
    std::filesystem::copy(source_dir / "templates", t.path() / "templates");
    write_file(t.path() / "templates" / "strings.de.json", R"({"nav_home": "Startseite"})");
    auto r = vitae_cli({"check", s.db, (t.path() / "templates").string()});
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(has(r.out, "warning: translation zh post 'reading-list' title: no post 'reading-list'; not shown"), r.out);
    BOOST_TEST(has(r.out, "warning: strings.de.json lacks "), r.out);
    BOOST_TEST(has(r.out, "nav_blog"), r.out);
    BOOST_TEST(!has(r.out, "strings.zh-Hans.json lacks"), r.out);  // the shipped catalogues are complete
}
