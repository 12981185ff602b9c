// `vitae import-site`'s ledger: every file of every real site under
// tests/fixtures/sites/ in exactly one class, the owner's leftovers making
// the command exit 3, the --report JSON, a Markdown include read in place,
// data files read by their shape, and refusals that name what was looked for.
#define BOOST_TEST_MODULE cli_import_ledger
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <set>

#include "base/error.hpp"
#include "cli/import/plan/site_ledger.hpp"
#include "cli/import/site/import_site.hpp"
#include "cli_test_support.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli;
namespace fs = std::filesystem;

namespace {

const fs::path sites = fs::path(VITAE_FIXTURES_DIR) / "sites";

std::int64_t count(const fs::path& db_path, const std::string& sql) {
    auto db = Db::open(db_path.string(), OpenMode::read_only);
    auto stmt = db.prepare(sql);
    stmt.step();
    return stmt.int_at(0);
}

void put(const fs::path& file, std::string_view text) {
    fs::create_directories(file.parent_path());
    test::write_file(file, text);
}

const LedgerEntry& entry_of(const SiteImportReport& report, const std::string& file) {
    for (const auto& e : report.ledger)
        if (e.file == file) return e;
    throw std::runtime_error("no ledger entry for " + file);
}

// A small al-folio site: the owner's config and about page, a theme layout,
// and whatever a test adds.
void al_folio_site(const fs::path& dir) {
    put(dir / "_config.yml", "first_name: Ada\nlast_name: Lovelace\n");
    put(dir / "_pages/about.md", "---\nlayout: about\npermalink: /\n---\nI study engines that compute, and write notes on them.\n");
    put(dir / "_layouts/default.html", "<html>{{ content }}</html>\n");
    put(dir / "_bibliography/papers.bib", "@article{ada1843,\n  title={Notes},\n  author={Lovelace, Ada},\n  year={1843}\n}\n");
}

}  // namespace

// Walks each fixture tree on its own and finds each of its files exactly
// once in the ledger; a file of the owner's not understood always has its
// first words and a suggestion, and the command's exit status says whether
// there is one.
BOOST_AUTO_TEST_CASE(every_file_of_every_real_fixture_tree_is_in_exactly_one_class) {
    std::size_t trees = 0;
    for (const auto& site : fs::directory_iterator(sites)) {
        if (!site.is_directory()) continue;
        ++trees;
        test::TempDir dir;
        auto report = import_site(site.path(), (dir / "site.db").string());
        std::map<std::string, int> seen;
        for (const auto& e : report.ledger) ++seen[e.file];
        std::size_t files = 0;
        for (const auto& entry : fs::recursive_directory_iterator(site.path())) {
            if (!entry.is_regular_file()) continue;
            ++files;
            std::string file = entry.path().lexically_relative(site.path()).generic_string();
            BOOST_TEST(seen[file] == 1, site.path().filename().string() + ": " + file + " is in the ledger " +
                                            std::to_string(seen[file]) + " times");
        }
        BOOST_TEST(report.ledger.size() == files, site.path().filename().string());
        for (const auto& e : report.ledger) {
            BOOST_TEST(!e.detail.empty(), e.file);
            if (e.kind != FileClass::not_understood) continue;
            BOOST_TEST(!e.suggestion.empty(), e.file);
            if (e.owners && e.file.ends_with(".md")) BOOST_TEST(!e.first_words.empty(), e.file);
        }
        auto ran = test::vitae_cli({"import-site", site.path().string(), (dir / "again.db").string()});
        BOOST_TEST(ran.status == (leftovers(report) > 0 ? 3 : 0), site.path().filename().string() + ": " + ran.err);
    }
    BOOST_TEST(trees >= 18u);
}

// The whole al-folio tree (text files): its layouts, includes, styles,
// scripts and CI are machinery, the owner's project pages under _pages/
// arrive as pages, its co-authors' data and a post's .bib are leftovers, named.
BOOST_AUTO_TEST_CASE(a_whole_al_folio_tree_sorts_the_generator_from_the_owners_text) {
    test::TempDir dir;
    auto report = import_site(sites / "al-folio-aakash-kt-tree", (dir / "site.db").string());
    for (const char* file : {"_layouts/about.html", "_includes/head.html", "_sass/_base.scss", "assets/js/common.js",
                             ".github/workflows/deploy.yml", "Gemfile", "README.md", "_plugins/external-posts.rb",
                             "assets/js/modernizr.js:Zone.Identifier", "_pages/publications.md", "_pages/dropdown.md"})
        BOOST_TEST(class_name(entry_of(report, file).kind) == std::string("machinery"), file);
    for (const char* file : {"_config.yml", "_pages/home.md", "_bibliography/papers.bib", "_news/announcement_1.md",
                             "_posts/2022-05-19-ltc-jacobian.md"})
        BOOST_TEST(class_name(entry_of(report, file).kind) == std::string("imported"), file);
    BOOST_TEST(class_name(entry_of(report, "_projects/1_project.md").kind) == std::string("demo"));
    const LedgerEntry& page = entry_of(report, "_pages/flexible_nr.md");
    BOOST_TEST(class_name(page.kind) == std::string("imported"));
    BOOST_TEST(page.detail.find("page flexible-nr") == 0u, page.detail);
    BOOST_TEST(count(dir / "site.db", "SELECT count(*) FROM page") == 8);
    BOOST_TEST(entry_of(report, "_data/coauthors.yml").owners);
    BOOST_TEST(entry_of(report, "_posts/future.bib").owners);
    BOOST_TEST(leftovers(report) == 2u);
}

// The whole Wowchemy (blogdown) tree: the R project's files and Hugo's
// settings are machinery, the starter's privacy, terms and slides pages
// demo by their text, a cite.bib none of whose entries can be read is where
// its page's record came from; nothing of the owner's is left.
BOOST_AUTO_TEST_CASE(a_whole_wowchemy_tree_has_no_leftover) {
    test::TempDir dir;
    auto report = import_site(sites / "wowchemy-elvio-blini-tree", (dir / "site.db").string());
    for (const char* file : {".Rprofile", "ElvioBlini.Rproj", "R/build.R", "hugo.toml", "netlify.toml", "config/_default/params.yaml",
                             "data/page_sharer.toml", "layouts/shortcodes/blogdown/postref.html", "content/post/_index.md"})
        BOOST_TEST(class_name(entry_of(report, file).kind) == std::string("machinery"), file);
    for (const char* file : {"content/privacy.md", "content/terms.md", "content/slides/example/index.md"})
        BOOST_TEST(class_name(entry_of(report, file).kind) == std::string("demo"), file);
    const LedgerEntry& bib = entry_of(report, "content/publication/2015 Ranzini et al. (2015) Journal of Cognitive Psychology/cite.bib");
    BOOST_TEST(class_name(bib.kind) == std::string("imported"));
    BOOST_TEST(bib.detail.find("is its page's front matter instead") != std::string::npos);
    BOOST_TEST(leftovers(report) == 0u);
}

// The multi-language al-folio as it ships (en-us and pt-br): every example
// news item, post, project, page, CV and bibliography is demo in both
// languages, by its text; none of it arrives as a row.
BOOST_AUTO_TEST_CASE(the_themes_demo_is_recognised_in_every_language_it_ships) {
    test::TempDir dir;
    auto report = import_site(sites / "al-folio-multi-language-demo", (dir / "site.db").string());
    for (const auto& e : report.ledger)
        if (e.file.starts_with("_news/") || e.file.starts_with("_posts/") || e.file.starts_with("_projects/") ||
            e.file.starts_with("_books/") || e.file.ends_with("/cv.yml") || e.file.ends_with("about.md"))
            BOOST_TEST(class_name(e.kind) == std::string("demo"), e.file + ": " + e.detail);
    for (const char* table : {"news", "post", "project", "publication", "profile_paragraph", "education"})
        BOOST_TEST(count(dir / "site.db", std::string("SELECT count(*) FROM ") + table) == 0, table);
    BOOST_TEST(class_name(entry_of(report, "_data/pt-br/strings.yml").kind) == std::string("machinery"));
    BOOST_TEST(leftovers(report) == 0u);
}

BOOST_AUTO_TEST_CASE(a_leftover_exits_3_and_the_report_lists_every_file) {
    test::TempDir dir;
    fs::path site = dir / "site";
    al_folio_site(site);
    put(site / "_includes/teaching.md", "I teach the analytical engine to second-year students.\n");  // no page pulls it in
    auto ran = test::vitae_cli({"import-site", site.string(), (dir / "site.db").string(), "--report", (dir / "ledger.json").string()});
    BOOST_TEST(ran.status == 3);
    BOOST_TEST(ran.out.find("not understood _includes/teaching.md: not read by import-site; it begins \"I teach the analytical") !=
               std::string::npos, ran.out);
    BOOST_TEST(ran.out.find("; 5 files: 3 imported, 0 theme demo, 1 machinery, 1 not understood; imported, with leftovers: "
                            "1 file of the owner's not imported") != std::string::npos, ran.out);
    auto json = nlohmann::json::parse(test::read_file(dir / "ledger.json"));
    BOOST_TEST(json["theme"] == "al-folio");
    BOOST_TEST(json["leftovers"] == 1);
    BOOST_TEST(json["counts"]["imported"] == 3);
    std::map<std::string, std::string> classes;
    for (const auto& f : json["files"]) classes[f["file"]] = f["class"];
    BOOST_TEST(classes.size() == 5u);
    BOOST_TEST(classes["_layouts/default.html"] == "machinery");
    BOOST_TEST(classes["_includes/teaching.md"] == "not understood");
    BOOST_TEST(classes["_bibliography/papers.bib"] == "imported");

    fs::remove(site / "_includes/teaching.md");  // nothing left over: done, exit 0
    BOOST_TEST(test::vitae_cli({"import-site", site.string(), (dir / "second.db").string()}).status == 0);
}

// A page no reader maps to a structured kind arrives as a page of the
// owner's own, whole: its title, its body, in the menu as the site had it,
// its links to the site's files stored and to its other pages rewritten.
BOOST_AUTO_TEST_CASE(a_page_no_reader_maps_is_imported_as_a_page_with_its_links_rewritten) {
    test::TempDir dir;
    fs::path site = dir / "site";
    al_folio_site(site);
    put(site / "_pages/teaching.md",
        "---\ntitle: Teaching\npermalink: /teaching/\nnav: true\n---\nI teach [engines](/engines/) with "
        "[these notes]({{ site.baseurl }}/assets/img/notes.png) and [Babbage](https://example.org/babbage).\n");
    put(site / "_pages/engines.md", "---\ntitle: Engines\npermalink: /engines/\n---\nThe analytical engine, described at length.\n");
    put(site / "_pages/cv.md", "---\nlayout: cv\npermalink: /cv/\ntitle: cv\n---\nMy whole career is on this page, year by year.\n");
    put(site / "assets/img/notes.png", test::tiny_png());
    auto ran = test::vitae_cli({"import-site", site.string(), (dir / "site.db").string(), "--report", (dir / "ledger.json").string()});
    BOOST_TEST(ran.status == 0, ran.out);
    fs::path db = dir / "site.db";
    BOOST_TEST(count(db, "SELECT count(*) FROM page") == 3);
    BOOST_TEST(count(db, "SELECT count(*) FROM page WHERE slug = 'teaching' AND title = 'Teaching' AND in_menu = 1 AND "
                         "body LIKE '%[engines](/engines/)%' AND body LIKE '%[these notes](/files/notes.png)%' AND "
                         "body LIKE '%(https://example.org/babbage)%'") == 1);
    BOOST_TEST(count(db, "SELECT count(*) FROM page WHERE slug = 'engines' AND in_menu = 0") == 1);
    BOOST_TEST(count(db, "SELECT count(*) FROM page WHERE slug = 'cv-page'") == 1);  // /cv/ is the site's CV
    auto json = nlohmann::json::parse(test::read_file(dir / "ledger.json"));
    std::map<std::string, std::string> details;
    for (const auto& f : json["files"]) details[f["file"]] = std::string(f["class"]) + ": " + std::string(f["detail"]);
    BOOST_TEST(details["_pages/teaching.md"].starts_with("imported: page teaching (\"Teaching\", in the menu)"), details["_pages/teaching.md"]);
    BOOST_TEST(details["assets/img/notes.png"].starts_with("imported: "), details["assets/img/notes.png"]);
    BOOST_TEST(json["leftovers"] == 0);
}

// al-folio's about page pulling the bio from _includes/bio.md: the bio
// arrives, the include is imported; an include of a template stays Liquid.
BOOST_AUTO_TEST_CASE(a_markdown_include_is_read_in_place) {
    test::TempDir dir;
    fs::path site = dir / "site";
    al_folio_site(site);
    put(site / "_pages/about.md",
        "---\nlayout: about\npermalink: /\n---\n{% capture bio %}{% include bio.md %}{% endcapture %}\n{{ bio | markdownify }}\n\n"
        "{% include_relative more/interests.md %}\n{% include figure.html path=\"a.png\" %}\n");
    put(site / "_includes/bio.md", "I am a mathematician.\n\nI wrote the first program.\n");
    put(site / "_pages/more/interests.md", "Poetical science.\n");
    auto report = import_site(site, (dir / "site.db").string());
    BOOST_TEST(count(dir / "site.db", "SELECT count(*) FROM profile_paragraph WHERE markdown LIKE '%first program%'") == 1);
    BOOST_TEST(count(dir / "site.db", "SELECT count(*) FROM profile_paragraph WHERE markdown LIKE '%Poetical science%'") == 1);
    BOOST_TEST(class_name(entry_of(report, "_includes/bio.md").kind) == std::string("imported"));
    BOOST_TEST(entry_of(report, "_includes/bio.md").detail.find("read in place into _pages/about.md") != std::string::npos);
    BOOST_TEST(class_name(entry_of(report, "_pages/more/interests.md").kind) == std::string("imported"));
    BOOST_TEST(leftovers(report) == 0u);
}

// Data files by the shape of their items, under any name; a file of no
// known shape is the owner's leftover, a menu is machinery.
BOOST_AUTO_TEST_CASE(data_files_are_read_by_their_shape_not_their_name) {
    test::TempDir dir;
    fs::path site = dir / "site";
    al_folio_site(site);
    put(site / "_data/invited.yml",
        "- title: Engines that compute\n  date: 2024-03-05\n  venue: Royal Society\n  location: London\n"
        "  slides: https://example.org/s.pdf\n- title: On Bernoulli numbers\n  date: 2023\n  event: Turin Seminar\n");
    put(site / "_data/lectures.json",
        "{\"courses\": [{\"name\": \"Analysis I\", \"term\": \"Fall\", \"year\": 2024, \"role\": \"Teaching Assistant\"},"
        " {\"name\": \"Engines\", \"semester\": \"Spring 2025\", \"code\": \"CS 101\"}]}");
    put(site / "_data/me.json",
        "{\"basics\": {\"name\": \"Ada Lovelace\"}, \"education\": [{\"institution\": \"Home\", \"studyType\": \"Tutoring\","
        " \"startDate\": \"1830-01-01\", \"endDate\": \"1835-01-01\"}], \"work\": []}");
    put(site / "_data/navigation.yml", "main:\n  - title: Home\n    url: /\n  - title: Blog\n    url: /blog/\n");
    put(site / "_data/friends.yml", "- who: Charles\n  since: long ago\n");
    auto report = import_site(site, (dir / "site.db").string());
    fs::path db = dir / "site.db";
    BOOST_TEST(count(db, "SELECT count(*) FROM talk") == 2);
    BOOST_TEST(count(db, "SELECT count(*) FROM talk WHERE title = 'Engines that compute' AND date = '2024-03-05' AND "
                         "event = 'Royal Society' AND place = 'London' AND url_slides = 'https://example.org/s.pdf'") == 1);
    BOOST_TEST(count(db, "SELECT count(*) FROM talk WHERE date = '2023-01-01' AND event = 'Turin Seminar'") == 1);
    BOOST_TEST(count(db, "SELECT count(*) FROM teaching WHERE title = 'Analysis I' AND term = 'Fall 2024' AND role = 'Teaching Assistant'") == 1);
    BOOST_TEST(count(db, "SELECT count(*) FROM teaching WHERE title = 'Engines' AND course = 'CS 101' AND term = 'Spring 2025'") == 1);
    BOOST_TEST(count(db, "SELECT count(*) FROM education WHERE institution = 'Home'") == 1);
    BOOST_TEST(class_name(entry_of(report, "_data/invited.yml").kind) == std::string("imported"));
    BOOST_TEST(class_name(entry_of(report, "_data/lectures.json").kind) == std::string("imported"));
    BOOST_TEST(class_name(entry_of(report, "_data/me.json").kind) == std::string("imported"));
    BOOST_TEST(class_name(entry_of(report, "_data/navigation.yml").kind) == std::string("machinery"));
    const LedgerEntry& friends = entry_of(report, "_data/friends.yml");
    BOOST_TEST(class_name(friends.kind) == std::string("not understood"));
    BOOST_TEST(friends.owners);
    BOOST_TEST(friends.first_words == "- who: Charles since: long ago");
}

BOOST_AUTO_TEST_CASE(a_refusal_names_what_was_looked_for_and_what_is_read) {
    test::TempDir dir;
    fs::path hugo = dir / "papermod";
    put(hugo / "hugo.yaml", "baseURL: https://example.org/\ntheme: PaperMod\n");
    auto ran = test::vitae_cli({"import-site", hugo.string(), (dir / "a.db").string()});
    BOOST_TEST(ran.status == 2);
    BOOST_TEST(ran.err.find("is a Hugo site without a content/ folder: nothing of the owner's to read") != std::string::npos, ran.err);
    BOOST_TEST(ran.err.find("import-site reads Jekyll sites on the al-folio or academicpages theme, Hugo sites on any theme") !=
               std::string::npos);
    BOOST_TEST(ran.err.find("and Quarto websites") != std::string::npos);
    BOOST_TEST(ran.err.find("not a Jekyll site") == std::string::npos);
    put(hugo / "content/posts/first.md", "---\ntitle: First\ndate: 2024-01-02\n---\nHello.\n");  // a PaperMod site: read
    ran = test::vitae_cli({"import-site", hugo.string(), (dir / "papermod.db").string()});
    BOOST_TEST(ran.status == 0, ran.err);

    fs::path quarto = dir / "quarto";
    put(quarto / "_quarto.yml", "project:\n  type: website\n");
    ran = test::vitae_cli({"import-site", quarto.string(), (dir / "b.db").string()});  // read, not refused
    BOOST_TEST(ran.status == 0, ran.err);
    BOOST_TEST(ran.out.find("quarto site into") != std::string::npos, ran.out);

    fs::path nothing = dir / "nothing";
    put(nothing / "index.html", "<p>hi</p>\n");
    ran = test::vitae_cli({"import-site", nothing.string(), (dir / "c.db").string()});
    BOOST_TEST(ran.err.find("is none of the sites import-site reads: looked for Jekyll's _config.yml, Hugo's settings") !=
               std::string::npos, ran.err);
    BOOST_TEST(!fs::exists(dir / "a.db"));
}
