// `vitae import-site` and `vitae check`: the owner recognised in their own
// papers on four real sites (tests/fixtures/sites/README.md), each marking
// the owner its own way: Wowchemy and Hugo Blox `authors: [admin, ...]`
// beside an exporter's cite.bib, academicpages <strong> in an author list
// and "Last, First" citations. What the loader marks is what every page,
// the CV and the citations show in bold.
#define BOOST_TEST_MODULE cli_import_owner
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <map>

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

struct Imported {
    test::TempDir dir;
    std::string db;
    SiteImportReport report;
    Content content;

    explicit Imported(const char* site) : db((dir.path() / "site.db").string()) {
        report = import_site(sites / site, db);
        content = load_content(Db::open(db, OpenMode::read_only));
    }

    std::size_t with_owner() const {
        std::size_t n = 0;
        for (const auto& p : content.publications)
            for (const auto& a : p.authors)
                if (a.is_owner) {
                    ++n;
                    break;
                }
        return n;
    }

    std::string notes() const {
        std::string all;
        for (const auto& note : report.notes) all += describe(note) + "\n";
        return all;
    }
};

}  // namespace

BOOST_AUTO_TEST_CASE(wowchemy_owner_with_a_middle_initial_is_found_in_every_paper) {
    Imported site("wowchemy-elvio-blini");
    BOOST_TEST(site.content.name == "Elvio A. Blini");
    BOOST_TEST(site.content.publications.size() >= 20u);  // 21 pages, two cite.bib files with one key (README)
    BOOST_TEST(site.with_owner() == site.content.publications.size(), site.notes());  // "Blini, Elvio", "E Blini"...
    // Where the front matter and the cite.bib list as many authors, the
    // cite.bib's spelling at `admin` is his: kept when the rules do not read it.
    for (const auto& variant : site.content.name_variants)
        BOOST_TEST(!OwnerNames(site.content.name).match(variant), variant);
}

BOOST_AUTO_TEST_CASE(hugo_blox_admin_key_names_the_owner_in_an_ads_cite_bib) {
    Imported site("hugoblox-borja-perez-diaz");
    BOOST_TEST(site.content.name == "Dr. Borja Pérez-Díaz");
    BOOST_TEST(site.content.publications.size() == 20u);
    BOOST_TEST(site.with_owner() == 20u, site.notes());  // "Pérez-D\u0131\u0301az, B." and a title
    // The ADS export mangles his name in two papers; `admin` says it is him.
    BOOST_TEST(!site.content.name_variants.empty());
    for (const auto& variant : site.content.name_variants)
        BOOST_TEST(!OwnerNames(site.content.name).match(variant), variant);
    BOOST_TEST(site.notes().find("kept as a name variant") != std::string::npos);
    // The variants are stored: a paper imported later, or reloaded, still finds him.
    auto db = Db::open(site.db, OpenMode::read_only);
    BOOST_TEST(owner_names(db).variants == site.content.name_variants);
}

BOOST_AUTO_TEST_CASE(the_pages_show_the_owner_in_bold_in_every_paper) {
    Imported site("hugoblox-borja-perez-diaz");
    fs::path www = site.dir.path() / "www";
    auto ran = test::vitae_cli({"export", site.db, (test::source_dir / "templates").string(), www.string()});
    BOOST_TEST_REQUIRE(ran.status == 0, ran.err);
    auto bold = [](const fs::path& page) {
        std::string html = test::read_file(page);
        std::size_t n = 0;
        for (auto at = html.find("<strong class=\"me\">"); at != std::string::npos; at = html.find("<strong class=\"me\">", at + 1)) ++n;
        return n;
    };
    BOOST_TEST(bold(www / "publications" / "index.html") == 20u);
    BOOST_TEST(bold(www / "cv" / "index.html") == 20u);
    BOOST_TEST(test::read_file(www / "publications" / "index.html").find("<strong class=\"me\">B. Pérez-Dı́az</strong>") !=
               std::string::npos);  // folded for matching only: shown as the paper spells it
}

BOOST_AUTO_TEST_CASE(academicpages_strong_marks_the_owner_and_is_not_stored_in_names) {
    Imported site("academicpages-yuxin-dong");
    BOOST_TEST(site.content.publications.size() == 15u);
    BOOST_TEST(site.with_owner() == 15u, site.notes());  // from the `author:` list
    for (const auto& p : site.content.publications)
        for (const auto& a : p.authors) {
            BOOST_TEST(a.name.find('<') == std::string::npos, a.name);
            BOOST_TEST(a.name.find('*') == std::string::npos, a.name);
        }
    auto approx = std::find_if(site.content.publications.begin(), site.content.publications.end(),
                               [](const Publication& p) { return p.slug == "2022-tsp-approx"; });
    BOOST_TEST_REQUIRE((approx != site.content.publications.end()));
    BOOST_TEST_REQUIRE(approx->authors.size() == 4u);
    BOOST_TEST(approx->authors[1].name == "Yuxin Dong");
    BOOST_TEST(approx->authors[1].is_owner);
    BOOST_TEST(approx->authors[0].equal_contribution);  // <sup>*</sup>
    BOOST_TEST(approx->authors[1].equal_contribution);
    BOOST_TEST(!approx->authors[2].equal_contribution);
}

BOOST_AUTO_TEST_CASE(a_bold_spelling_the_rules_cannot_read_is_kept_as_a_variant) {
    test::TempDir dir;
    fs::path site = dir.path() / "site";
    fs::create_directories(site / "_publications");
    test::write_file(site / "_config.yml", "title: Ana\nauthor:\n  name: \"Ana Silva\"\n");
    test::write_file(site / "_publications" / "2021-a.md",
                     "---\ntitle: \"A\"\ncollection: publications\ndate: 2021-01-01\n"
                     "citation: 'Costa, J., <b>Silva-Rocha, A.</b><sup>*</sup> and Lee, K. (2021). \"A.\" <i>V</i>.'\n---\n");
    test::write_file(site / "_publications" / "2022-b.md",
                     "---\ntitle: \"B\"\ncollection: publications\ndate: 2022-01-01\n"
                     "citation: 'Lee, K. and **A. Silva** (2022). \"B.\" V.'\n---\n");
    // Surnames alone: a pair only where it makes the owner's name.
    test::write_file(site / "_publications" / "2023-c.md",
                     "---\ntitle: \"C\"\ncollection: publications\ndate: 2023-01-01\n"
                     "citation: 'Silva, Ana (2023). \"C.\" V.'\n---\n");
    std::string db = (dir.path() / "site.db").string();
    auto report = import_site(site, db);
    Content content = load_content(Db::open(db, OpenMode::read_only));
    BOOST_TEST(content.name_variants == std::vector<std::string>{"A. Silva-Rocha"}, boost::test_tools::per_element());
    BOOST_TEST_REQUIRE(content.publications.size() == 3u);
    std::map<std::string, std::string> expected{{"A", "J. Costa | A. Silva-Rocha (owner) * | K. Lee"},
                                                {"B", "K. Lee | A. Silva (owner)"},
                                                {"C", "Ana Silva (owner)"}};
    for (const auto& p : content.publications) {
        std::string names;
        for (const auto& a : p.authors)
            names += (names.empty() ? "" : " | ") + a.name + (a.is_owner ? " (owner)" : "") + (a.equal_contribution ? " *" : "");
        BOOST_TEST(names == expected[p.title], p.title);
    }
}

BOOST_AUTO_TEST_CASE(surnames_alone_are_not_taken_for_last_first) {
    // "Schneider & Bitsch (2021)", "Schneider et al. (2022)": two people, and
    // a surname the check lists rather than a guess.
    Imported site("academicpages-aaron-schneider");
    bool seen = false;
    for (const auto& p : site.content.publications) {
        if (p.slug != "2021-08-chemcompi") continue;
        seen = true;
        BOOST_TEST_REQUIRE(p.authors.size() == 2u);
        BOOST_TEST(p.authors[0].name == "Schneider");
        BOOST_TEST(p.authors[1].name == "Bitsch");
    }
    BOOST_TEST(seen);
    BOOST_TEST(site.with_owner() == 0u);
}

BOOST_AUTO_TEST_CASE(academicpages_last_first_citations_name_the_owner) {
    Imported site("academicpages-stuart-geiger");
    BOOST_TEST(site.content.name == "R. Stuart Geiger");
    std::size_t papers = site.content.publications.size();
    BOOST_TEST(papers >= 30u);
    BOOST_TEST(site.with_owner() == papers, site.notes());  // "Geiger, R. Stuart" and "R.S. Geiger" too
    auto ores = std::find_if(site.content.publications.begin(), site.content.publications.end(),
                             [](const Publication& p) { return p.slug == "ores-wikipedia"; });
    BOOST_TEST_REQUIRE((ores != site.content.publications.end()));
    BOOST_TEST_REQUIRE(ores->authors.size() == 2u);
    BOOST_TEST(ores->authors[0].name == "Aaron Halfaker");
    BOOST_TEST(ores->authors[1].name == "R. Stuart Geiger");  // "... Geiger. 2019." without the year
    auto names = [&](std::string_view slug) {
        std::string out;
        for (const auto& p : site.content.publications)
            if (p.slug == slug)
                for (const auto& a : p.authors) out += (out.empty() ? "" : " | ") + a.name + (a.is_owner ? "*" : "");
        return out;
    };
    // "Paxton, A., Varoquaux, N., Holdgraf, C. and Geiger, R.S. (2022)"
    BOOST_TEST(names("cogsci-foss") == "A. Paxton | N. Varoquaux | C. Holdgraf | R.S. Geiger*");
    // "Ribes, David, Steve Jackson, R. Stuart Geiger, Matt C. Burton, and Tom Finholt"
    BOOST_TEST(names("infoorg-artifacts-that-organize") ==
               "David Ribes | Steve Jackson | R. Stuart Geiger* | Matt C. Burton | Tom Finholt");
    BOOST_TEST(names("chi-snuggle-wikipedia") == "Aaron Halfaker | R. Stuart Geiger* | Loren Treveen");
}

BOOST_AUTO_TEST_CASE(check_lists_papers_without_the_owner_and_the_spellings_found) {
    Imported site("wowchemy-elvio-blini");
    std::string papers = std::to_string(site.content.publications.size());
    auto ran = test::vitae_cli({"check", site.db});
    BOOST_TEST(ran.status == 0, ran.err);
    BOOST_TEST(ran.out.find("owner: \"Elvio A. Blini\" found in " + papers + " of " + papers + " publications, as ") !=
                   std::string::npos,
               ran.out);
    BOOST_TEST(ran.out.find("\"Elvio Blini\" (") != std::string::npos, ran.out);  // the cite.bib's, turned
    BOOST_TEST(ran.out.find("\"E Blini\" (1)") != std::string::npos, ran.out);
    BOOST_TEST(ran.out.find("warning:") == std::string::npos, ran.out);
    {  // someone else's database: the papers not theirs are listed, by slug
        auto db = Db::open(site.db, OpenMode::read_write);
        db.exec("UPDATE profile SET name = 'Zaira Cattaneo'");
        db.exec("DELETE FROM profile_name_variant");
        db.exec("UPDATE publication_author SET is_owner = 0");
    }
    auto other = test::vitae_cli({"check", site.db});
    BOOST_TEST(other.status == 0, other.err);
    BOOST_TEST(other.out.find("warning: publication \"blini2018mind\": the owner is not among its authors (Elvio Blini, "
                              "Clément Desoche,") != std::string::npos,
               other.out);
    BOOST_TEST(other.out.find("warning: publication \"blini2013different\"") == std::string::npos, other.out);
    BOOST_TEST(other.out.find("owner: \"Zaira Cattaneo\" found in 1 of " + papers + " publications, as \"Zaira Cattaneo\" (1)\n") !=
                   std::string::npos,
               other.out);
    Db::open(site.db, OpenMode::read_write)
        .exec("DELETE FROM publication_author WHERE publication_id = (SELECT id FROM publication WHERE slug = 'blini2013different')");
    auto none = test::vitae_cli({"check", site.db});
    BOOST_TEST(none.out.find("warning: publication \"blini2013different\": no authors, so the owner is not shown\n") !=
                   std::string::npos,
               none.out);
    BOOST_TEST(none.out.find("found in 0 of " + papers + " publications\n") != std::string::npos, none.out);
}
