#define BOOST_TEST_MODULE cli_import
#include <boost/test/unit_test.hpp>

#include <sstream>

#include "error.hpp"
#include "bibtex.hpp"
#include "commands.hpp"
#include "content_store.hpp"
#include "import_bibtex.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli;
using namespace vitae::test;

namespace {

std::vector<std::string> described(const std::vector<ImportChange>& changes) {
    std::vector<std::string> out;
    for (const auto& c : changes) out.push_back(describe(c));
    return out;
}

Content content_of(const std::filesystem::path& db_path) {
    auto db = Db::open(db_path.string(), OpenMode::read_only);
    return load_content(db);
}

struct Fixture {
    TempDir dir;
    std::filesystem::path db = make_db(dir, fixture_content());
    std::filesystem::path papers = fixtures_dir / "bibtex" / "papers.bib";

    std::vector<ImportChange> import(const std::filesystem::path& bib, bool dry_run = false) {
        return import_bibtex(db.string(), bib, dry_run);
    }
    std::filesystem::path bib(std::string_view text) {
        auto path = dir / "input.bib";
        write_file(path, text);
        return path;
    }
};

const std::vector<std::string> papers_changes = {"update lattice-logs: title, authors", "unchanged coral-reef-survey",
                                                 "add moreau2026", "add lazy-preprint"};

}  // namespace

BOOST_AUTO_TEST_CASE(dry_run_reports_every_change_and_writes_nothing) {
    Fixture f;
    auto before = publication_rows(f.db);
    auto bytes_before = read_file(f.db);
    BOOST_TEST(described(f.import(f.papers, true)) == papers_changes, boost::test_tools::per_element());
    BOOST_TEST(publication_rows(f.db) == before);
    BOOST_TEST(read_file(f.db) == bytes_before);
}

BOOST_AUTO_TEST_CASE(updates_in_place_and_appends_new_entries_in_file_order) {
    Fixture f;
    BOOST_TEST(described(f.import(f.papers)) == papers_changes, boost::test_tools::per_element());
    Content c = content_of(f.db);
    BOOST_REQUIRE(c.publications.size() == fixture::publications + 2);
    const auto& updated = c.publications[2];  // keeps its place
    BOOST_TEST(updated.slug == "lattice-logs");
    BOOST_TEST(updated.title == "Lattice Logs: Merging Replicas Without Coordination (extended)");
    BOOST_REQUIRE(updated.authors.size() == 3u);
    BOOST_TEST(updated.authors[2].name == "Mei R. Sato");
    BOOST_TEST(updated.authors[1].name == "Inès Moreau");
    BOOST_TEST(updated.authors[1].is_owner);
    BOOST_TEST(updated.links.size() == 1u);

    const auto& added = c.publications[fixture::publications];
    BOOST_TEST(added.slug == "moreau2026");
    BOOST_TEST((added.kind == PublicationKind::conference));
    BOOST_TEST(added.venue == "SIGMOD");
    BOOST_TEST(added.year.value_or(0) == 2026);
    BOOST_REQUIRE(added.authors.size() == 3u);
    BOOST_TEST(added.authors[0].is_owner);
    BOOST_TEST(added.authors[0].equal_contribution);
    BOOST_TEST(added.authors[1].name == "Tomás Ibáñez");
    BOOST_TEST(added.authors[1].equal_contribution);
    BOOST_TEST(!added.authors[2].equal_contribution);
    BOOST_REQUIRE(added.links.size() == 1u);
    BOOST_TEST(added.links[0].label == "Link");
    BOOST_TEST(added.awards == std::vector<std::string>{"Best Paper Award"}, boost::test_tools::per_element());
    BOOST_TEST(added.abstract == "We stream all the way down.");

    const auto& preprint = c.publications[fixture::publications + 1];
    BOOST_TEST(preprint.slug == "lazy-preprint");
    BOOST_TEST((preprint.kind == PublicationKind::preprint));
    BOOST_TEST(preprint.venue == "");
}

BOOST_AUTO_TEST_CASE(new_entries_take_position_after_the_last) {
    Fixture f;
    exec_sql(f.db, "UPDATE publication SET position = position + 100 WHERE slug = 'sketchbook';");  // gaps are fine
    f.import(f.bib("@misc{fresh, title = {Fresh}, author = {Someone}}"));
    auto db = Db::open(f.db.string(), OpenMode::read_only);
    auto stmt = db.prepare("SELECT position FROM publication WHERE slug = 'fresh'");
    BOOST_REQUIRE(stmt.step());
    BOOST_TEST(stmt.int_at(0) == 107);  // sketchbook, the last, is now at 106
}

BOOST_AUTO_TEST_CASE(a_second_run_changes_nothing) {
    Fixture f;
    f.import(f.papers);
    auto after_first = publication_rows(f.db);
    auto changes = f.import(f.papers);
    for (const auto& change : changes) BOOST_TEST(describe(change) == "unchanged " + change.slug);
    BOOST_TEST(publication_rows(f.db) == after_first);
}

BOOST_AUTO_TEST_CASE(a_bad_entry_anywhere_leaves_the_database_untouched) {
    Fixture f;
    auto before = publication_rows(f.db);
    auto bib = f.bib("@misc{good, title = {Good}, author = {A}}\n\n@misc{bad,\n title = {$x$}, author = {B}}\n");
    try {
        f.import(bib);
        BOOST_FAIL("accepted");
    } catch (const BibError& e) {
        BOOST_TEST(e.line() == 4);
    }
    BOOST_TEST(publication_rows(f.db) == before);
}

BOOST_AUTO_TEST_CASE(two_keys_giving_one_slug_are_refused) {
    Fixture f;
    try {
        f.import(f.bib("@misc{A-B, title = {One}, author = {A}}\n@misc{a_b, title = {Two}, author = {A}}\n"));
        BOOST_FAIL("accepted");
    } catch (const BibError& e) {
        BOOST_TEST(e.line() == 2);
        BOOST_TEST(std::string(e.what()).find("as the entry at line 1") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_CASE(refuses_a_database_of_another_schema_version) {
    Fixture f;
    exec_sql(f.db, "PRAGMA user_version = 0;");
    try {
        f.import(f.papers);
        BOOST_FAIL("accepted");
    } catch (const Error& e) {
        BOOST_TEST(std::string(e.what()).find("vitae migrate") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_CASE(changed_fields_names_only_what_differs) {
    Publication a;
    a.slug = "s";
    a.kind = PublicationKind::conference;
    a.title = "T";
    a.venue = "V";
    a.year = 2020;
    a.authors = {{"A", true, false}};
    a.links = {{"PDF", ""}};
    a.awards = {"X"};
    Publication b = a;
    BOOST_TEST(changed_fields(a, b).empty());
    b.year = std::nullopt;
    b.authors[0].equal_contribution = true;
    b.links[0].url = "u";
    BOOST_TEST(changed_fields(a, b) == (std::vector<std::string>{"year", "authors", "links"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(command_prints_one_line_per_entry_and_a_summary) {
    Fixture f;
    std::ostringstream out, err;
    std::vector<std::string> argv = {"import-bibtex", f.db.string(), f.papers.string(), "--dry-run"};
    BOOST_TEST(run(argv, out, err) == 0);
    BOOST_TEST(out.str() ==
               "update lattice-logs: title, authors\nunchanged coral-reef-survey\nadd moreau2026\nadd lazy-preprint\n"
               "2 added, 1 updated, 1 unchanged (dry run: nothing written)\n");
    BOOST_TEST(err.str().empty());

    std::ostringstream out2, err2;
    argv = {"import-bibtex", f.db.string(), (fixtures_dir / "bibtex" / "missing_comma.bib").string()};
    BOOST_TEST(run(argv, out2, err2) == 1);
    BOOST_TEST(err2.str().find("missing_comma.bib:3: ") != std::string::npos, err2.str());
}
