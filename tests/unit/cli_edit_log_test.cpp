// The CLI's writes in the edit log (LoggedTransaction): who is cli:<the
// Unix user>, one entry per row changed, before and after in the editor's
// format; a dry run, a refused command and a write that changes nothing
// record nothing.
#define BOOST_TEST_MODULE cli_edit_log
#include <boost/test/unit_test.hpp>

#include "cli_test_support.hpp"
#include "store/sqlite/db.hpp"
#include "store/write/edit_log.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

struct Site {
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
    Site site;
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
    Site site;
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
