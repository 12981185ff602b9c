// The accessibility rules where the vitae tool takes content: `vitae add
// file` refuses a picture without --alt or --decorative (nothing stored),
// and `vitae check DB|SITES --accessibility` lists every finding with where
// to fix it, exiting 3 when there is one.
#define BOOST_TEST_MODULE cli_accessibility
#include <boost/test/unit_test.hpp>

#include "cli_test_support.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

std::string files_in(const std::filesystem::path& db) {
    return vitae_cli({"ls", "files", db.string()}).out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(add_file_refuses_a_picture_without_alt_or_decorative_and_stores_nothing) {
    TempDir dir;
    auto db = make_db(dir, fixture_content());
    write_file(dir / "lab.png", tiny_png());
    std::string before = files_in(db);
    auto refused = vitae_cli({"add", "file", db.string(), (dir / "lab.png").string()});
    BOOST_TEST(refused.status == 2);
    BOOST_TEST(refused.err.find("add file \"lab.png\": a picture needs a description of what it shows") != std::string::npos,
               refused.err);
    BOOST_TEST(refused.err.find("--alt TEXT") != std::string::npos, refused.err);
    BOOST_TEST(refused.err.find("--decorative") != std::string::npos, refused.err);
    BOOST_TEST(refused.err.find("nothing was stored") != std::string::npos, refused.err);
    BOOST_TEST(files_in(db) == before);
    auto blank = vitae_cli({"add", "file", db.string(), (dir / "lab.png").string(), "--alt", "   "});
    BOOST_TEST(blank.status == 2);
    auto both = vitae_cli({"add", "file", db.string(), (dir / "lab.png").string(), "--alt", "x", "--decorative"});
    BOOST_TEST(both.status == 2);
    BOOST_TEST(files_in(db) == before);

    BOOST_TEST(vitae_cli({"add", "file", db.string(), (dir / "lab.png").string(), "--alt", "The lab at night"}).status == 0);
    BOOST_TEST(vitae_cli({"add", "file", db.string(), (dir / "lab.png").string(), "--name", "rule.png", "--decorative"}).status == 0);
    BOOST_TEST(files_in(db).find("rule.png") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(decorative_is_for_pictures_and_a_pdf_needs_no_alt) {
    TempDir dir;
    auto db = make_db(dir, fixture_content());
    write_file(dir / "paper.pdf", "%PDF-1.4\n%%EOF\n");
    BOOST_TEST(vitae_cli({"add", "file", db.string(), (dir / "paper.pdf").string(), "--decorative"}).status == 2);
    BOOST_TEST(vitae_cli({"add", "file", db.string(), (dir / "paper.pdf").string()}).status == 0);
}

BOOST_AUTO_TEST_CASE(check_accessibility_lists_each_finding_with_where_and_how_and_exits_3) {
    TempDir dir;
    auto db = make_db(dir, fixture_content());
    auto clean = vitae_cli({"check", db.string(), "--accessibility"});
    BOOST_TEST(clean.status == 0, clean.out + clean.err);
    BOOST_TEST(clean.out.find("accessibility: no findings in " + db.string()) != std::string::npos, clean.out);
    write_file(dir / "body.md", "# Results\n\n##### Deep\n\n![](https://x.org/plot.png) See [Slides]() and [here](https://x.org).\n");
    BOOST_TEST(vitae_cli({"add", "page", db.string(), "results", "--title", "Results", "--body-file",
                          (dir / "body.md").string()}).status == 0);
    auto found = vitae_cli({"check", db.string(), "--accessibility"});
    BOOST_TEST(found.status == 3, found.out + found.err);
    for (const char* line :
         {"accessibility: page \"results\" body: heading-jump: h2 then h6 \"Deep\"; fix: use the next heading level",
          "accessibility: page \"results\" body: empty-link: a link to nothing: \"Slides\"; fix: ",
          "accessibility: page \"results\" body: vague-link-text: \"here\" -> https://x.org; fix: ",
          "accessibility: page \"results\" body: image-description: ![](https://x.org/plot.png); fix: say what the picture shows",
          "vitae add page DB results --replace --body-file F",
          "accessibility: 4 finding(s) (empty-link 1, heading-jump 1, image-description 1, vague-link-text 1) in "})
        BOOST_TEST(found.out.find(line) != std::string::npos, line << "\n" << found.out);
    // Without the option the check is as it was: the site serves.
    BOOST_TEST(vitae_cli({"check", db.string()}).status == 0);
}

BOOST_AUTO_TEST_CASE(check_sites_accessibility_names_each_site_and_exits_3_when_one_has_a_finding) {
    TempDir dir;
    auto sites = (dir / "sites").string();
    BOOST_REQUIRE(vitae_cli({"site", "add", sites, "carol", "--host", "carol.example.edu"}).status == 0);
    BOOST_REQUIRE(vitae_cli({"site", "add", sites, "bob", "--host", "bob.example.org"}).status == 0);
    auto clean = vitae_cli({"check", sites, "--accessibility"});
    BOOST_TEST(clean.status == 0, clean.out + clean.err);
    BOOST_TEST(clean.out.find("carol: accessibility: no findings") != std::string::npos, clean.out);
    write_file(dir / "body.md", "Read [this](https://x.org).\n");
    BOOST_REQUIRE(vitae_cli({"add", "page", (dir / "sites" / "bob" / "site.db").string(), "about", "--title", "About",
                             "--body-file", (dir / "body.md").string()}).status == 0);
    auto found = vitae_cli({"check", sites, "--accessibility"});
    BOOST_TEST(found.status == 3, found.out + found.err);
    BOOST_TEST(found.out.find("bob: accessibility: page \"about\" body: vague-link-text: \"this\"") != std::string::npos, found.out);
    BOOST_TEST(found.out.find("carol: accessibility: no findings") != std::string::npos, found.out);
}
