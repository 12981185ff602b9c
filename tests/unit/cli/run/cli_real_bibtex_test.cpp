// Real BibTeX as researchers have it: one file per producer (DBLP, Google
// Scholar, ACM, IEEE, INSPIRE, ADS, Zotero/Better BibTeX, JabRef, BibDesk,
// al-folio, academicpages...) and 14 whole publication lists from public
// homepages, byte-exact (tests/fixtures/bibtex/real/SOURCES.md says where
// each came from). Every entry must import, every DOI must land in its
// column, and export -> import must change no row.
#define BOOST_TEST_MODULE cli_real_bibtex
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

#include "base/text.hpp"
#include "base/utf8.hpp"
#include "cli/commands/import_bibtex.hpp"
#include "cli/run/commands.hpp"
#include "rules/work_ids.hpp"
#include "store/rows/content_store.hpp"
#include "store/schema/schema.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli;
using namespace vitae::test;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> real_files() {
    std::vector<fs::path> files;
    for (const char* dir : {"producers", "sites"})
        for (const auto& entry : fs::directory_iterator(fixtures_dir / "bibtex" / "real" / dir))
            if (entry.path().extension() == ".bib") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

// The DOIs of the file's entries as the work-identity rule compares them
// (text without an '@' is a comment, as BibTeX reads it: al-folio's
// disabled entries have none); each field that holds one must name one.
std::set<std::string> dois_in(const fs::path& file) {
    std::set<std::string> out;
    for (const auto& entry : read_bibtex_file(file).entries)
        if (const BibField* doi = entry.find("doi"); doi && doi->value.find("10.") != std::string::npos) {
            BOOST_TEST(!doi_key(doi->value).empty(), doi->value);
            out.insert(doi_key(doi->value));
        }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_entry_of_every_real_file_imports_and_round_trips) {
    std::size_t files = 0, entries = 0;
    for (const auto& file : real_files()) {
        BOOST_TEST_CONTEXT(file.filename().string()) {
            TempDir dir;
            auto db = (dir / "site.db").string();
            init_database(db, "Owner");
            auto report = import_bibtex(db, file, {});
            BOOST_TEST(report.written);
            BOOST_TEST(report.skipped() == 0u);
            for (const auto& p : report.file.problems)
                if (p.skipped) BOOST_TEST_MESSAGE(describe(report.file, p));
            entries += report.changes.size();
            ++files;

            // Every DOI the file has is in a doi column.
            auto reader = Db::open(db, OpenMode::read_only);
            Content content = load_content(reader);
            std::set<std::string> stored;
            for (const auto& pub : content.publications)
                if (!pub.doi.empty()) stored.insert(doi_key(pub.doi));
            for (const auto& doi : dois_in(file)) BOOST_TEST(stored.count(doi) == 1u, doi);

            // Export -> import into the same database changes nothing.
            auto before = publication_rows(db);
            std::ostringstream out, err;
            std::vector<std::string> argv = {"export-bibtex", db};
            BOOST_REQUIRE(run(argv, out, err) == 0);
            write_file(dir / "export.bib", out.str());
            auto again = import_bibtex(db, dir / "export.bib", {});
            for (const auto& change : again.changes)
                BOOST_TEST(describe(change) == "unchanged " + change.slug);
            BOOST_TEST(publication_rows(db) == before);
        }
    }
    BOOST_TEST(files >= 30u);
    BOOST_TEST(entries >= 1300u);
}

namespace {

std::string exported(const std::string& db) {
    std::ostringstream out, err;
    std::vector<std::string> argv = {"export-bibtex", db};
    BOOST_REQUIRE(run(argv, out, err) == 0);
    return out.str();
}

// The export of `bib` imported into a fresh database.
std::string export_of_import(const TempDir& dir, const std::string& name, const fs::path& bib) {
    auto db = (dir / (name + ".db")).string();
    init_database(db, "Owner");
    auto report = import_bibtex(db, bib, {});
    BOOST_TEST(report.written);
    BOOST_TEST(report.skipped() == 0u);
    return exported(db);
}

}  // namespace

// After the first export every trip is a fixed point: export -> import into
// a fresh database -> export gives the same bytes, and so does the trip after.
BOOST_AUTO_TEST_CASE(export_import_export_is_a_fixed_point_for_every_real_file) {
    std::size_t files = 0, drifting = 0;
    for (const auto& file : real_files()) {
        BOOST_TEST_CONTEXT(file.filename().string()) {
            TempDir dir;
            std::string first = export_of_import(dir, "first", file);
            write_file(dir / "first.bib", first);
            std::string second = export_of_import(dir, "second", dir / "first.bib");
            write_file(dir / "second.bib", second);
            std::string third = export_of_import(dir, "third", dir / "second.bib");
            BOOST_TEST(second == first);
            BOOST_TEST(third == second);
            if (second != first || third != second) {
                ++drifting;
                BOOST_TEST_MESSAGE("drifts: " << file.filename().string());
            }
            ++files;
        }
    }
    BOOST_TEST_MESSAGE(drifting << " of " << files << " real files drift");
    BOOST_TEST(files >= 40u);
}

namespace {

const fs::path real_dir = fixtures_dir / "bibtex" / "real";

struct Imported {
    TempDir dir;
    std::string db;
    ImportReport report;
    Content content;

    explicit Imported(const fs::path& bib) : db((dir / "site.db").string()) {
        init_database(db, "Owner");
        report = import_bibtex(db, bib, {});
        auto reader = Db::open(db, OpenMode::read_only);
        content = load_content(reader);
    }
    const Publication& pub(std::string_view slug) const {
        for (const auto& p : content.publications)
            if (p.slug == slug) return p;
        BOOST_FAIL("no publication " << slug);
        throw;
    }
    std::string messages() const {
        std::string out;
        for (const auto& p : report.file.problems) out += describe(report.file, p) + "\n";
        return out;
    }
};

}  // namespace

// McGee2023priorknowledge (an al-folio site's Mendeley export) has `doi` and
// `DOI`: the first is the DOI, the copy is kept as written and written back
// as written, so the next import reads the same rows.
BOOST_AUTO_TEST_CASE(a_field_given_twice_is_used_once_and_its_copy_kept_as_written) {
    Imported first(real_dir / "sites" / "biostat-alfolio-anderwilson.bib");
    const Publication& p = first.pub("mcgee2023priorknowledge");
    BOOST_TEST(p.doi == "10.1002/sim.9765");
    BOOST_TEST(std::count(p.fields.begin(), p.fields.end(), Field{"doi", "10.1002/sim.9765"}) == 1);
    BOOST_TEST(first.messages().find("field \"doi\" given twice in entry \"McGee2023priorknowledge\"") != std::string::npos);
}

// A link field given twice is one link, never two: the copy is kept as
// written. Before, each trip added one more {Link}{...} to `links`.
BOOST_AUTO_TEST_CASE(a_link_field_given_twice_is_one_link_and_no_trip_adds_one) {
    TempDir dir;
    write_file(dir / "twice.bib",
               "@inproceedings{a2020,\n  title = {A Title},\n  author = {Doe, Jane},\n  booktitle = {Conf},\n"
               "  url = {https://a.example/1},\n  url = {https://a.example/2},\n  pdf = {https://a.example/p.pdf},\n}\n");
    Imported first(dir / "twice.bib");
    const Publication& p = first.pub("a2020");
    BOOST_TEST(p.links.size() == 2u);
    BOOST_TEST(p.links[0].url == "https://a.example/1");
    BOOST_TEST(p.links[1].label == "PDF");
    BOOST_TEST((p.fields == std::vector<Field>{{"url", "https://a.example/2"}}));
    std::string once = exported(first.db);
    write_file(dir / "once.bib", once);
    BOOST_TEST(export_of_import(dir, "twice", dir / "once.bib") == once);
    BOOST_TEST(once.find("links") == std::string::npos, once);
}

// al-folio's `arxiv` button with arXiv's own class: the class is written
// next to the eprint the export writes, so it keeps its place on every trip.
BOOST_AUTO_TEST_CASE(an_arxiv_class_stays_in_place_across_trips) {
    TempDir dir;
    write_file(dir / "class.bib",
               "@article{b2021,\n  title = {T},\n  author = {Doe, Jane},\n  journal = {arXiv preprint},\n"
               "  arxiv = {2101.00001},\n  archivePrefix = {arXiv},\n  primaryClass = {cs.LG},\n}\n");
    Imported first(dir / "class.bib");
    const Publication& p = first.pub("b2021");
    BOOST_TEST(p.arxiv == "2101.00001");
    BOOST_TEST(p.arxiv_class == "cs.LG");
    for (const auto& f : p.fields)  // neither the class nor the prefix left among the other fields
        BOOST_TEST((f.name != "primaryclass" && f.name != "archiveprefix"), f.name);
    std::string once = exported(first.db);
    write_file(dir / "once.bib", once);
    BOOST_TEST(export_of_import(dir, "again", dir / "once.bib") == once);
}

// An abstract with a command the decoder refuses (\rule, from a Zotero
// export) over runs of blanks: kept as written, its blanks one space as the
// decoder makes them, so the second trip reads back the same text.
BOOST_AUTO_TEST_CASE(an_abstract_kept_as_written_reads_back_the_same) {
    Imported first(real_dir / "producers" / "zotero-bbt-abstract-rule.bib");
    const Publication& p = first.pub("hoffmanlongitudinalanalysismodeling2015");
    BOOST_TEST(p.abstract.find("analysis\\rule{1em}{1pt}general ideas") != std::string::npos);
    BOOST_TEST(p.abstract.find("  ") == std::string::npos);
    BOOST_TEST(first.messages().find("unsupported LaTeX command \\rule") != std::string::npos);
    std::string once = exported(first.db);
    write_file(first.dir / "once.bib", once);
    Imported second(first.dir / "once.bib");
    BOOST_TEST(second.pub("hoffmanlongitudinalanalysismodeling2015").abstract == p.abstract);
}

// NASA ADS abstracts over many lines with "\\ Aims:" and "\\" at line ends,
// "\\Å", and authors written "V\\ĺchez" and "D\\áz": the
// backslashes are dropped, the letters kept, and the report is valid UTF-8
// with each letter whole. What cannot be decoded ("\\tex tbackslash...", a
// garbled ADS abstract) is kept as written, on one line.
BOOST_AUTO_TEST_CASE(ads_abstracts_and_stray_backslashes_decode_to_text) {
    Imported first(real_dir / "sites" / "astro-hugo-ads-perezdiaz.bib");
    BOOST_TEST(first.content.publications.size() == 3u);
    for (const auto& p : first.content.publications) BOOST_TEST(p.abstract.find('\n') == std::string::npos, p.slug);
    const Publication& aa = first.pub("2024a-a-685a-168p");
    BOOST_TEST(aa.abstract.find('\\') == std::string::npos);
    BOOST_TEST(aa.abstract.find("coming years. Aims: Taking advantage") != std::string::npos);
    BOOST_TEST(first.pub("2022apj-926-55s").abstract.find("lines of 25 local galaxies. Including 31") != std::string::npos);
    BOOST_TEST(first.pub("2023a-a-669a-88p").abstract.find("6584 Å") != std::string::npos);
    std::set<std::string> names;
    for (const auto& p : first.content.publications)
        for (const auto& a : p.authors) names.insert(a.name);
    BOOST_TEST(names.count("José M. Vĺchez") == 1u);
    BOOST_TEST(names.count("B. Pérez-Dáz") == 1u);
    std::string messages = first.messages();
    BOOST_TEST(is_valid_utf8(messages));
    for (std::string_view letter : {"ĺ", "Å", "á"})
        BOOST_TEST(messages.find("a backslash before \"" + std::string(letter) + "\" dropped") != std::string::npos, letter);
}

// An empty field and then its copy (`doi = {}`, `DOI = {…}`): the empty one
// is used, as BibTeX does, and written back empty before the copy, so the
// next import reads the same rows and the copy stays a copy.
BOOST_AUTO_TEST_CASE(an_empty_field_before_its_copy_keeps_its_place) {
    TempDir dir;
    write_file(dir / "empty.bib",
               "@article{c2020,\n  title = {T},\n  journal = {J},\n  doi = {},\n  DOI = {10.1/x},\n"
               "  pages = {},\n  pages = {1--2},\n}\n");
    Imported first(dir / "empty.bib");
    const Publication& p = first.pub("c2020");
    BOOST_TEST(p.doi.empty());
    BOOST_TEST((p.fields == std::vector<Field>{{"doi", "10.1/x"}, {"pages", "1--2"}}));
    std::string once = exported(first.db);
    BOOST_TEST(once.find("  doi = {},\n") < once.find("  doi = {10.1/x},\n"));
    write_file(dir / "once.bib", once);
    Imported second(dir / "once.bib");
    BOOST_TEST((second.pub("c2020") == p));
    BOOST_TEST(exported(second.db) == once);
}
