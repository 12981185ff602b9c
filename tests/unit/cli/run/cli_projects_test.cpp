// vitae add project, rm project, set preview, and what vitae
// check says of a project's or paper's picture and links.
#define BOOST_TEST_MODULE cli_projects
#include <boost/test/unit_test.hpp>

#include "cli_test_support.hpp"
#include "store/rows/content_store.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

// A picture (with --alt) and a PDF, stored as `vitae add file` would.
const std::string files =
    "INSERT INTO file (name, type, size, digest, width, height, alt, bytes) VALUES "
    "('reef.png', 'image/png', 3, '" + std::string(64, 'a') + "', 10, 10, 'A reef', X'010203'),"
    "('paper.pdf', 'application/pdf', 3, '" + std::string(64, 'b') + "', 0, 0, '', X'010203');";

struct Site {
    TempDir dir;
    std::filesystem::path db = make_db(dir, fixture_content() + files);

    Content load() const {
        auto reader = Db::open(db.string(), OpenMode::read_only);
        check_database(reader);
        return load_content(reader);
    }
};

}  // namespace

BOOST_AUTO_TEST_CASE(add_project_writes_a_project_with_links_papers_and_posts) {
    Site site;
    write_file(site.dir / "body.md", "The *body*.\n");
    auto r = vitae_cli({"add", "project", site.db.string(), "--slug", "reefs", "--title", "Reef surveys", "--summary",
                        "Counting coral.", "--text-file", (site.dir / "body.md").string(), "--image", "reef.png",
                        "--link", "Code=https://github.com/me/reefs", "--link", "Paper=/files/paper.pdf", "--paper",
                        "coral-reef-survey", "--paper", "tidepool", "--post", "reading-list"});
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(r.out == "added project reefs to " + site.db.string() + " (/projects/reefs)\n");
    BOOST_TEST(vitae_cli({"add", "project", site.db.string(), "--slug", "second", "--title", "Second"}).status == 0);
    Content c = site.load();
    BOOST_REQUIRE(c.projects.size() == 2u);
    const Project& p = c.projects[0];
    BOOST_TEST(p.slug == "reefs");
    BOOST_TEST(p.summary == "Counting coral.");
    BOOST_TEST(p.markdown == "The *body*.\n");
    BOOST_TEST(p.image == "reef.png");
    BOOST_REQUIRE(p.links.size() == 2u);
    BOOST_TEST(p.links[0].label == "Code");
    BOOST_TEST(p.links[1].url == "/files/paper.pdf");
    BOOST_TEST(p.publications.size() == 2u);
    BOOST_TEST(p.posts == std::vector<std::string>{"reading-list"});
    BOOST_TEST(c.projects[1].slug == "second");  // in the order added

    auto rm = vitae_cli({"rm", "project", site.db.string(), "reefs"});
    BOOST_TEST(rm.status == 0, rm.err);
    BOOST_TEST(site.load().projects.size() == 1u);
    auto again = vitae_cli({"rm", "project", site.db.string(), "reefs"});
    BOOST_TEST(again.status != 0);
    BOOST_TEST(again.err.find("no project \"reefs\"") != std::string::npos, again.err);
}

BOOST_AUTO_TEST_CASE(add_project_names_what_is_wrong_and_writes_nothing) {
    Site site;
    auto fails = [&](std::vector<std::string> extra, std::string_view fragment) {
        std::vector<std::string> argv{"add", "project", site.db.string(), "--slug", "reefs", "--title", "Reefs"};
        argv.insert(argv.end(), extra.begin(), extra.end());
        auto r = vitae_cli(argv);
        BOOST_TEST(r.status != 0);
        BOOST_TEST(r.err.find(fragment) != std::string::npos, r.err);
    };
    fails({"--paper", "no-such-paper"}, "no publication \"no-such-paper\"");
    fails({"--post", "no-such-post"}, "no post \"no-such-post\"");
    fails({"--image", "missing.png"}, "no stored file named \"missing.png\"");
    fails({"--image", "paper.pdf"}, "\"paper.pdf\" is not a picture");
    fails({"--link", "Code"}, "LABEL=URL");
    fails({"--link", "Bad=javascript:alert(1)"}, "is not an http(s) or mailto: URL nor a path on this site such as /files/NAME");
    fails({"--link", "Slides=/files/missing.pdf"}, "no stored file named \"missing.pdf\"");
    fails({"--text", "a", "--text-file", "f"}, "not both");
    BOOST_TEST(site.load().projects.empty());  // every failure before a row was kept
    auto bad_slug = vitae_cli({"add", "project", site.db.string(), "--slug", "Bad Slug", "--title", "T"});
    BOOST_TEST(bad_slug.status == 2);
    BOOST_TEST(vitae_cli({"add", "project", site.db.string(), "--slug", "reefs", "--title", "Reefs"}).status == 0);
    fails({}, "a project \"reefs\" exists");
}

BOOST_AUTO_TEST_CASE(set_preview_sets_and_clears_a_papers_picture) {
    Site site;
    auto set = vitae_cli({"set", "preview", site.db.string(), "tidepool", "reef.png"});
    BOOST_TEST(set.status == 0, set.err);
    auto preview_of = [&](std::string_view slug) {
        for (const auto& p : site.load().publications)
            if (p.slug == slug) return p.preview;
        return std::string("(none)");
    };
    BOOST_TEST(preview_of("tidepool") == "reef.png");
    auto not_picture = vitae_cli({"set", "preview", site.db.string(), "tidepool", "paper.pdf"});
    BOOST_TEST(not_picture.status != 0);
    BOOST_TEST(not_picture.err.find("is not a picture") != std::string::npos, not_picture.err);
    auto no_paper = vitae_cli({"set", "preview", site.db.string(), "nope", "reef.png"});
    BOOST_TEST(no_paper.err.find("no publication \"nope\"") != std::string::npos, no_paper.err);
    BOOST_TEST(preview_of("tidepool") == "reef.png");
    BOOST_TEST(vitae_cli({"set", "preview", site.db.string(), "tidepool"}).status == 0);
    BOOST_TEST(preview_of("tidepool") == "");
    // Removing the file clears what showed it.
    BOOST_TEST(vitae_cli({"set", "preview", site.db.string(), "tidepool", "reef.png"}).status == 0);
    BOOST_TEST(vitae_cli({"rm", "file", site.db.string(), "reef.png"}).status == 0);
    BOOST_TEST(preview_of("tidepool") == "");
}

BOOST_AUTO_TEST_CASE(check_reports_pictures_and_links_that_show_nothing) {
    Site site;
    exec_sql(site.db,
             "INSERT INTO project (slug, position, title, image) VALUES ('reefs', 1, 'Reefs', 'gone.png');"
             "INSERT INTO project_link (project_slug, position, label, url) VALUES ('reefs', 1, 'Bad', 'ftp://x.example'),"
             " ('reefs', 2, 'Gone', '/files/gone.pdf'), ('reefs', 3, 'Fine', '/files/paper.pdf');"
             "UPDATE publication SET preview = 'paper.pdf' WHERE slug = 'tidepool'");
    auto r = vitae_cli({"check", site.db.string()});
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(r.out.find("project \"reefs\" image \"gone.png\" is not a stored picture") != std::string::npos, r.out);
    BOOST_TEST(r.out.find("link \"Bad\": \"ftp://x.example\"") != std::string::npos, r.out);
    BOOST_TEST(r.out.find("link \"Gone\"") != std::string::npos, r.out);
    BOOST_TEST(r.out.find("link \"Fine\"") == std::string::npos, r.out);
    BOOST_TEST(r.out.find("publication \"tidepool\" preview \"paper.pdf\" is not a stored picture") != std::string::npos, r.out);
}
