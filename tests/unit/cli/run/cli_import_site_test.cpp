// `vitae import-site`: Jekyll's front matter and dates, Liquid reporting,
// the themes' demo content, and real sites of both themes
// (tests/fixtures/sites/, README there) imported with every file accounted for.
#define BOOST_TEST_MODULE cli_import_site
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

#include <fstream>

#include "base/error.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/plan/site_demo.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/site/import_site.hpp"
#include "cli_test_support.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/publication_store.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli;
namespace fs = std::filesystem;

namespace {

const fs::path sites = fs::path(VITAE_FIXTURES_DIR) / "sites";

struct TempDb {
    fs::path dir = fs::temp_directory_path() / ("vitae-import-site-" + std::to_string(::getpid()));
    std::string path = (dir / "site.db").string();
    TempDb() {
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    ~TempDb() { fs::remove_all(dir); }
};

std::int64_t count(const std::string& db_path, const std::string& table) {
    auto db = Db::open(db_path, OpenMode::read_only);
    auto stmt = db.prepare("SELECT count(*) FROM " + table);
    stmt.step();
    return stmt.int_at(0);
}

std::size_t files_in(const fs::path& folder) {
    std::size_t n = 0;
    if (fs::is_directory(folder))
        for (const auto& entry : fs::directory_iterator(folder)) n += entry.is_regular_file();
    return n;
}

std::size_t notes_of(const SiteImportReport& report, std::string_view folder, SiteNote::Outcome outcome) {
    std::set<std::string> files;
    for (const auto& note : report.notes)
        if (note.outcome == outcome && note.file.starts_with(folder)) files.insert(note.file);
    return files.size();
}

// Every file of the fixture has a final word: imported, skipped or demo.
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

}  // namespace

BOOST_AUTO_TEST_CASE(reads_every_date_form_jekyll_accepts) {
    BOOST_TEST(*jekyll_date("2024-01-02") == "2024-01-02");
    BOOST_TEST(*jekyll_date("2024-1-2") == "2024-01-02");
    BOOST_TEST(*jekyll_date("2024-01-02 10:00:00 +0100") == "2024-01-02");
    BOOST_TEST(*jekyll_date("2024-01-02T23:59:00Z") == "2024-01-02");
    BOOST_TEST(*jekyll_date("2024-01-02 10:00") == "2024-01-02");
    BOOST_TEST(*jekyll_date("January 2, 2024") == "2024-01-02");
    BOOST_TEST(*jekyll_date("2 Jan 2024") == "2024-01-02");
    BOOST_TEST(!jekyll_date("2024-02-30"));
    BOOST_TEST(!jekyll_date("soon"));
    BOOST_TEST(!jekyll_date(""));
    auto dated = dated_file_name("2024-01-02-my-first-post");
    BOOST_REQUIRE(dated);
    BOOST_TEST(dated->date == "2024-01-02");
    BOOST_TEST(dated->rest == "my-first-post");
    BOOST_TEST(dated_file_name("2024-3-7-x")->date == "2024-03-07");
    BOOST_TEST(!dated_file_name("about"));
}

BOOST_AUTO_TEST_CASE(splits_front_matter_and_reports_a_broken_one) {
    auto file = split_front_matter("---\ntitle: \"A: b\"\ndate: 2024-01-02\n---\nBody\n");
    BOOST_TEST(file.has_front);
    BOOST_TEST(yaml_text(file.front, "title") == "A: b");
    BOOST_TEST(file.body == "Body\n");
    BOOST_TEST(file.body_line == 5);
    BOOST_TEST(!split_front_matter("no front matter").has_front);
    BOOST_CHECK_THROW(split_front_matter("---\ntitle: [unclosed\n---\n"), Error);
    BOOST_CHECK_THROW(split_front_matter("---\ntitle: x\n"), Error);
}

BOOST_AUTO_TEST_CASE(reports_liquid_by_line_and_keeps_the_text_around_it) {
    std::string body = "Intro\n{% include figure.html path=\"a.png\" %} after\n[cv]({{ site.baseurl }}/cv.pdf) "
                       "{{ page.title }}\n{% raw %}{{ kept }}{% endraw %}\n{% highlight c %}\nint x;\n{% endhighlight %}";
    auto [out, removed] = strip_liquid(body, 10);
    BOOST_TEST(out == "Intro\n after\n[cv](/cv.pdf) \n{{ kept }}\n```c\nint x;\n```");
    BOOST_REQUIRE(removed.size() == 2u);
    BOOST_TEST(removed[0].line == 11);
    BOOST_TEST(removed[0].text == "{% include figure.html path=\"a.png\" %}");
    BOOST_TEST(removed[1].line == 12);
    BOOST_TEST(removed[1].text == "{{ page.title }}");
}

BOOST_AUTO_TEST_CASE(recognises_the_themes_demo_content) {
    BOOST_TEST(is_demo_publication("Paper Title Number 3"));
    BOOST_TEST(!is_demo_publication("Laminar to turbulent transition in terms of information theory"));
    BOOST_TEST(is_demo_talk("Conference Proceeding talk 3 on Relevant Topic in Your Field"));
    BOOST_TEST(is_demo_post("a post with code"));
    BOOST_TEST(is_demo_post("Blog Post number 4"));
    BOOST_TEST(!is_demo_post("Avoiding the vanishing gradients problem"));
    BOOST_TEST(is_demo_name("Your Name"));
    BOOST_TEST(is_demo_name("You R. Name"));
    BOOST_TEST(!is_demo_name("Yichi Zhang"));
    BOOST_TEST(is_demo_bib_entry("einstein1905movement", "Einstein, A."));
    BOOST_TEST(!is_demo_bib_entry("einstein1905movement", "Zhang, Y."));
    BOOST_TEST(is_demo_news("A simple inline announcement.\n"));
    BOOST_TEST(is_demo_news("\nA simple inline announcement with Markdown emoji!\n:sparkles:  :smile:\n"));  // whitespace aside
    BOOST_TEST(!is_demo_news("Our paper was accepted."));
    BOOST_TEST(!is_demo_news("A simple inline announcement: our paper was accepted."));  // the theme's words, the owner's news
}

BOOST_AUTO_TEST_CASE(imports_real_al_folio_sites) {
    // name, BibTeX entries that are not the theme's demo, news items likewise
    for (auto [name, bib_entries, news] :
         {std::tuple{"al-folio-yichi-zhang", 13, 6}, {"al-folio-501good", 10, 1}, {"al-folio-oliver-larsen", 4, 3},
          {"al-folio-aakash-kt", 0, 15}}) {
        TempDb db;
        fs::path site = sites / name;
        auto report = import_site(site, db.path);
        BOOST_TEST(report.theme == "al-folio");
        BOOST_TEST(count(db.path, "profile_paragraph") >= 2);
        BOOST_TEST(count(db.path, "publication") == bib_entries);
        BOOST_TEST(count(db.path, "news") == news);
        BOOST_TEST(report.counts.news == static_cast<std::size_t>(news));
        BOOST_TEST(notes_of(report, "_news/", SiteNote::Outcome::imported) + notes_of(report, "_news/", SiteNote::Outcome::demo) ==
                   files_in(site / "_news"));
        every_file_accounted_for(site, report);
        check_database(Db::open(db.path, OpenMode::read_only));
    }
}

BOOST_AUTO_TEST_CASE(imports_real_academicpages_sites) {
    // name, publications that are not the theme's demo, teaching and talks likewise
    for (auto [name, publications, teaching, talks] :
         {std::tuple{"academicpages-aaron-schneider", 6, 2, 2}, {"academicpages-adolfo-bahamonde", 3, 0, 0},
          {"academicpages-albin-aichberger", 2, 0, 1}}) {
        TempDb db;
        fs::path site = sites / name;
        auto report = import_site(site, db.path);
        BOOST_TEST(report.theme == "academicpages");
        BOOST_TEST(count(db.path, "profile_paragraph") >= 1);
        BOOST_TEST(count(db.path, "publication") == publications);
        BOOST_TEST(count(db.path, "teaching") == teaching);
        BOOST_TEST(notes_of(report, "_publications/", SiteNote::Outcome::imported) +
                       notes_of(report, "_publications/", SiteNote::Outcome::demo) ==
                   files_in(site / "_publications"));
        BOOST_TEST(count(db.path, "talk") == talks);
        BOOST_TEST(notes_of(report, "_talks/", SiteNote::Outcome::imported) + notes_of(report, "_talks/", SiteNote::Outcome::demo) ==
                   files_in(site / "_talks"));
        every_file_accounted_for(site, report);
        check_database(Db::open(db.path, OpenMode::read_only));
    }
}

BOOST_AUTO_TEST_CASE(maps_news_and_talks_front_matter_onto_their_rows) {
    TempDb db;
    import_site(sites / "al-folio-yichi-zhang", db.path);
    import_site(sites / "academicpages-aaron-schneider", (db.dir / "talks.db").string());
    auto news_db = Db::open(db.path, OpenMode::read_only);
    Content news = load_content(news_db);
    BOOST_REQUIRE(news.news.size() == 6u);
    // Newest first; the date from front matter (its time and zone dropped), the body as Markdown.
    BOOST_TEST(news.news[0].date == "2024-06-17");
    BOOST_TEST(news.news[0].markdown.starts_with("[Agent-Eval-Refine](https://github.com/Berkeley-NLP/Agent-Eval-Refine) won"));
    BOOST_TEST(news.news[2].date == "2024-02-15");
    auto talks_db = Db::open((db.dir / "talks.db").string(), OpenMode::read_only);
    Content talks = load_content(talks_db);
    BOOST_REQUIRE(talks.talks.size() == 2u);
    const Talk& poster = talks.talks[0];
    BOOST_TEST(poster.date == "2022-05-01");
    BOOST_TEST(poster.title.starts_with("Exploring the deep atmospheres"));
    BOOST_TEST(poster.event == "Poster, Exoplanets 4");
    BOOST_TEST(poster.place == "Las Vegas");
    BOOST_TEST(poster.abstract.starts_with("Simulations with a 3D general circulation model"));
    BOOST_TEST(talks.talks[1].event == "Exoplanets 3");
}

BOOST_AUTO_TEST_CASE(a_news_item_with_html_is_sanitized_and_a_page_item_keeps_its_title) {
    TempDb db;
    fs::path site = db.dir / "site";
    fs::create_directories(site / "_news");
    test::write_file(site / "_config.yml", "first_name: Ann\nlast_name: Lee\n");
    test::write_file(site / "_news" / "a.md", "---\ndate: 2025-03-04\ninline: true\n---\n<b onclick=\"x()\">Hi</b> <script>alert(1)</script>\n");
    test::write_file(site / "_news" / "b.md", "---\ntitle: A long one\ndate: 2025-05-06 10:00:00\ninline: false\n---\nThe details.\n");
    test::write_file(site / "_news" / "announcement_1.md", "---\ndate: 2015-10-22\ninline: true\n---\nA simple inline announcement.\n");
    auto report = import_site(site, db.path);
    BOOST_TEST(notes_of(report, "_news/", SiteNote::Outcome::demo) == 1);
    auto reader = Db::open(db.path, OpenMode::read_only);
    Content c = load_content(reader);
    BOOST_REQUIRE(c.news.size() == 2u);
    BOOST_TEST(c.news[0].markdown == "**A long one**\n\nThe details.");
    BOOST_TEST(c.news[1].markdown.find("onclick") == std::string::npos);
    BOOST_TEST(c.news[1].markdown.find("<script") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_paper_listed_twice_is_reported_by_the_work_identity_rule_and_nothing_is_dropped) {
    TempDb db;
    fs::path site = db.dir / "site";
    fs::create_directories(site / "_publications");
    fs::create_directories(site / "_bibliography");
    test::write_file(site / "_config.yml", "first_name: Ann\nlast_name: Lee\n");
    test::write_file(site / "_publications" / "tides.md", "---\ntitle: Tides of SQL\ndate: 2020-01-01\ndoi: 10.1145/tides\n---\n");
    // Another page of it: its DOI in another spelling (stored bare), its title otherwise.
    test::write_file(site / "_publications" / "tides-copy.md",
                     "---\ntitle: \"Tides of SQL: views at sea\"\ndate: 2020-01-01\ndoi: https://doi.org/10.1145/TIDES\n---\n");
    test::write_file(site / "_publications" / "tides-2021.md", "---\ntitle: Tides of SQL\ndate: 2021-01-01\n---\n");  // another year
    test::write_file(site / "_bibliography" / "papers.bib",
                     "@article{tides-bib, title = {Tides of {SQL}}, author = {Ann Lee}, journal = {J}, year = 2020}\n"  // no DOI: title and year
                     "@dataset{tidesdata, title = {Tides of SQL}, author = {Ann Lee}, year = 2020, doi = {10.5061/dryad.1}}\n");
    auto report = import_site(site, db.path);
    BOOST_TEST(count(db.path, "publication") == 5);
    auto reader = Db::open(db.path, OpenMode::read_only);
    BOOST_TEST(find_publication(reader, "tides-copy")->publication.doi == "10.1145/TIDES");
    std::vector<std::string> said;
    for (const auto& note : report.notes)
        if (note.message.find("the same work as") != std::string::npos) said.push_back(note.file + " " + note.message.substr(0, note.message.find(": both")));
    // Read in file name order: tides-2021.md, tides-copy.md, tides.md.
    BOOST_TEST(said == (std::vector<std::string>{"_publications/tides.md publication tides: the same work as tides-copy by its DOI",
                                                 "_bibliography/papers.bib tides-bib: the same work as tides by its title and year"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(refuses_a_database_with_content_and_a_folder_that_is_not_a_site) {
    TempDb db;
    import_site(sites / "al-folio-yichi-zhang", db.path);
    BOOST_CHECK_THROW(import_site(sites / "al-folio-yichi-zhang", db.path), UsageError);
    BOOST_CHECK_THROW(import_site(db.dir, db.dir / "other.db"), UsageError);
    auto ran = test::vitae_cli({"import-site", db.dir.string(), (db.dir / "x.db").string()});
    BOOST_TEST(ran.status != 0);
    BOOST_TEST(ran.err.find("looked for Jekyll's _config.yml") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(imports_posts_reporting_liquid_html_and_a_broken_file) {
    TempDb db;
    fs::path site = sites / "made-up-posts";
    auto report = import_site(site, db.path);
    every_file_accounted_for(site, report);
    auto content = load_content(Db::open(db.path, OpenMode::read_only));
    BOOST_REQUIRE(content.posts.size() == 3u);  // the broken one is reported, the others imported (a draft among them)
    std::string all;
    for (const auto& note : report.notes) all += describe(note) + "\n";
    BOOST_TEST(all.find("skipped _posts/2024-02-02-bad.md: line 3: front matter is not YAML") != std::string::npos);
    BOOST_TEST(all.find("warning _posts/2024-01-01-hello.md:5: Liquid \"{% include x.html %}\"") != std::string::npos);
    BOOST_TEST(all.find("warning _posts/2024-01-01-hello.md:7: raw HTML: removed <script> and its content") != std::string::npos);
    BOOST_TEST(all.find("removed link javascript:x") != std::string::npos);
    bool hello = false;
    for (std::size_t i = 0; i < content.posts.size(); ++i) {
        const auto& post = content.posts[i];
        if (post.slug != "hello") continue;
        hello = true;
        BOOST_TEST(post.title == "Hello: world");
        BOOST_TEST(post.published == "2024-01-02");  // front matter over the file name
        BOOST_TEST(post.body.find("Text  more.") != std::string::npos);
        BOOST_TEST(post.body.find("script") == std::string::npos);
    }
    BOOST_TEST(hello);
    // published: false is a draft here too (seen only at its preview URL); tags and categories are tags.
    auto db2 = Db::open(db.path, OpenMode::read_only);
    auto draft = db2.prepare("SELECT status, length(preview_token) FROM post WHERE slug = 'draft-notes'");
    BOOST_REQUIRE(draft.step());
    BOOST_TEST(draft.text_at(0) == "draft");
    BOOST_TEST(draft.int_at(1) == 32);
    auto tags = db2.prepare("SELECT group_concat(tag, ' ') FROM (SELECT tag FROM post_tag WHERE post_slug = 'draft-notes' ORDER BY position)");
    BOOST_REQUIRE(tags.step());
    BOOST_TEST(tags.text_at(0) == "machine-learning systems c notes");
}

// The avatar named in _config.yml, when it is in the tree, arrives as the
// stored profile photo (a real site's text, with a picture put in its place).
BOOST_AUTO_TEST_CASE(imports_the_profile_picture_as_the_stored_photo) {
    TempDb db;
    fs::path site = db.dir / "site";
    fs::copy(sites / "academicpages-adolfo-bahamonde", site, fs::copy_options::recursive);
    fs::create_directories(site / "images");
    // A 1x1 PNG (Adolfo's avatar is profile.png).
    const unsigned char png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1,
                                 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde, 0, 0, 0, 12, 'I', 'D', 'A', 'T', 0x08,
                                 0xd7, 0x63, 0xf8, 0xcf, 0xc0, 0, 0, 0x03, 0x01, 0x01, 0, 0x18, 0xdd, 0x8d, 0xb0, 0, 0, 0,
                                 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
    std::ofstream(site / "images" / "profile.png", std::ios::binary).write(reinterpret_cast<const char*>(png), sizeof png);
    auto report = import_site(site, db.path);
    auto reader = Db::open(db.path, OpenMode::read_only);
    Content c = load_content(reader);
    BOOST_TEST(c.photo == "profile.png");
    BOOST_REQUIRE(c.file("profile.png"));
    BOOST_TEST(c.file("profile.png")->alt == c.name);
    BOOST_TEST(notes_of(report, "images/profile.png", SiteNote::Outcome::imported) == 1u);
}

namespace {

void write(const fs::path& file, std::string_view content) {
    fs::create_directories(file.parent_path());
    test::write_file(file, content);
}

std::string text(const std::string& db_path, const std::string& sql) {
    auto db = Db::open(db_path, OpenMode::read_only);
    auto stmt = db.prepare(sql);
    return stmt.step() ? stmt.text_at(0) : "(no row)";
}

}  // namespace

// A real al-folio site (its nine demo projects) with a project of one's own
// put beside them: the demo ones left out, the real one with its picture,
// links and the paper its body cites.
BOOST_AUTO_TEST_CASE(imports_al_folio_projects_and_leaves_the_demo_ones_out) {
    TempDb db;
    fs::path site = db.dir / "site";
    fs::copy(sites / "al-folio-501good", site, fs::copy_options::recursive);
    write(site / "_projects" / "10_evaluation.md",
          "---\nlayout: page\ntitle: Evaluating depression models\ndescription: How we test them.\nimg: assets/img/eval.png\n"
          "importance: 1\ngithub: 501Good/eval\nrelated_publications: true\n---\n\nWe compare models "
          "{% cite milintsevich-etal-2024-evaluating %}.\n");
    write(site / "assets" / "img" / "eval.png", test::tiny_png());
    auto report = import_site(site, db.path);
    BOOST_TEST(notes_of(report, "_projects/", SiteNote::Outcome::demo) == 9u);  // "project 3 with very long name" too
    BOOST_TEST(count(db.path, "project") == 1);
    BOOST_TEST(text(db.path, "SELECT slug || '|' || title || '|' || summary || '|' || image FROM project") ==
               "10-evaluation|Evaluating depression models|How we test them.|eval.png");
    BOOST_TEST(text(db.path, "SELECT label || ' ' || url FROM project_link") == "Code https://github.com/501Good/eval");
    BOOST_TEST(text(db.path, "SELECT p.slug FROM project_publication r JOIN publication p ON p.id = r.publication_id") ==
               "milintsevich-etal-2024-evaluating");
    BOOST_TEST(text(db.path, "SELECT markdown FROM project") == "We compare models .");  // the Liquid reported, the text kept
    check_database(Db::open(db.path, OpenMode::read_only));
}

// A real al-folio site's own projects, in its importance order, related to
// the papers their bodies cite.
BOOST_AUTO_TEST_CASE(imports_a_real_al_folio_sites_projects) {
    TempDb db;
    fs::path site = sites / "al-folio-oliver-larsen";
    auto report = import_site(site, db.path);
    BOOST_TEST(notes_of(report, "_projects/", SiteNote::Outcome::imported) == files_in(site / "_projects"));
    BOOST_TEST(text(db.path, "SELECT group_concat(slug, ' ') FROM (SELECT slug FROM project ORDER BY position)") ==
               "1-flood-detection 2-carboplanner 3-konsensus 4-stock-analysis 5-meal-recommender");
    BOOST_TEST(text(db.path, "SELECT title || '|' || summary FROM project WHERE position = 1") ==
               "Flood Detection System|Edge-based standing-water detection for agricultural vehicles using FSM-guided YOLO model tiering");
    BOOST_TEST(text(db.path, "SELECT group_concat(r.project_slug || '>' || p.slug, ' ') FROM project_publication r "
                             "JOIN publication p ON p.id = r.publication_id") ==
               "1-flood-detection>larsen2026flood 3-konsensus>larsen2026bitsov");
    BOOST_TEST(text(db.path, "SELECT instr(markdown, 'github.com/Oliver1703dk/flood_detection_system') > 0 FROM project WHERE position = 1") == "1");
}

// academicpages' _portfolio: a real item and the theme's demo.
BOOST_AUTO_TEST_CASE(imports_academicpages_portfolio_items_as_projects) {
    TempDb db;
    fs::path site = db.dir / "site";
    fs::copy(sites / "academicpages-adolfo-bahamonde", site, fs::copy_options::recursive);
    write(site / "_portfolio" / "portfolio-1.md",
          "---\ntitle: \"Portfolio item number 1\"\nexcerpt: \"Short description of portfolio item number 1\"\n"
          "collection: portfolio\n---\n\nThis is an item in your portfolio. It can be have images or nice text.\n");
    write(site / "_portfolio" / "lsgan.md",  // as a real site writes it: the picture inside the excerpt
          "---\ntitle: \"LSGAN Image Generation\"\ndate: 2019-12-17\nexcerpt: \"Least squares GANs for image generation."
          "<br/><img src='/images/LSGANarch.png' style='width:395px;height:180px;'>\"\ncollection: portfolio\norder: 2\n---\n\n## Summary\n");
    write(site / "images" / "LSGANarch.png", test::tiny_png());
    write(site / "_portfolio" / "survey.md",
          "---\ntitle: \"A survey of voters\"\nexcerpt: \"Data from 2020.\"\nheader:\n  teaser: survey.png\n---\n\nThe data.\n");
    write(site / "images" / "survey.png", test::tiny_png());
    auto report = import_site(site, db.path);
    BOOST_TEST(notes_of(report, "_portfolio/", SiteNote::Outcome::demo) == 1u);
    BOOST_TEST(text(db.path, "SELECT title || '|' || summary || '|' || image || '|' || markdown FROM project WHERE slug = 'survey'") ==
               "A survey of voters|Data from 2020.|survey.png|The data.");
    BOOST_TEST(text(db.path, "SELECT position || '|' || summary || '|' || image FROM project WHERE slug = 'lsgan'") ==
               "1|Least squares GANs for image generation.|lsganarch.png");
}

// Teaching rows get the role their page names; awards come from the CV;
// al-folio's preview={...} becomes the paper's stored preview picture.
BOOST_AUTO_TEST_CASE(fills_teaching_roles_awards_and_preview_pictures) {
    TempDb db;
    import_site(sites / "academicpages-aaron-schneider", db.path);
    BOOST_TEST(text(db.path, "SELECT group_concat(role, ',') FROM teaching") == "Tutor,Tutor");  // "Tutoring in ...", "co-tutor"

    fs::path site = db.dir / "site";
    fs::copy(sites / "al-folio-yichi-zhang", site, fs::copy_options::recursive);
    write(site / "assets" / "img" / "publication_preview" / "aaai20_fig.png", test::tiny_png());
    write(site / "_data" / "cv.yml",
          "- title: Honors and Awards\n  type: time_table\n  contents:\n    - year: 2023\n      items:\n"
          "        - Outstanding Paper Award, EMNLP\n    - title: Rackham Fellowship\n      institution: University of Michigan\n"
          "      year: 2021\n- title: Teaching\n  type: time_table\n  contents:\n    - title: EECS 595 Natural Language Processing\n"
          "      institution: University of Michigan\n      year: 2022\n      description: Graduate student instructor.\n");
    std::string second = (db.dir / "second.db").string();
    auto report = import_site(site, second);
    BOOST_TEST(text(second, "SELECT count(*) FROM publication WHERE preview <> ''") == "1");
    BOOST_TEST(text(second, "SELECT preview FROM publication WHERE preview <> ''") == "aaai20-fig.png");
    BOOST_TEST(text(second, "SELECT group_concat(year || ' ' || name || ' (' || issuer || ')', '; ') FROM award") ==
               "2023 Outstanding Paper Award, EMNLP (); 2021 Rackham Fellowship (University of Michigan)");
    BOOST_TEST(text(second, "SELECT title || '|' || term || '|' || role FROM teaching") ==
               "EECS 595 Natural Language Processing|University of Michigan, 2022|Instructor");
    check_database(Db::open(second, OpenMode::read_only));
}

// A real al-folio site that kept the theme's news file names (announcement_1
// .. _15) and, in announcement_2.md, the theme's title, with its own text
// in each: all fifteen are the owner's news.
BOOST_AUTO_TEST_CASE(news_under_the_themes_file_names_with_the_owners_text_are_imported) {
    TempDb db;
    fs::path site = sites / "al-folio-aakash-kt";
    auto report = import_site(site, db.path);
    BOOST_TEST(notes_of(report, "_news/", SiteNote::Outcome::demo) == 0u);
    BOOST_TEST(demo_files(report) == (std::vector<std::string>{"_projects/1_project.md", "_projects/2_project.md"}));  // the theme's, kept there
    Content c = load_content(Db::open(db.path, OpenMode::read_only));
    BOOST_REQUIRE(c.news.size() == 15u);
    bool phd = false;
    for (const auto& n : c.news) phd = phd || (n.date == "2020-08-01" && n.markdown.starts_with("I have joined as a Ph.D student at CVIT"));
    BOOST_TEST(phd);  // announcement_2.md: "title: A long announcement with details", inline, the owner's text
}

// The same site's about page is _pages/home.md (layout: about, permalink: /),
// the theme's bio kept above the owner's in an HTML comment that runs over
// three paragraphs: the owner's bio, none of the comment.
BOOST_AUTO_TEST_CASE(finds_the_about_page_by_its_layout_and_leaves_html_comments_out) {
    TempDb db;
    auto report = import_site(sites / "al-folio-aakash-kt", db.path);
    Content c = load_content(Db::open(db.path, OpenMode::read_only));
    BOOST_REQUIRE(c.bio_markdown.size() == 5u);
    BOOST_TEST(c.bio_markdown[1].starts_with("Hi there! Welcome to my personal page"));
    std::string all;
    for (const auto& p : c.bio_markdown) all += p + "\n";
    BOOST_TEST(all.find("Write your biography") == std::string::npos);
    BOOST_TEST(all.find("Put your address") == std::string::npos);  // the comment's second paragraph
    BOOST_TEST(all.find("final year Ph.D candidate") == std::string::npos);  // the owner's own, commented out
    BOOST_TEST(notes_of(report, "_pages/home.md", SiteNote::Outcome::demo) == 0u);
}

BOOST_AUTO_TEST_CASE(html_comments_are_left_out_but_in_code) {
    TempDb db;
    fs::path site = db.dir / "site";
    fs::create_directories(site / "_posts");
    test::write_file(site / "_config.yml", "first_name: Ann\nlast_name: Lee\n");
    test::write_file(site / "_posts" / "2024-01-02-a.md",
                     "---\ntitle: A\n---\nKept <!-- hidden --> too.\n\n<!-- a draft\n\nover paragraphs -->\nAfter.\n\n"
                     "```html\n<!-- code -->\n```\n");
    import_site(site, db.path);
    Content c = load_content(Db::open(db.path, OpenMode::read_only));
    BOOST_REQUIRE(c.posts.size() == 1u);
    BOOST_TEST(c.posts[0].body == "Kept  too.\n\nAfter.\n\n```html\n<!-- code -->\n```");
}

// The theme's own demo news beside real ones: left out and listed, and
// brought in by --include-demo (all) or --include-demo-file (one file).
BOOST_AUTO_TEST_CASE(demo_left_out_is_listed_and_can_be_brought_in) {
    test::TempDir dir;  // one folder: TempDb's is the same for every TempDb of the process
    fs::path site = dir.path() / "site";
    auto db_at = [&](const char* name) { return (dir.path() / name).string(); };
    fs::create_directories(site / "_news");
    fs::create_directories(site / "_posts");
    test::write_file(site / "_config.yml", "first_name: Ann\nlast_name: Lee\n");
    test::write_file(site / "_news" / "announcement_1.md", "---\ndate: 2015-10-22\ninline: true\n---\n\nA simple inline\n  announcement.\n");
    test::write_file(site / "_news" / "announcement_2.md", "---\ndate: 2024-05-06\ninline: true\n---\nOur paper was accepted.\n");
    test::write_file(site / "_posts" / "2015-07-15-code.md", "---\ntitle: a post with code\ndate: 2015-07-15\n---\nCode.\n");
    std::string db = db_at("left-out.db");
    auto left_out = import_site(site, db);
    BOOST_TEST(demo_files(left_out) == (std::vector<std::string>{"_posts/2015-07-15-code.md", "_news/announcement_1.md"}));
    BOOST_TEST(count(db, "news") == 1);
    BOOST_TEST(count(db, "post") == 0);

    std::string all_db = db_at("all.db");
    auto all = import_site(site, all_db, {.include_demo = true, .include_demo_files = {}});
    BOOST_TEST(demo_files(all).empty());
    BOOST_TEST(count(all_db, "news") == 2);
    BOOST_TEST(count(all_db, "post") == 1);

    std::string one_db = db_at("one.db");
    auto one = import_site(site, one_db, {.include_demo_files = {(site / "_news" / "announcement_1.md").string()}});
    BOOST_TEST(demo_files(one) == std::vector<std::string>{"_posts/2015-07-15-code.md"});
    BOOST_TEST(count(one_db, "news") == 2);
    BOOST_TEST(count(one_db, "post") == 0);

    std::string dotted_db = db_at("dotted.db");
    BOOST_TEST(demo_files(import_site(site, dotted_db, {.include_demo = false, .include_demo_files = {"./_news/announcement_1.md"}})) ==
               std::vector<std::string>{"_posts/2015-07-15-code.md"});

    // A name that holds no demo content is refused, and nothing is written.
    std::string none_db = db_at("none.db");
    BOOST_CHECK_THROW(import_site(site, none_db, {.include_demo_files = {"_news/announcement_2.md"}}), UsageError);
    BOOST_TEST(!fs::exists(none_db));
}
