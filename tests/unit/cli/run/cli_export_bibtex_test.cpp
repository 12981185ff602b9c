#define BOOST_TEST_MODULE cli_export_bibtex
#include <boost/test/unit_test.hpp>

#include <sstream>

#include "cli/commands/import_bibtex.hpp"
#include "cli/run/commands.hpp"
#include "cli_test_support.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli;
using namespace vitae::test;

namespace {

constexpr const char* without_publications =
    "DELETE FROM publication_author; DELETE FROM publication_link; DELETE FROM publication_award; "
    "DELETE FROM publication;";

// Exports `content`, imports the text into the same content minus its
// publications, and returns both databases' publication rows.
std::pair<std::string, std::string> round_trip(const std::string& content, bool with_owner) {
    TempDir dir;
    auto original = make_db(dir, content, "original.db");
    auto exported = vitae_cli({"export-bibtex", original.string()});
    BOOST_REQUIRE_MESSAGE(exported.status == 0, exported.err);
    write_file(dir / "all.bib", exported.out);

    auto fresh = make_db(dir, content, "fresh.db");
    exec_sql(fresh, without_publications);
    import_bibtex(fresh.string(), dir / "all.bib", {});
    return {publication_rows(original, with_owner), publication_rows(fresh, with_owner)};
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_whole_site_round_trips_to_identical_rows) {
    // The owner's name is non-ASCII, so is_owner survives only if the TeX
    // spelling of it decodes back to the profile's name.
    auto [original, imported] = round_trip(fixture_content(), true);
    BOOST_TEST(!original.empty());
    BOOST_TEST(imported == original);
}

BOOST_AUTO_TEST_CASE(hostile_content_round_trips_all_but_the_owner_mark) {
    // hostile.sql marks an author as owner whose name is not the profile's.
    auto [original, imported] = round_trip(hostile_content(), false);
    BOOST_TEST(imported == original);
}

BOOST_AUTO_TEST_CASE(importing_the_export_into_the_same_database_changes_nothing) {
    TempDir dir;
    auto db = make_db(dir, fixture_content());
    auto exported = vitae_cli({"export-bibtex", db.string()});
    write_file(dir / "all.bib", exported.out);
    auto before = publication_rows(db);
    for (const auto& change : import_bibtex(db.string(), dir / "all.bib", {}).changes)
        BOOST_TEST(describe(change) == "unchanged " + change.slug);
    BOOST_TEST(publication_rows(db) == before);
}

BOOST_AUTO_TEST_CASE(exports_one_publication_with_the_right_entry_types) {
    TempDir dir;
    auto db = make_db(dir, fixture_content());
    auto one = vitae_cli({"export-bibtex", db.string(), "fast-and-fair"});
    BOOST_TEST(one.status == 0);
    BOOST_TEST(one.out.starts_with("@inproceedings{fast-and-fair,\n"));
    // "<T" could read as a tag to a producer-markup reader: written \textless{}, it reads back as text.
    BOOST_TEST(one.out.find(R"(title = {{Fast \& Fair: Ranking \textless{}Top-k> Queries with "Bounded" Regret}})") !=
               std::string::npos, one.out);
    BOOST_TEST(one.out.find(R"(author = {Priya Raman* and In{\`e}s Moreau* and Kenji Watanabe})") != std::string::npos,
               one.out);
    BOOST_TEST(one.out.find("booktitle = {VLDB}") != std::string::npos);
    BOOST_TEST(std::count(one.out.begin(), one.out.end(), '@') == 1);
    BOOST_TEST(vitae_cli({"export-bibtex", db.string(), "coral-reef-survey"}).out.starts_with("@article{"));
    BOOST_TEST(vitae_cli({"export-bibtex", db.string(), "sketchbook"}).out.starts_with("@misc{sketchbook,"));
    auto tidepool = vitae_cli({"export-bibtex", db.string(), "tidepool"}).out;
    // A link without a target is no empty field: it goes in `links`, order kept.
    BOOST_TEST(tidepool.find("links = {{PDF}{}, {Code}{https://example.org/tidepool}, {Talk}{}}") != std::string::npos,
               tidepool);
    BOOST_TEST(tidepool.find("= {}") == std::string::npos, tidepool);
    BOOST_TEST(tidepool.find("award = {Best Paper Award; Reproducibility Badge}") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(unknown_slug_is_an_error_naming_it) {
    TempDir dir;
    auto db = make_db(dir, fixture_content());
    auto missing = vitae_cli({"export-bibtex", db.string(), "no-such-paper"});
    BOOST_TEST(missing.status == 1);
    BOOST_TEST(missing.out.empty());
    BOOST_TEST(missing.err.find("\"no-such-paper\"") != std::string::npos, missing.err);
}
