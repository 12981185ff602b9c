// `vitae import-site` on Hugo Blox (Wowchemy, Hugo Academic) sites: two real
// sites (tests/fixtures/sites/hugoblox-*, README there) imported with every
// file accounted for, the starter's demo content left out, and a made-up
// site for what the real ones lack (posts, talks, pictures, a broken file).
#define BOOST_TEST_MODULE cli_import_hugo
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <set>

#include "base/error.hpp"
#include "cli/import/front/toml_front.hpp"
#include "cli/import/hugo/readers.hpp"
#include "cli/import/plan/site_demo.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/site/import_site.hpp"
#include "cli_test_support.hpp"
#include "store/rows/content_store.hpp"
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

std::string text(const fs::path& db_path, const std::string& sql) {
    auto db = Db::open(db_path.string(), OpenMode::read_only);
    auto stmt = db.prepare(sql);
    return stmt.step() ? stmt.text_at(0) : "(no row)";
}

std::size_t notes_of(const SiteImportReport& report, std::string_view folder, SiteNote::Outcome outcome) {
    std::set<std::string> files;
    for (const auto& note : report.notes)
        if (note.outcome == outcome && note.file.starts_with(folder)) files.insert(note.file);
    return files.size();
}

std::string all_notes(const SiteImportReport& report) {
    std::string all;
    for (const auto& note : report.notes) all += describe(note) + "\n";
    return all;
}

void every_file_accounted_for(const fs::path& site, const SiteImportReport& report) {
    std::set<std::string> decided;
    for (const auto& note : report.notes)
        if (note.outcome != SiteNote::Outcome::warning) decided.insert(note.file);
    for (const auto& entry : fs::recursive_directory_iterator(site)) {
        if (!entry.is_regular_file()) continue;
        std::string file = entry.path().lexically_relative(site).generic_string();
        BOOST_TEST(decided.count(file) == 1u, site.filename().string() + ": nothing said about " + file);
    }
}

void write(const fs::path& file, std::string_view content) {
    fs::create_directories(file.parent_path());
    test::write_file(file, content);
}

}  // namespace

BOOST_AUTO_TEST_CASE(recognises_hugo_blox_sites_and_reads_other_hugo_sites) {
    BOOST_TEST(is_hugo_site(sites / "hugoblox-yunlin-zeng"));
    BOOST_TEST(is_hugo_site(sites / "hugoblox-alexandre-amice"));
    BOOST_TEST(!is_hugo_site(sites / "al-folio-501good"));
    test::TempDir dir;
    write(dir.path() / "site" / "config.toml", "baseURL = 'https://example.org/'\n");
    write(dir.path() / "site" / "content" / "posts" / "a.md", "---\ntitle: A\ndate: 2024-01-02\n---\nHello.\n");
    BOOST_TEST(!is_hugo_site(dir.path() / "site"));
    BOOST_TEST(is_any_hugo_site(dir.path() / "site"));
    auto report = import_site(dir.path() / "site", (dir.path() / "x.db").string());  // a theme named nowhere: "hugo"
    BOOST_TEST(report.theme == "hugo");
    BOOST_TEST(report.counts.posts == 1u);
    write(dir.path() / "bare" / "hugo.toml", "title = 'x'\n");  // no content/: nothing to read
    BOOST_CHECK_THROW(import_site(dir.path() / "bare", (dir.path() / "y.db").string()), UsageError);
}

BOOST_AUTO_TEST_CASE(imports_real_hugo_blox_sites) {
    // name, publications, projects, demo pages left out
    for (auto [name, publications, projects, demo] :
         {std::tuple{"hugoblox-yunlin-zeng", 9, 0, 9u}, {"hugoblox-alexandre-amice", 14, 8, 0u}}) {
        test::TempDir dir;
        fs::path db = dir.path() / "site.db";
        fs::path site = sites / name;
        auto report = import_site(site, db.string());
        BOOST_TEST(report.theme == "hugo-blox");
        BOOST_TEST(count(db, "SELECT count(*) FROM profile_paragraph") >= 2);
        BOOST_TEST(count(db, "SELECT count(*) FROM publication") == publications);
        BOOST_TEST(count(db, "SELECT count(*) FROM project") == projects);
        BOOST_TEST(notes_of(report, "content/", SiteNote::Outcome::demo) == demo);
        BOOST_TEST(count(db, "SELECT count(*) FROM post") == 0);  // Yunlin's five posts are the starter's
        every_file_accounted_for(site, report);
        check_database(Db::open(db.string(), OpenMode::read_only));
    }
}

BOOST_AUTO_TEST_CASE(maps_the_author_page_onto_the_profile) {
    test::TempDir dir;
    fs::path db = dir.path() / "site.db";
    import_site(sites / "hugoblox-yunlin-zeng", db.string());
    Content c = load_content(Db::open(db.string(), OpenMode::read_only));
    BOOST_TEST(c.name == "Yunlin Zeng");
    BOOST_TEST(c.job_title == "Ph.D candidate in Physics");
    BOOST_TEST(c.affiliation == "Georgia Institute of Technology");
    BOOST_REQUIRE(c.emails.size() == 1u);  // the at-symbol icon's mailto: link
    BOOST_TEST(c.emails[0].address == "yunlin_zeng@outlook.com");
    BOOST_REQUIRE(c.links.size() == 5u);
    BOOST_TEST(c.links[0].label == "GitHub");
    BOOST_TEST(c.links[2].label == "Google Scholar");
    BOOST_REQUIRE(c.education.size() == 2u);
    BOOST_TEST(c.education[0].degree == "Ph.D. in Physics");
    BOOST_TEST(c.education[0].start_year == 2020);  // its dates are written backwards; the years kept in order
    BOOST_TEST(c.education[0].end_year == 2025);
    BOOST_TEST(c.bio_markdown.back().find("Seismic Laboratory for Imaging and Modeling") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(maps_data_authors_cite_bib_and_project_relations) {
    test::TempDir dir;
    fs::path db = dir.path() / "site.db";
    import_site(sites / "hugoblox-alexandre-amice", db.string());
    Content c = load_content(Db::open(db.string(), OpenMode::read_only));
    BOOST_TEST(c.name == "Alexandre Amice");
    BOOST_TEST(c.job_title == "Recent PhD Graduate from MIT CSAIL/LIDS");
    BOOST_TEST(c.bio_markdown.size() == 3u);  // me.yaml's bio: no content/authors page
    BOOST_TEST(c.experiences.size() == 4u);
    // A course page of its own: a teaching row, the role from its "**Instructors:** Alexandre Amice".
    BOOST_TEST(text(db, "SELECT course || '|' || title || '|' || term || '|' || role FROM teaching") ==
               "Graduate Course|6.S098, IAP 2022 -- Applied Convex Optimization|MIT, 2021|Instructor");
    // From cite.bib through import-bibtex: its key, its fields.
    BOOST_TEST(text(db, "SELECT title FROM publication WHERE slug = 'chamon2019matroid'") ==
               "Matroid-constrained approximately supermodular optimization for near-optimal actuator scheduling");
    // Newest first, as the theme lists them (the folders come in name order).
    BOOST_TEST(text(db, "SELECT slug FROM publication ORDER BY position LIMIT 1") == "cohn-2026-framework");
    BOOST_TEST(count(db, "SELECT count(*) FROM publication a JOIN publication b ON a.position < b.position AND a.year < b.year") == 0);
    // Without a cite.bib: the front matter, the owner found among the authors.
    BOOST_TEST(text(db, "SELECT kind || '|' || venue || '|' || year FROM publication WHERE slug = 'cohn-2026-framework'") ==
               "preprint|arXiv preprint arXiv:2602.05092|2026");
    BOOST_TEST(count(db, "SELECT count(*) FROM publication_author a JOIN publication p ON p.id = a.publication_id "
                         "WHERE p.slug = 'cohn-2026-framework' AND a.is_owner = 1") == 1);
    // projects: ["Matroid"] in the paper's front matter relates it to content/project/Matroid.
    BOOST_TEST(count(db, "SELECT count(*) FROM project_publication r JOIN publication p ON p.id = r.publication_id "
                         "WHERE r.project_slug = 'matroid' AND p.slug = 'chamon2019matroid'") == 1);
    BOOST_TEST(text(db, "SELECT title FROM project WHERE slug = 'ccosmo'") == "CCosmo: A Custom First-Order Conic Solver");
    BOOST_TEST(text(db, "SELECT label FROM project_link WHERE project_slug = 'c-iris' AND position = 1") == "Code");
    // The dissertation page's {{< button >}} shortcode: a link, reported, the text around it kept.
    BOOST_TEST(text(db, "SELECT instr(markdown, '{{<') FROM project WHERE slug = 'dissertation'") == "0");
}

// What the real sites lack: posts, talks, a blog, pictures, a broken page, the demo author.
BOOST_AUTO_TEST_CASE(imports_posts_talks_and_pictures_and_reports_a_bad_page) {
    test::TempDir dir;
    fs::path site = dir.path() / "site", db = dir.path() / "site.db";
    write(site / "config/_default/hugo.yaml", "title: Ann Lee\n");
    write(site / "content/authors/admin/_index.md",
          "---\ntitle: Ann Lee\nrole: Professor\norganizations:\n  - name: Some University\nsocial:\n  - icon: github\n"
          "    icon_pack: fab\n    link: https://github.com/annlee\nawards:\n  - title: Best Paper Award\n    awarder: OSDI\n"
          "    date: '2024-07-10'\n---\nAnn studies systems. {{< icon name=\"download\" >}} CV\n");
    write(site / "content/authors/admin/avatar.png", test::tiny_png());
    write(site / "content/post/first-steps/index.md",
          "---\ntitle: First steps\ndate: 2024-03-04T10:00:00Z\ntags: [systems]\n---\nHello.\n\n{{% callout note %}}\nKept.\n{{% /callout %}}\n");
    write(site / "content/post/broken/index.md", "---\ntitle: [unclosed\n---\nText\n");
    write(site / "content/post/later/index.md", "---\ntitle: Later\ndate: 2024-05-06\ndraft: true\n---\nSoon.\n");
    write(site / "content/blog/getting-started.md", "---\ntitle: Get Started\ndate: 2020-01-01\n---\nThe starter's.\n");
    write(site / "content/event/keynote/index.md",
          "---\ntitle: A keynote\nevent: SOSP 2025\nevent_url: https://sosp.org\nlocation: Seoul\ndate: '2025-10-13T09:00:00Z'\n"
          "url_slides: keynote.pdf\nabstract: About systems.\n---\n");
    write(site / "content/event/keynote/keynote.pdf", test::tiny_pdf());  // slides in the talk's folder: stored
    write(site / "content/publication/paper-a/index.md",
          "---\ntitle: Paper A\nauthors: [admin, Bo Chen]\ndate: '2023-06-01'\npublication_types: ['paper-conference']\n"
          "publication: '*OSDI*'\nfeatured: true\nurl_code: https://github.com/annlee/a\nurl_pdf: paper-a.pdf\n"
          "url_slides: /uploads/missing.pdf\nprojects: [proj]\n---\n");
    write(site / "content/publication/paper-a/paper-a.pdf", test::tiny_pdf());  // the bundle's own PDF: stored
    write(site / "content/publication/paper-a/featured.png", test::tiny_png());
    write(site / "content/project/proj/index.md", "---\ntitle: The project\nsummary: What it does.\nweight: 1\n---\nBody.\n");
    write(site / "content/project/proj/featured.jpg", test::tiny_png());  // a PNG named .jpg, as real sites have
    auto report = import_site(site, db.string());
    std::string all = all_notes(report);
    BOOST_TEST(all.find("skipped content/post/broken/index.md") != std::string::npos);
    BOOST_TEST(all.find("demo content/blog/getting-started.md") != std::string::npos);
    BOOST_TEST(all.find("warning content/post/first-steps/index.md:8: Hugo shortcode {{% callout note %}}: a block quote") !=
               std::string::npos, all);
    Content c = load_content(Db::open(db.string(), OpenMode::read_only));
    BOOST_TEST(c.photo == "avatar.png");
    BOOST_TEST(c.links.size() == 1u);
    BOOST_TEST(c.bio_markdown.at(0) == "Ann studies systems.  CV");
    BOOST_TEST(text(db, "SELECT body FROM post WHERE slug = 'first-steps'") == "Hello.\n\n> **Note**\n>\n> Kept.");  // the callout as a quote
    BOOST_TEST(text(db, "SELECT status FROM post WHERE slug = 'later'") == "draft");
    BOOST_TEST(text(db, "SELECT event || '|' || place || '|' || date || '|' || url_event || '|' || url_slides || '|' || abstract FROM talk") ==
               "SOSP 2025|Seoul|2025-10-13|https://sosp.org|/files/keynote.pdf|About systems.");
    BOOST_TEST(text(db, "SELECT selected || '|' || preview || '|' || venue FROM publication WHERE slug = 'paper-a'") ==
               "1|paper-a-featured.png|OSDI");
    BOOST_TEST(text(db, "SELECT group_concat(label || ' ' || url, '; ') FROM (SELECT * FROM publication_link ORDER BY position)") ==
               "PDF /files/paper-a.pdf; Code https://github.com/annlee/a");
    BOOST_TEST(all.find("warning content/publication/paper-a/index.md: Slides \"/uploads/missing.pdf\": not an http(s) URL nor a file") !=
               std::string::npos);
    BOOST_TEST(text(db, "SELECT image FROM project WHERE slug = 'proj'") == "proj-featured.png");
    BOOST_TEST(count(db, "SELECT count(*) FROM project_publication WHERE project_slug = 'proj'") == 1);
    BOOST_TEST(text(db, "SELECT year || '|' || name || '|' || issuer FROM award") == "2024|Best Paper Award|OSDI");
    check_database(Db::open(db.string(), OpenMode::read_only));
}

BOOST_AUTO_TEST_CASE(leaves_out_the_starters_demo_author) {
    test::TempDir dir;
    fs::path site = dir.path() / "site", db = dir.path() / "site.db";
    write(site / "config/_default/params.yaml", "appearance:\n  mode: system\n");
    write(site / "content/authors/admin/_index.md",
          "---\ntitle: Nelson Bighetti\nrole: Professor of Artificial Intelligence\n---\nNelson Bighetti is a professor.\n");
    auto report = import_site(site, db.string());
    BOOST_TEST(notes_of(report, "content/authors/admin/_index.md", SiteNote::Outcome::demo) == 1u);
    BOOST_TEST(count(db, "SELECT count(*) FROM profile_paragraph") == 0);
}

// Older Hugo Academic sites write front matter in TOML (its talk archetype,
// as a real site kept it: comments, a date, arrays, tables).
BOOST_AUTO_TEST_CASE(reads_toml_front_matter_as_hugo_academic_writes_it) {
    auto read = split_toml_front_matter(
        "+++\ntitle = \"Bessensap\"\n\n# Talk start and end times.\ndate = 2018-06-15\nall_day = true\n"
        "location = \"Rode Hoed, Amsterdam  \"  # trailing comment\nevent_url = 'https://www.nwo.nl/a#b'\n"
        "tags = [\"AI\",\n  \"pathology\", ]\nprojects = []\nabstract = \"\"\"\nTwo\nlines \\\"quoted\\\"\"\"\"\n"
        "author = { name = \"Geert\", id = 3 }\n[image]\n  caption = \"Image credit\"\n[[links]]\n  name = \"Video\"\n"
        "  url = \"https://youtu.be/x\"\n[[links]]\n  name = \"Code\"\n  url = \"https://github.com/x\"\n+++\n\nBody text.\n");
    BOOST_REQUIRE(read.has_front);
    BOOST_TEST(yaml_text(read.front, "title") == "Bessensap");
    BOOST_TEST(*jekyll_date(yaml_text(read.front, "date")) == "2018-06-15");
    BOOST_TEST(yaml_text(read.front, "location") == "Rode Hoed, Amsterdam  ");
    BOOST_TEST(yaml_text(read.front, "event_url") == "https://www.nwo.nl/a#b");
    BOOST_TEST(yaml_child(read.front, "tags").size() == 2u);
    BOOST_TEST(yaml_text(read.front, "abstract") == "Two\nlines \"quoted\"");
    BOOST_TEST(yaml_text(yaml_child(read.front, "image"), "caption") == "Image credit");
    BOOST_REQUIRE(yaml_child(read.front, "links").size() == 2u);
    BOOST_TEST(yaml_text(yaml_child(read.front, "links")[1], "url") == "https://github.com/x");
    BOOST_TEST(yaml_text(yaml_child(read.front, "author"), "name") == "Geert");
    BOOST_TEST(read.body == "\nBody text.\n");
    BOOST_TEST(read.body_line == 25);  // the blank line after the closing +++
    BOOST_CHECK_THROW(split_toml_front_matter("+++\ntitle = \"open\n+++\n"), Error);
    BOOST_CHECK_THROW(split_toml_front_matter("+++\ntitle = \"x\" junk\n+++\n"), Error);
    BOOST_CHECK_THROW(split_toml_front_matter("+++\ntitle = \"never closed\"\n"), Error);
}

// No content/authors/admin: the first author is the owner; the section's
// list page is said to be one; a page in TOML is read as one in YAML.
BOOST_AUTO_TEST_CASE(takes_the_first_author_and_reports_toml_front_matter) {
    test::TempDir dir;
    fs::path site = dir.path() / "site", db = dir.path() / "site.db";
    write(site / "config.toml", "theme = 'academic'\n");
    write(site / "content/authors/_index.md", "---\ntitle: People\n---\n");
    write(site / "content/authors/amin/_index.md", "---\ntitle: Amin K\nrole: PhD student\n---\nAmin works on storage.\n");
    write(site / "content/home/experience.md",  // Academic's widget (as akarbas.github.io had it)
          "---\nwidget: experience\nheadless: true\nexperience:\n  - title: 'Intern Infrastructure Software Engineer'\n"
          "    company: 'Neuralink'\n    location: 'Fremont, CA'\n    date_start: '2023-07-03'\n    date_end: '2023-09-22'\n---\n");
    write(site / "content/home/hero.md", "---\nwidget: hero\nheadless: true\n---\n");
    write(site / "content/talk/2018/invited.md", "---\ntitle: An invited talk\nevent: A workshop\ndate: 2018-05-01\n---\n");
    write(site / "content/talk/old/index.md",
          "+++\ntitle = \"An old talk\"\ndate = 2019-01-01\nevent = \"A meeting\"\nsummary = \"What it was about.\"\n+++\n");
    auto report = import_site(site, db.string());
    std::string all = all_notes(report);
    BOOST_TEST(all.find("imported content/authors/amin/_index.md: owner \"Amin K\"") != std::string::npos);
    BOOST_TEST(all.find("skipped content/authors/_index.md: a section's list page") != std::string::npos);
    BOOST_TEST(all.find("imported content/talk/old/index.md: talk \"An old talk\" (2019-01-01)") != std::string::npos);
    BOOST_TEST(text(db, "SELECT event || '|' || abstract FROM talk WHERE title = 'An old talk'") == "A meeting|What it was about.");
    BOOST_TEST(all.find("imported content/talk/2018/invited.md: talk \"An invited talk\" (2018-05-01)") != std::string::npos);
    every_file_accounted_for(site, report);
    BOOST_TEST(text(db, "SELECT organization || '|' || location || '|' || role || '|' || start_month || '|' || end_month FROM experience") ==
               "Neuralink|Fremont, CA|Intern Infrastructure Software Engineer|2023-07|2023-09");
}

// Hugo Academic of 2018 (tests/fixtures/sites/hugo-academic-aline-talhouk):
// no author page; the owner is config.toml's [params] (name, role,
// organization, [[params.social]] with "//host" links) and the about
// widget, content/home/about.md (education, the bio as its text).
BOOST_AUTO_TEST_CASE(takes_the_owner_of_an_academic_site_from_its_params_and_about_widget) {
    test::TempDir dir;
    fs::path db = dir.path() / "site.db";
    fs::path site = sites / "hugo-academic-aline-talhouk";
    auto report = import_site(site, db.string());
    BOOST_TEST(report.theme == "hugo-blox");
    Content c = load_content(Db::open(db.string(), OpenMode::read_only));
    BOOST_TEST(c.name == "Aline Talhouk");
    BOOST_TEST(c.affiliation == "University of British Columbia");
    BOOST_TEST(c.job_title.starts_with("Assistant Professor, Department of Gynecology and Obstetrics"));
    BOOST_REQUIRE(c.links.size() == 5u);
    BOOST_TEST(c.links[0].label == "Twitter");
    BOOST_TEST(c.links[0].url == "https://twitter.com/AlineTalhouk");  // "//twitter.com/AlineTalhouk"
    BOOST_TEST(c.links[1].label == "Google Scholar");
    BOOST_REQUIRE(c.education.size() == 3u);
    BOOST_TEST(c.education[0].degree == "PhD in Statistics");
    BOOST_TEST(c.education[0].start_year == 2013);
    BOOST_REQUIRE(!c.bio_markdown.empty());
    BOOST_TEST(c.bio_markdown.back().starts_with("I am an Assistant Professor of Gynecology and Obstetrics"));
    every_file_accounted_for(site, report);
    check_database(Db::open(db.string(), OpenMode::read_only));
}

// Wowchemy v5 (tests/fixtures/sites/wowchemy-elvio-blini): events with only
// publishDate (date commented out) are talks of that date, as Hugo dates
// them; two folders whose cite.bib share the key Blini2024 are two works.
BOOST_AUTO_TEST_CASE(reads_a_wowchemy_site_whole) {
    test::TempDir dir;
    fs::path db = dir.path() / "site.db";
    fs::path site = sites / "wowchemy-elvio-blini";
    auto report = import_site(site, db.string());
    BOOST_TEST(text(db, "SELECT name FROM profile") == "Elvio A. Blini");
    // The landing page's experience block (content/_index.md): the owner's five positions.
    BOOST_TEST(count(db, "SELECT count(*) FROM experience") == 5);
    BOOST_TEST(text(db, "SELECT organization || ', ' || role || ', ' || start_month FROM experience ORDER BY position LIMIT 1") ==
               "Center for Mind/Brain Sciences, University of Trento, Assistant Professor (RTDa), 2025-07");
    BOOST_TEST(count(db, "SELECT count(*) FROM talk") == 2);
    BOOST_TEST(text(db, "SELECT date FROM talk WHERE title = 'A bird''s eye view on my research interests so far'") == "2024-10-30");
    BOOST_TEST(text(db, "SELECT date FROM talk WHERE title = 'Talks and various material'") == "2023-06-17");
    BOOST_TEST(count(db, "SELECT count(*) FROM publication") == 21);  // one a folder, Blini2024 twice
    BOOST_TEST(text(db, "SELECT title FROM publication WHERE bibtex_key = 'Blini2024' OR slug = 'blini2024'") ==
               "What pupil size can and cannot tell about math anxiety");
    BOOST_TEST(text(db, "SELECT title FROM publication WHERE slug = 'blini2024-2'") ==
               "Pupillary manifolds: uncovering the latent geometrical structures behind phasic changes in pupil size");
    // The second's featured: true, on its own row (and not on the first's).
    BOOST_TEST(count(db, "SELECT count(*) FROM publication WHERE slug = 'blini2024-2' AND selected = 1") == 1);
    BOOST_TEST(count(db, "SELECT count(*) FROM publication WHERE slug = 'blini2024' AND selected = 1") == 0);
    BOOST_TEST(all_notes(report).find("key Blini2024 is another folder's cite.bib's too: imported as Blini2024-2") != std::string::npos);
    every_file_accounted_for(site, report);
    check_database(Db::open(db.string(), OpenMode::read_only));
}

// Two cite.bib sharing a key, and a third: each folder its own work, the
// page's extras (featured, links) on its own row.
BOOST_AUTO_TEST_CASE(two_folders_are_two_works_whatever_their_keys) {
    test::TempDir dir;
    fs::path site = dir.path() / "site";
    write(site / "config/_default/params.yaml", "appearance:\n  theme_day: minimal\n");
    write(site / "content/authors/admin/_index.md", "---\ntitle: Ann Lee\n---\nAnn studies pupils.\n");
    for (auto [folder, title, featured] : {std::tuple{"a", "First", "false"}, {"b", "Second", "true"}, {"c", "Third", "false"}}) {
        write(site / "content/publication" / folder / "index.md",
              std::string("---\ntitle: ") + title + "\nfeatured: " + featured + "\nurl_code: https://example.org/" + folder + "\n---\n");
        write(site / "content/publication" / folder / "cite.bib",
              std::string("@article{Lee2024,\n  title = {") + title + "},\n  author = {Lee, Ann},\n  year = {2024}\n}\n");
    }
    fs::path db = dir.path() / "site.db";
    import_site(site, db.string());
    BOOST_TEST(count(db, "SELECT count(*) FROM publication") == 3);
    BOOST_TEST(text(db, "SELECT title FROM publication WHERE slug = 'lee2024'") == "First");
    BOOST_TEST(text(db, "SELECT title FROM publication WHERE slug = 'lee2024-2'") == "Second");
    BOOST_TEST(text(db, "SELECT title FROM publication WHERE slug = 'lee2024-3'") == "Third");
    BOOST_TEST(text(db, "SELECT slug FROM publication WHERE selected = 1") == "lee2024-2");
}

// The later starters' author (吳健雄, the bio "Chien Shiung Wu is a professor
// of artificial intelligence at the Stanford AI Lab...") is demo, by name or
// by that text under another name.
BOOST_AUTO_TEST_CASE(leaves_out_the_later_starters_demo_author_by_its_text) {
    std::string bio = "Chien Shiung Wu is a professor of artificial intelligence at the Stanford AI Lab. Her research interests "
                      "include distributed robotics, mobile computing\nand programmable matter. She leads the Robotic Neurobiology group.";
    BOOST_TEST(is_demo_hugo("author", "吳健雄", ""));
    BOOST_TEST(is_demo_hugo("author", "Ann Lee", bio));
    BOOST_TEST(!is_demo_hugo("author", "Ann Lee", "Ann Lee is a professor of statistics."));
}

// Hugo Academic of 2019 (tests/fixtures/sites/hugo-academic-alejandro-morales):
// the owner in config.toml's [params] (organizations as an array of inline
// tables over lines, email, [[params.social]]), the about widget's education,
// the experience widget, talks in TOML front matter whose `date` is the
// page's and `time_start` the talk's, a publication with its cite.bib.
BOOST_AUTO_TEST_CASE(reads_an_academic_site_of_2019_whole) {
    test::TempDir dir;
    fs::path db = dir.path() / "site.db";
    fs::path site = sites / "hugo-academic-alejandro-morales";
    auto report = import_site(site, db.string());
    Content c = load_content(Db::open(db.string(), OpenMode::read_only));
    BOOST_TEST(c.name == "Alejandro Morales");
    BOOST_TEST(c.affiliation == "Wageningen University");
    BOOST_TEST(c.job_title == "Scientific programmer and data analyst. Plant scientist.");
    BOOST_REQUIRE(c.emails.size() == 1u);
    BOOST_TEST(c.emails[0].address == "alejandro.moralessierra@wur.nl");
    BOOST_TEST(c.links.size() == 5u);
    BOOST_TEST(c.education.size() == 4u);
    BOOST_TEST(c.education[0].degree == "PhD in Systems Biology");
    BOOST_TEST(c.experiences.size() == 3u);
    BOOST_TEST(!c.bio_markdown.empty());
    BOOST_TEST(count(db, "SELECT count(*) FROM publication") == 1);
    BOOST_TEST(text(db, "SELECT date FROM talk WHERE title LIKE 'Mesophyll and stomatal limitations%'") == "2019-06-10");
    BOOST_TEST(text(db, "SELECT date FROM talk WHERE title LIKE 'Dynamic photosynthesis%'") == "2017-03-21");
    every_file_accounted_for(site, report);
    check_database(Db::open(db.string(), OpenMode::read_only));
}

// Yunlin Zeng's site keeps the starter's posts: --include-demo-file takes
// one by the name the report gives it; a demo publication's cite.bib names
// its page too.
BOOST_AUTO_TEST_CASE(brings_in_one_demo_page_by_name) {
    test::TempDir dir;
    fs::path db = dir.path() / "site.db";
    auto report = import_site(sites / "hugoblox-yunlin-zeng", db.string(),
                              {.include_demo = false, .include_demo_files = {"content/post/get-started/index.md"}});
    BOOST_TEST(count(db, "SELECT count(*) FROM post") == 1);
    auto left_out = demo_files(report);
    auto listed = [&](const char* file) { return std::find(left_out.begin(), left_out.end(), file) != left_out.end(); };
    BOOST_TEST(!listed("content/post/get-started/index.md"));
    BOOST_TEST(listed("content/post/second-brain/index.md"));
}

// Academic's own example site: its owner Lexi Tyler in [params] and the
// about widget are demo; --include-demo takes both.
BOOST_AUTO_TEST_CASE(leaves_out_academics_example_owner_from_its_params) {
    test::TempDir dir;
    fs::path site = dir.path() / "site";
    write(site / "config.toml", "title = \"Academic\"\n[params]\n  name = \"Lexi Tyler\"\n  role = \"Professor of Artificial Intelligence\"\n");
    write(site / "content/home/about.md", "+++\nwidget = \"about\"\n+++\n\n# Biography\n\nLexi Tyler is a professor.\n");
    auto report = import_site(site, (dir.path() / "a.db").string());
    BOOST_TEST(demo_files(report) == (std::vector<std::string>{"config.toml", "content/home/about.md"}));
    BOOST_TEST(count(dir.path() / "a.db", "SELECT count(*) FROM profile_paragraph") == 0);
    auto all = import_site(site, (dir.path() / "b.db").string(), {.include_demo = true, .include_demo_files = {}});
    BOOST_TEST(demo_files(all).empty());
    BOOST_TEST(text(dir.path() / "b.db", "SELECT name FROM profile") == "Lexi Tyler");
}
