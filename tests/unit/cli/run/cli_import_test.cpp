#define BOOST_TEST_MODULE cli_import
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "base/error.hpp"
#include "bibtex/bibtex.hpp"
#include "cli/commands/import_bibtex.hpp"
#include "cli/run/commands.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/publication_store.hpp"
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
        return import_bibtex(db.string(), bib, {.dry_run = dry_run}).changes;
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

BOOST_AUTO_TEST_CASE(a_bad_entry_is_skipped_and_reported_and_the_others_are_imported) {
    Fixture f;
    auto bib = f.bib("@misc{good, title = {Good}, author = {A}}\n\n@misc{bad,\n title = {never closed, author = {B}}\n"
                     "@misc{later, title = {Later}, author = {C}}\n");
    auto report = import_bibtex(f.db.string(), bib, {});
    BOOST_TEST(report.written);
    BOOST_TEST(report.skipped() == 1u);
    BOOST_REQUIRE(report.file.problems.size() == 1u);
    BOOST_TEST(report.file.problems[0].line == 3);
    BOOST_TEST(report.file.problems[0].key == "bad");
    auto db = Db::open(f.db.string(), OpenMode::read_only);
    Content c = load_content(db);
    std::set<std::string> slugs;
    for (const auto& p : c.publications) slugs.insert(p.slug);
    BOOST_TEST(slugs.count("good") == 1u);
    BOOST_TEST(slugs.count("later") == 1u);
    BOOST_TEST(slugs.count("bad") == 0u);
}

BOOST_AUTO_TEST_CASE(strict_writes_nothing_when_anything_is_wrong) {
    Fixture f;
    auto before = publication_rows(f.db);
    auto bib = f.bib("@misc{good, title = {Good}, author = {A}}\n@misc{odd, title = {T}, month = janx}\n");
    auto report = import_bibtex(f.db.string(), bib, {.strict = true});
    BOOST_TEST(!report.written);
    BOOST_TEST(report.warnings() == 1u);
    BOOST_TEST(publication_rows(f.db) == before);
}

BOOST_AUTO_TEST_CASE(a_repeated_key_keeps_both_works_and_drops_a_copy) {
    Fixture f;
    auto report = import_bibtex(f.db.string(),
                                f.bib("@misc{A-B, title = {One}, author = {A}}\n"
                                      "@misc{a_b, title = {Two}, author = {A}}\n"
                                      "@misc{A-B, title = {One}, author = {A}}\n"),
                                {});
    BOOST_REQUIRE(report.file.problems.size() == 2u);
    BOOST_TEST(report.file.problems[0].line == 2);
    BOOST_TEST(!report.file.problems[0].skipped);  // another work: kept under a slug of its own
    BOOST_TEST(report.file.problems[0].message.find("the entry at line 1's; imported as \"a-b-2\"") !=
               std::string::npos, report.file.problems[0].message);
    BOOST_TEST(report.file.problems[1].line == 3);
    BOOST_TEST(report.file.problems[1].skipped);  // a copy: nothing is lost
    BOOST_TEST(report.file.problems[1].message.find("repeats the entry at line 1") != std::string::npos);
    auto db = Db::open(f.db.string(), OpenMode::read_write);
    auto first = find_publication(db, "a-b");
    auto second = find_publication(db, "a-b-2");
    BOOST_REQUIRE(first.has_value());
    BOOST_REQUIRE(second.has_value());
    BOOST_TEST(first->publication.title == "One");
    BOOST_TEST(first->publication.bibtex_key == "A-B");  // the file's own key, for the export
    BOOST_TEST(second->publication.title == "Two");
    BOOST_TEST(second->publication.bibtex_key.empty());  // exported as a-b-2: no repeated key in our .bib
}

BOOST_AUTO_TEST_CASE(sync_removes_what_the_file_no_longer_has_unless_an_item_was_unreadable) {
    Fixture f;
    auto one = f.bib("@misc{only, title = {Only}, author = {A}}\n");
    auto unreadable = f.dir / "unreadable.bib";
    write_file(unreadable, "@misc{only, title = {Only}, author = {A}}\n@{broken\n");
    auto kept = import_bibtex(f.db.string(), unreadable, {.sync = true});
    BOOST_TEST(!kept.sync_note.empty());
    BOOST_TEST(load_content(Db::open(f.db.string(), OpenMode::read_only)).publications.size() ==
               fixture::publications + 1);
    auto report = import_bibtex(f.db.string(), one, {.sync = true});
    std::size_t removed = 0;
    for (const auto& change : report.changes) removed += change.action == ImportChange::Action::remove;
    BOOST_TEST(removed == fixture::publications);
    auto c = load_content(Db::open(f.db.string(), OpenMode::read_only));
    BOOST_REQUIRE(c.publications.size() == 1u);
    BOOST_TEST(c.publications[0].slug == "only");
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

BOOST_AUTO_TEST_CASE(an_import_waits_for_a_reader_instead_of_failing) {
    // Rollback journal: a read transaction elsewhere (a worker's reload holds
    // one for milliseconds) keeps COMMIT from taking the exclusive lock. The
    // import must wait for it (the busy timeout), not fail "database is locked".
    Fixture f;
    auto reader = Db::open(f.db.string(), OpenMode::read_only);
    BOOST_TEST(reader.pragma_text("journal_mode") == "delete");
    std::optional<Transaction> reading(std::in_place, reader, Transaction::Mode::read);
    reader.pragma_int("user_version");  // BEGIN is deferred: the first read takes the shared lock
    constexpr auto held = std::chrono::milliseconds(300);
    std::thread release([&] {
        std::this_thread::sleep_for(held);
        reading.reset();
    });
    auto start = std::chrono::steady_clock::now();
    auto changes = f.import(f.papers);
    auto waited = std::chrono::steady_clock::now() - start;
    release.join();
    BOOST_TEST(described(changes) == papers_changes, boost::test_tools::per_element());
    BOOST_TEST(std::chrono::duration_cast<std::chrono::milliseconds>(waited).count() >= held.count() - 50);
    BOOST_TEST(content_of(f.db).publications.size() == fixture::publications + 2);
}

BOOST_AUTO_TEST_CASE(command_prints_one_line_per_entry_and_a_summary) {
    Fixture f;
    std::ostringstream out, err;
    std::vector<std::string> argv = {"import-bibtex", f.db.string(), f.papers.string(), "--dry-run"};
    BOOST_TEST(run(argv, out, err) == 0);
    BOOST_TEST(out.str() ==
               "update lattice-logs: title, authors\nunchanged coral-reef-survey\nadd moreau2026\nadd lazy-preprint\n"
               "2 added, 1 updated, 1 unchanged, 0 skipped, 0 warnings (dry run: nothing written)\n");
    BOOST_TEST(err.str().empty());

    // A file with an unreadable entry: reported as FILE:LINE, the rest imported, exit 3 ("in part").
    std::ostringstream out2, err2;
    argv = {"import-bibtex", f.db.string(), (fixtures_dir / "bibtex" / "missing_comma.bib").string()};
    BOOST_TEST(run(argv, out2, err2) == 3);
    BOOST_TEST(out2.str().find("missing_comma.bib:1: skipped \"a\": expected ',' or '}'") != std::string::npos,
               out2.str());
    BOOST_TEST(out2.str().find("0 added, 0 updated, 0 unchanged, 1 skipped, 0 warnings\n") != std::string::npos,
               out2.str());
    std::ostringstream out3, err3;
    argv.push_back("--strict");
    BOOST_TEST(run(argv, out3, err3) == 1);
    BOOST_TEST(out3.str().find("(--strict: nothing written)") != std::string::npos, out3.str());
}
