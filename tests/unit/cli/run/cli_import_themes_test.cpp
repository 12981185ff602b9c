// `vitae import-site` on Hugo sites of any theme, and values read as the
// generators read them: a real PaperMod site (tests/fixtures/sites/
// hugo-papermod-pascal-michaillat-tree, README there) and sites of ours in
// Congo's, Blowfish's and Ananke's shapes, with the expected rows written
// down by reading the files before the importer ran; then the rules one by
// one: citation strings, month spans, dates, shortcodes, Liquid includes,
// kramdown attribute lists, titles, JSON front matter.
#define BOOST_TEST_MODULE cli_import_themes
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <set>

#include "base/error.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/front/json_front.hpp"
#include "cli/import/plan/site_citation.hpp"
#include "cli/import/plan/site_ledger.hpp"
#include "cli/import/plan/site_markup.hpp"
#include "cli/import/plan/site_title.hpp"
#include "cli/import/site/import_site.hpp"
#include "cli_test_support.hpp"
#include "store/rows/content_store.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli;
namespace fs = std::filesystem;

namespace {

const fs::path sites = test::fixtures_dir / "sites";

std::string all_notes(const SiteImportReport& report) {
    std::string all;
    for (const auto& note : report.notes) all += describe(note) + "\n";
    return all;
}

std::vector<std::string> names(const std::vector<Author>& authors) {
    std::vector<std::string> out;
    for (const auto& a : authors) out.push_back(a.name);
    return out;
}

// "title" of the publication: its authors, "name*" for the owner, in order.
std::string authors_of(const fs::path& db, const std::string& title) {
    auto d = Db::open(db.string(), OpenMode::read_only);
    auto stmt = d.prepare(
        "SELECT group_concat(name || CASE is_owner WHEN 1 THEN '*' ELSE '' END, '; ') FROM "
        "(SELECT a.name, a.is_owner FROM publication_author a JOIN publication p ON p.id = a.publication_id "
        "WHERE p.title = ?1 ORDER BY a.position)");
    stmt.bind(1, title);
    return stmt.step() ? stmt.text_at(0) : "(no row)";
}

}  // namespace

// The real PaperMod site (Pascal Michaillat's, on pmichaillat's academic
// variant of PaperMod). Read before importing: config.yml names the owner
// (params.author) and his bio (profileMode.subtitle), socialIcons give an
// e-mail, three web links (Google Scholar, YouTube, GitHub) and three site
// paths (/cv.pdf, /location/, /officehours/); content/papers/ holds 17
// papers (1.md .. 17.md), each with `author: [...]`, a date, and most an
// editPost {URL: the DOI, Text: the journal}; content/courses/ 5 courses;
// content/design/ 7 pages, the book 18.md, dashboard/index.md, location.md
// and officehours.md are the owner's pages (11); the three _index.md are list pages.
BOOST_AUTO_TEST_CASE(imports_a_real_papermod_site) {
    test::TempDir dir;
    fs::path db = dir / "site.db";
    fs::path site = sites / "hugo-papermod-pascal-michaillat-tree";
    auto report = import_site(site, db.string());
    BOOST_TEST(report.theme == "hugo-papermod");
    BOOST_TEST(test::sql_text(db, "SELECT name FROM profile") == "Pascal Michaillat");
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM profile_paragraph") == 1);
    BOOST_TEST(test::sql_text(db, "SELECT markdown FROM profile_paragraph").find("I am a professor of economics") == 0u);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM profile_email") == 1);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM profile_link") == 3);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM publication") == 17, all_notes(report));
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM teaching") == 5);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM page") == 11);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM post") == 0);
    const std::string first = "Do Matching Frictions Explain Unemployment? Not in Bad Times";
    BOOST_TEST(test::sql_int(db, "SELECT year FROM publication WHERE title = '" + first + "'") == 2012);
    BOOST_TEST(test::sql_text(db, "SELECT venue FROM publication WHERE title = '" + first + "'") == "American Economic Review");
    BOOST_TEST(test::sql_text(db, "SELECT doi FROM publication WHERE title = '" + first + "'") == "10.1257/aer.102.4.1721");
    BOOST_TEST(authors_of(db, first) == "Pascal Michaillat*");
    BOOST_TEST(authors_of(db, "Persistence of False Paradigms in Low-Power Sciences") == "George Akerlof; Pascal Michaillat*");
    // A lone star is part of the title, not emphasis.
    const std::string feru = "u* = √uv: The Full-Employment Rate of Unemployment in the United States";
    BOOST_TEST(test::sql_text(db, "SELECT venue FROM publication WHERE title = '" + feru + "'") == "Brookings Papers on Economic Activity");
    BOOST_TEST(test::sql_text(db, "SELECT doi FROM publication WHERE title = '" + feru + "'") == "10.1353/eca.2024.a964373");
    BOOST_TEST(authors_of(db, feru) == "Pascal Michaillat*; Emmanuel Saez");
    BOOST_TEST(test::sql_text(db, "SELECT abstract FROM publication WHERE title = '" + first + "'").find("This paper proposes") == 0u);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM publication_author WHERE is_owner = 1") == 17);
    // Hugo runs no Liquid: TeX's double braces in a page's code block are its text.
    BOOST_TEST(test::sql_text(db, "SELECT body FROM page WHERE slug = 'e'").find("\\newcommand{\\of}[1]{{\\left( #1 \\right)}}") != std::string::npos);
    BOOST_TEST(all_notes(report).find("Liquid") == std::string::npos);
    BOOST_TEST(leftovers(report) == 0u, all_notes(report));
    check_database(Db::open(db.string(), OpenMode::read_only));
}

// Congo's shape (ours; config from jpanther/congo): [author] in
// languages.en.toml, a page bundle, JSON front matter with an APA author
// string, TOML front matter with shortcodes, a talk filed by its category
// whose `date` is unreadable and `publishDate` has a one-digit hour.
BOOST_AUTO_TEST_CASE(imports_a_congo_site) {
    test::TempDir dir;
    fs::path db = dir / "site.db";
    auto report = import_site(sites / "hugo-congo-made-up", db.string());
    BOOST_TEST(report.theme == "hugo-congo");
    BOOST_TEST(test::sql_text(db, "SELECT name FROM profile") == "Ana María de la Cruz");
    BOOST_TEST(test::sql_text(db, "SELECT job_title FROM profile") == "Assistant Professor of Marine Ecology");
    BOOST_TEST(test::sql_text(db, "SELECT markdown FROM profile_paragraph") == "I study how coral reefs recover after heat waves.");
    BOOST_TEST(test::sql_text(db, "SELECT address FROM profile_email") == "ana.delacruz@example.edu");
    BOOST_TEST(test::sql_text(db, "SELECT group_concat(label, ',') FROM (SELECT label FROM profile_link ORDER BY position)") == "GitHub,ORCID");
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM publication") == 2, all_notes(report));
    const std::string coral = "Coral bleaching and recovery in the Visayas";
    BOOST_TEST(test::sql_int(db, "SELECT year FROM publication WHERE title = '" + coral + "'") == 2021);
    BOOST_TEST(test::sql_text(db, "SELECT kind FROM publication WHERE title = '" + coral + "'") == "journal");
    BOOST_TEST(test::sql_text(db, "SELECT venue FROM publication WHERE title = '" + coral + "'") == "Ecology Letters");
    BOOST_TEST(test::sql_text(db, "SELECT abstract FROM publication WHERE title = '" + coral + "'") == "Reefs recover unevenly.");
    BOOST_TEST(authors_of(db, coral) == "Ana María de la Cruz*; J. van der Berg");
    const std::string heat = "Marine heat waves and reef fish";
    BOOST_TEST(test::sql_text(db, "SELECT kind FROM publication WHERE title = '" + heat + "'") == "preprint");
    BOOST_TEST(authors_of(db, heat) == "A. M. de la Cruz*; J. van der Berg");
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM post") == 1);
    std::string body = test::sql_text(db, "SELECT body FROM post");
    BOOST_TEST(body.find("![A reef at dawn](reef.jpg)") != std::string::npos, body);
    BOOST_TEST(body.find("*The reef in June*") != std::string::npos, body);
    BOOST_TEST(body.find("> **Note**") != std::string::npos, body);
    BOOST_TEST(body.find("https://www.youtube.com/watch?v=dQw4w9WgXcQ") != std::string::npos, body);
    BOOST_TEST(body.find("Three photos of the boat.") != std::string::npos, body);
    BOOST_TEST(body.find("{{") == std::string::npos, body);
    BOOST_TEST(all_notes(report).find("{{< gallery >}}: not known here: its text kept") != std::string::npos, all_notes(report));
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM talk") == 2);
    BOOST_TEST(test::sql_text(db, "SELECT date FROM talk WHERE title = 'Reef fish on the move'") == "2022-08-10");
    BOOST_TEST(test::sql_text(db, "SELECT event FROM talk WHERE title = 'Reef fish on the move'") == "ESA Annual Meeting");
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM project") == 1);
    BOOST_TEST(test::sql_text(db, "SELECT title FROM page") == "About");
    BOOST_TEST(leftovers(report) == 0u, all_notes(report));
}

// Blowfish's shape (ours; config from nunocoracao/blowfish): the theme a
// module path, [params.author], a post filed under "Publication", a post
// whose title is only its setext heading, kramdown attribute lists.
BOOST_AUTO_TEST_CASE(imports_a_blowfish_site) {
    test::TempDir dir;
    fs::path db = dir / "site.db";
    auto report = import_site(sites / "hugo-blowfish-made-up", db.string());
    BOOST_TEST(report.theme == "hugo-blowfish");
    BOOST_TEST(test::sql_text(db, "SELECT name FROM profile") == "Kenji Watanabe");
    BOOST_TEST(test::sql_text(db, "SELECT job_title FROM profile") == "Research scientist, numerical linear algebra");
    BOOST_TEST(test::sql_text(db, "SELECT address FROM profile_email") == "kenji@example.ac.jp");
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM profile_link") == 2);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM publication") == 1, all_notes(report));
    BOOST_TEST(test::sql_text(db, "SELECT kind FROM publication") == "journal");
    BOOST_TEST(authors_of(db, "Communication-avoiding sparse solvers") == "Kenji Watanabe*; Laura García Márquez");
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM post") == 2);
    BOOST_TEST(test::sql_text(db, "SELECT title FROM post WHERE published = '2021-01-15'") == "Solvers I use");
    std::string body = test::sql_text(db, "SELECT body FROM post WHERE title = 'Preconditioners, a primer'");
    BOOST_TEST(body.find("{:") == std::string::npos, body);
    BOOST_TEST(body.find("[link](https://example.org) and a class.") != std::string::npos, body);
    BOOST_TEST(leftovers(report) == 0u, all_notes(report));
}

// Ananke's shape (ours; config as gohugo-theme-ananke's exampleSite): no
// author in the settings, the site's title a person's name, the bio the
// about bundle's text, a post of `type: publication` with a "Last, First and
// Last, F." author string and a journal.
BOOST_AUTO_TEST_CASE(imports_an_ananke_site) {
    test::TempDir dir;
    fs::path db = dir / "site.db";
    auto report = import_site(sites / "hugo-ananke-made-up", db.string());
    BOOST_TEST(report.theme == "hugo-ananke");
    BOOST_TEST(test::sql_text(db, "SELECT name FROM profile") == "Maria Rossi");
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM profile_paragraph") == 2);
    BOOST_TEST(test::sql_text(db, "SELECT group_concat(label, ',') FROM (SELECT label FROM profile_link ORDER BY position)") == "Mastodon,LinkedIn");
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM publication") == 1, all_notes(report));
    BOOST_TEST(test::sql_text(db, "SELECT kind FROM publication") == "journal");
    BOOST_TEST(test::sql_text(db, "SELECT venue FROM publication") == "Journal of Medieval History");
    BOOST_TEST(authors_of(db, "Reading Genoese ledgers") == "Maria Rossi*; L. Bianchi");
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM post") == 1);
    BOOST_TEST(test::sql_text(db, "SELECT body FROM post").find("![The reading room](/images/archive.jpg \"The reading room\")") == 0u);
    BOOST_TEST(test::sql_int(db, "SELECT count(*) FROM page") == 0);
    BOOST_TEST(leftovers(report) == 0u, all_notes(report));
}

BOOST_AUTO_TEST_CASE(citation_strings_in_the_forms_real_citations_use) {
    OwnerNames owner("Ana María de la Cruz");
    auto apa = parse_citation("Smith, J., & van der Berg, K. (2020). A study of things. Journal of Stuff, 12(3), 45-67.", owner);
    BOOST_TEST(names(apa.authors) == (std::vector<std::string>{"J. Smith", "K. van der Berg"}));
    BOOST_TEST(apa.title == "A study of things");
    BOOST_TEST(apa.venue == "Journal of Stuff");
    BOOST_TEST(apa.year == 2020);
    auto two_words = parse_citation("García Márquez, G., Pérez, J., & de la Cruz, A. (2018). Cien años. Sudamericana.", owner);
    BOOST_TEST(names(two_words.authors) == (std::vector<std::string>{"G. García Márquez", "J. Pérez", "A. de la Cruz"}));
    BOOST_TEST(two_words.authors[2].is_owner);
    BOOST_TEST(!two_words.authors[0].is_owner);
    auto chicago = parse_citation("Geiger, R. Stuart & Jane Doe. 2019. Title words here. Big Conference.", owner);
    BOOST_TEST(names(chicago.authors) == (std::vector<std::string>{"R. Stuart Geiger", "Jane Doe"}));
    BOOST_TEST(chicago.year == 2019);
    BOOST_TEST(chicago.title == "Title words here");
    BOOST_TEST(chicago.venue == "Big Conference");
    auto quoted = parse_citation("Doe, Jane, and John Smith. \"Quoted title.\" Some Venue 4 (2021): 1-2.", owner);
    BOOST_TEST(names(quoted.authors) == (std::vector<std::string>{"Jane Doe", "John Smith"}));
    BOOST_TEST(quoted.title == "Quoted title");
    BOOST_TEST(quoted.venue == "Some Venue");
    BOOST_TEST(quoted.year == 2021);
    // "First Last" lists stay as written.
    BOOST_TEST(names(authors_from_names("A. One, B. Two and C. Three", owner)) == (std::vector<std::string>{"A. One", "B. Two", "C. Three"}));
}

BOOST_AUTO_TEST_CASE(dates_and_months_as_the_generators_read_them) {
    BOOST_TEST(jekyll_date("2021-03-05T8:30:00Z").value_or("") == "2021-03-05");
    BOOST_TEST(jekyll_date("2021-03-05 8:30").value_or("") == "2021-03-05");
    BOOST_TEST(!jekyll_date("2021-03-05Tx").has_value());
    BOOST_TEST(site_month("2019.09").value_or("") == "2019-09");
    BOOST_TEST(site_month("09/2019").value_or("") == "2019-09");
    BOOST_TEST(site_month("September, 2019").value_or("") == "2019-09");
    BOOST_TEST(!site_month("2019").has_value());
    MonthSpan open = month_span("2019.09 \xE2\x80\x93 present");
    BOOST_TEST(open.start == "2019-09");
    BOOST_TEST(open.open);
    MonthSpan closed = month_span("2018-01 - 2020-06");
    BOOST_TEST(closed.start == "2018-01");
    BOOST_TEST(closed.end == "2020-06");
    MonthSpan years = month_span("2015-2019");
    BOOST_TEST(years.start.empty());
    BOOST_TEST(years.start_year == 2015);
    BOOST_TEST(years.end_year == 2019);
}

BOOST_AUTO_TEST_CASE(shortcodes_and_liquid_become_markdown_and_are_reported) {
    std::vector<MarkupNote> notes;
    std::string out = hugo_shortcodes_to_markdown(
        "a\n{{< figure src=\"x.png\" alt=\"X\" caption=\"An x\" >}}\n```\n{{< figure src=\"code.png\" >}}\n```\n"
        "{{</* figure src=\"literal\" */>}}\n{{< mystery >}}\n",
        10, notes);
    BOOST_TEST(out.find("![X](x.png)") != std::string::npos, out);
    BOOST_TEST(out.find("*An x*") != std::string::npos, out);
    BOOST_TEST(out.find("{{< figure src=\"code.png\" >}}") != std::string::npos, out);  // code is code
    BOOST_TEST(out.find("{{< figure src=\"literal\" >}}") != std::string::npos, out);
    BOOST_TEST(notes.size() == 2u);
    BOOST_TEST(notes[0].line == 11);
    BOOST_TEST(notes[1].message.find("not known here: removed") != std::string::npos);
    notes.clear();
    std::string liquid = liquid_includes_to_markdown(
        "{% include figure.liquid loading=\"eager\" path=\"assets/img/9.jpg\" title=\"example image\" class=\"img-fluid\" %}\n"
        "See [the post]({% post_url 2010-07-21-name %}).\n",
        1, notes);
    BOOST_TEST(liquid.find("![example image](/assets/img/9.jpg \"example image\")") != std::string::npos, liquid);
    BOOST_TEST(liquid.find("(/blog/name)") != std::string::npos, liquid);
    BOOST_TEST(notes.size() == 2u);
    int removed = 0;
    std::string kramdown = without_kramdown_attributes(
        "[x](y){:target=\"_blank\"}\n{: .lead}\n* TOC\n{:toc}\nText.\n```\n{: kept}\n```\n", removed);
    BOOST_TEST(removed == 4);
    BOOST_TEST(kramdown == "[x](y)\nText.\n```\n{: kept}\n```\n");
}

BOOST_AUTO_TEST_CASE(titles_from_the_cleanest_source) {
    BOOST_TEST(clean_title("**A** {{ site.x }} <em>study</em> {: .big}") == "A study");
    BOOST_TEST(clean_title("u* = √uv: x") == "u* = √uv: x");
    BOOST_TEST(clean_title("[Linked](http://x.org) *title*") == "Linked title");
    BOOST_TEST(first_heading("```\n# not this\n```\nSolvers\n=======\n") == "Solvers");
    BOOST_TEST(title_from_file_name("content/post/2020-01-02-my-first_post/index.md") == "My first post");
    BOOST_TEST(best_title("", "## A heading ##\n", "x.md") == "A heading");
    BOOST_TEST(best_title("  ", "no heading", "content/notes/field-day.md") == "Field day");
}

BOOST_AUTO_TEST_CASE(json_front_matter_is_read_as_hugo_reads_it) {
    FrontMatterFile read = split_json_front_matter("{\n  \"title\": \"A {brace} in it\",\n  \"tags\": [\"a\"]\n}\nBody.\n");
    BOOST_TEST(yaml_text(read.front, "title") == "A {brace} in it");
    BOOST_TEST(read.body == "Body.\n");
    BOOST_TEST(read.body_line == 5);
    BOOST_CHECK_THROW(split_json_front_matter("{ \"title\": \"x\"\n"), Error);
}

// academicpages' citation in "Last, First & First Last. Year. Title. Venue."
// form: its authors, and the venue the page left out.
BOOST_AUTO_TEST_CASE(an_academicpages_citation_gives_authors_and_venue) {
    test::TempDir dir;
    fs::path site = dir / "site";
    fs::create_directories(site / "_publications");
    test::write_file(site / "_config.yml", "author:\n  name: Ines Duarte\n");
    test::write_file(site / "_publications/2020-paper.md",
                     "---\ntitle: \"A paper\"\ndate: 2020-05-01\ncitation: 'Smith, John & Ines Duarte. 2020. A paper. Journal of Tests.'\n---\n");
    auto report = import_site(site, (dir / "a.db").string());
    BOOST_TEST(authors_of(dir / "a.db", "A paper") == "John Smith; Ines Duarte*", all_notes(report));
    BOOST_TEST(test::sql_text(dir / "a.db", "SELECT venue FROM publication") == "Journal of Tests");
    BOOST_TEST(test::sql_text(dir / "a.db", "SELECT kind FROM publication") == "other");
}

// A Hugo Blox site upgraded by copying: content/publication/ (Academic) and
// content/publications/ (Hugo Blox 2024) hold the same folders; each paper
// is one work, read from the new folder, the old one accounted for.
BOOST_AUTO_TEST_CASE(old_and_new_publication_folders_give_each_paper_once) {
    test::TempDir dir;
    fs::path site = dir / "site";
    auto put = [](const fs::path& file, std::string_view content) {
        fs::create_directories(file.parent_path());
        test::write_file(file, content);
    };
    put(site / "config/_default/hugo.yaml", "title: Lin Wu\n");
    put(site / "content/authors/admin/_index.md", "---\ntitle: Lin Wu\n---\nI study soils.\n");
    std::string paper = "---\ntitle: Soil carbon\nauthors: [admin]\ndate: 2022-01-01\ndoi: 10.1000/soil\n---\n";
    put(site / "content/publication/soil-carbon/index.md", paper);
    put(site / "content/publication/soil-carbon/cite.bib", "@article{wu2022,\n title={Soil carbon},\n author={Wu, Lin},\n year={2022}\n}\n");
    put(site / "content/publications/soil-carbon/index.md", paper);
    put(site / "content/publication/old-only/index.md", "---\ntitle: Roots\nauthors: [admin]\ndate: 2019-01-01\n---\n");
    auto report = import_site(site, (dir / "a.db").string());
    BOOST_TEST(test::sql_int(dir / "a.db", "SELECT count(*) FROM publication") == 2, all_notes(report));
    BOOST_TEST(all_notes(report).find("imported content/publication/soil-carbon/index.md: the same paper as content/publications/soil-carbon") !=
               std::string::npos);
    BOOST_TEST(leftovers(report) == 0u, all_notes(report));
}


// A portfolio item and a teaching page whose title is only their first
// heading arrive with it (they were skipped, "no title").
BOOST_AUTO_TEST_CASE(a_title_only_in_the_heading_is_the_title) {
    test::TempDir dir;
    fs::path site = dir / "site";
    fs::create_directories(site / "_portfolio");
    fs::create_directories(site / "_teaching");
    fs::create_directories(site / "_publications");
    test::write_file(site / "_config.yml", "author:\n  name: Ines Duarte\n");
    test::write_file(site / "_portfolio/tool.md", "---\nexcerpt: A tool.\n---\n# My *soil* tool\n\nIt measures.\n");
    test::write_file(site / "_teaching/2021-soils.md", "---\ndate: 2021-09-01\nvenue: University of Lisbon\n---\nSoils 101\n=========\n\nI taught it.\n");
    auto report = import_site(site, (dir / "a.db").string());
    BOOST_TEST(test::sql_text(dir / "a.db", "SELECT title FROM project") == "My soil tool", all_notes(report));
    BOOST_TEST(test::sql_text(dir / "a.db", "SELECT title FROM teaching") == "Soils 101", all_notes(report));
}

// A citation's italics around its venue ("_Series._ Publisher") and a
// work's type before the venue ("Report. Place: Publisher") are read past.
BOOST_AUTO_TEST_CASE(a_citations_italics_and_type_words_are_not_its_venue) {
    OwnerNames owner("R. Stuart Geiger");
    auto series = parse_citation("R. Stuart Geiger and Dan Sholler. \"Challenges of Teams.\" _BIDS Best Practices Series._ "
                                 "Berkeley Institute for Data Science (2019).", owner);
    BOOST_TEST(series.venue == "BIDS Best Practices Series");
    BOOST_TEST(series.title == "Challenges of Teams");
    BOOST_TEST(series.authors.at(0).is_owner);
    auto report = parse_citation("Geiger, R. S., Sholler, D.* (2018). _Career Paths._ Report. Berkeley, California: UC-Berkeley.", owner);
    BOOST_TEST(names(report.authors) == (std::vector<std::string>{"R. S. Geiger", "D. Sholler"}));
    BOOST_TEST(report.authors.at(1).equal_contribution);
    BOOST_TEST(report.title == "Career Paths");
    BOOST_TEST(report.venue == "Berkeley, California: UC-Berkeley");  // Chicago's "Place: Publisher", as written
}
