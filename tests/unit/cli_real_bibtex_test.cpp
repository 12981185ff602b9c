// Real BibTeX as researchers have it: one file per producer (DBLP, Google
// Scholar, ACM, IEEE, INSPIRE, ADS, Zotero/Better BibTeX, JabRef, BibDesk,
// al-folio, academicpages...) and 14 whole publication lists from public
// homepages, byte-exact (tests/fixtures/bibtex/real/SOURCES.md says where
// each came from). Every entry must import, every DOI must land in its
// column, and export -> import must change no row.
#define BOOST_TEST_MODULE cli_real_bibtex
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include "content_store.hpp"
#include "db.hpp"
#include "import_bibtex.hpp"
#include "schema.hpp"
#include "commands.hpp"
#include "test_support.hpp"
#include "text.hpp"

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

// Lower-cased DOIs of the file's entries (text without an '@' is a comment,
// as BibTeX reads it: al-folio's disabled entries have none), resolver prefix off.
std::set<std::string> dois_in(const fs::path& file) {
    std::set<std::string> out;
    std::regex resolver(R"(^\s*(?:https?://(?:dx\.)?doi\.org/|doi:)?)", std::regex::icase);
    for (const auto& entry : read_bibtex_file(file).entries)
        if (const BibField* doi = entry.find("doi"); doi && doi->value.find("10.") != std::string::npos)
            out.insert(ascii_lower(trim(std::regex_replace(doi->value, resolver, ""))));
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
                if (!pub.doi.empty()) stored.insert(ascii_lower(pub.doi));
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
