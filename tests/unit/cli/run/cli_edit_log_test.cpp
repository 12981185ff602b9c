// The CLI's writes in the edit log (LoggedTransaction): who is cli:<the
// Unix user>, one entry per row changed, before and after in the editor's
// format; a dry run, a refused command and a write that changes nothing
// record nothing.
#define BOOST_TEST_MODULE cli_edit_log
#include <boost/test/unit_test.hpp>

#include "cli_test_support.hpp"
#include "edit_fixture.hpp"
#include "store/sqlite/db.hpp"
#include "store/write/edit_log.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

struct CliSite {
    TempDir dir;
    std::filesystem::path db = make_db(dir, fixture_content());

    std::string log() const {
        auto d = Db::open(db.string(), OpenMode::read_only);
        auto s = d.prepare("SELECT who, action, item, key FROM edit_log ORDER BY id");
        std::string out;
        while (s.step()) out += s.text_at(0) + " " + s.text_at(1) + " " + s.text_at(2) + " " + s.text_at(3) + "\n";
        return out;
    }
};

const std::string bib =
    "@article{new-one, title = {A New One}, author = {In{\\`e}s Moreau}, journal = {J}, year = {2026}}\n";

}  // namespace

BOOST_AUTO_TEST_CASE(each_cli_write_is_one_entry_per_row_as_the_unix_user) {
    CliSite site;
    auto who = cli_editor_name();
    BOOST_TEST(who.starts_with("cli:"));
    BOOST_TEST(who.size() > 4u);
    BOOST_TEST(vitae_cli({"add", "news", site.db.string(), "--date", "2026-01-02", "--text", "Hi"}).status == 0);
    BOOST_TEST(vitae_cli({"lang", "add", site.db.string(), "de", "--name", "Deutsch"}).status == 0);
    BOOST_TEST(vitae_cli({"translate", site.db.string(), "de", "paragraph", "1", "markdown", "--text", "Hallo"}).status == 0);
    write_file(site.dir / "new.bib", bib);
    BOOST_TEST(vitae_cli({"import-bibtex", site.db.string(), (site.dir / "new.bib").string(), "--dry-run"}).status == 0);
    BOOST_TEST(vitae_cli({"import-bibtex", site.db.string(), (site.dir / "new.bib").string()}).status == 0);
    BOOST_TEST(vitae_cli({"import-bibtex", site.db.string(), (site.dir / "new.bib").string()}).status == 0);  // unchanged
    BOOST_TEST(vitae_cli({"add", "project", site.db.string(), "--slug", "p", "--title", "P", "--image", "none.png"}).status != 0);
    auto log = site.log();
    BOOST_TEST(log == who + " insert news 1\n" + who + " insert language de\n" + who + " insert language en\n" + who +
                          " insert translation de~paragraph~1~markdown\n" + who + " insert publication 7\n",
               log);
}

BOOST_AUTO_TEST_CASE(an_update_keeps_the_row_before_and_the_editor_format) {
    CliSite site;
    write_file(site.dir / "new.bib", bib);
    BOOST_TEST(vitae_cli({"import-bibtex", site.db.string(), (site.dir / "new.bib").string()}).status == 0);
    std::string retitled = bib;
    retitled.replace(retitled.find("A New One"), 9, "A Newer One");
    write_file(site.dir / "new.bib", retitled);
    BOOST_TEST(vitae_cli({"import-bibtex", site.db.string(), (site.dir / "new.bib").string()}).status == 0);
    auto d = Db::open(site.db.string(), OpenMode::read_only);
    auto s = d.prepare("SELECT action, json_extract(before, '$.title'), json_extract(after, '$.title'), "
                       "json_extract(after, '$.authors') FROM edit_log ORDER BY id DESC LIMIT 1");
    BOOST_REQUIRE(s.step());
    BOOST_TEST(s.text_at(0) == "update");
    BOOST_TEST(s.text_at(1) == "A New One");
    BOOST_TEST(s.text_at(2) == "A Newer One");
    BOOST_TEST(s.text_at(3) == "Inès Moreau\n");
}

BOOST_AUTO_TEST_CASE(a_file_or_translation_written_again_is_an_update_with_its_before_that_the_editor_undoes) {
    EditFixture f;
    auto svg = [](int size) {
        auto n = std::to_string(size);
        return R"(<svg xmlns="http://www.w3.org/2000/svg" width=")" + n + R"(" height="10"><rect width="10" height="10"/></svg>)";
    };
    write_file(f.dir / "one.svg", svg(10));
    write_file(f.dir / "two.svg", svg(20));
    for (const char* file : {"one.svg", "two.svg"})
        BOOST_TEST(vitae_cli({"add", "file", f.db.string(), (f.dir / file).string(), "--name", "pic.svg", "--decorative"}).status == 0);
    BOOST_TEST(f.scalar("SELECT group_concat(action || ' ' || coalesce(json_extract(before, '$.size'), '-'), ',') "
                        "FROM edit_log WHERE item = 'file'") == "insert -,update 99");
    // The log keeps no bytes: the editor will not claim to put the first ones back.
    auto undo = f.post("files/pic.svg/undo", form_of({}));
    BOOST_TEST(undo.status == 409);
    BOOST_TEST(undo.body_html.find("upload them again") != std::string::npos, undo.body_html);

    BOOST_TEST(vitae_cli({"lang", "add", f.db.string(), "de", "--name", "Deutsch"}).status == 0);
    for (const char* text : {"Erste.", "Zweite."})
        BOOST_TEST(vitae_cli({"translate", f.db.string(), "de", "paragraph", "1", "markdown", "--text", text}).status == 0);
    BOOST_TEST(f.scalar("SELECT group_concat(action, ',') FROM edit_log WHERE item = 'translation'") == "insert,update");
    BOOST_TEST(f.post("translations/de~paragraph~1~markdown/undo", form_of({})).status == 303);
    BOOST_TEST(f.scalar("SELECT text FROM translation") == "Erste.");
}
