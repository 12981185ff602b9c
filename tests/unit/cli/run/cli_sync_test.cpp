#define BOOST_TEST_MODULE cli_sync
#include <boost/test/unit_test.hpp>

#include <sstream>

#include "cli/run/commands.hpp"
#include "cli/sync/merge.hpp"
#include "cli/sync/sources.hpp"
#include "store/rows/content_store.hpp"
#include "store/schema/schema.hpp"
#include "store/write/publication_sync.hpp"
#include "store/write/publications.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli::sync;
using namespace vitae::test;

namespace {

const std::filesystem::path recordings = fixtures_dir / "sync";

FetchedWork work(std::string title, std::optional<int> year, std::string service, std::string id) {
    FetchedWork w;
    w.publication.title = std::move(title);
    w.publication.year = year;
    w.publication.kind = PublicationKind::journal;
    w.service = service;
    w.ids.push_back({std::move(service), std::move(id)});
    return w;
}

SyncedPublication entry(std::int64_t id, std::string title, std::optional<int> year) {
    SyncedPublication e;
    e.id = id;
    e.publication.slug = "p" + std::to_string(id);
    e.publication.title = std::move(title);
    e.publication.year = year;
    e.publication.kind = PublicationKind::journal;
    return e;
}

}  // namespace

BOOST_AUTO_TEST_CASE(openalex_pages_map_to_works_with_abstract_and_counts) {
    auto first = openalex_page(read_file(recordings / "openalex/works-page-1.json"), "2026-12-01");
    const auto& works = first.works;
    BOOST_REQUIRE(works.size() == 1u);
    BOOST_TEST(!first.next_cursor.empty());
    const Publication& p = works[0].publication;
    BOOST_TEST(works[0].ids.front().id == "W2741809807");
    BOOST_TEST(p.doi == "10.7717/peerj.4375");
    BOOST_TEST((p.year == 2018));
    BOOST_TEST((p.kind == PublicationKind::journal));
    BOOST_TEST(p.venue == "PeerJ");
    BOOST_TEST(p.volume == "6");
    BOOST_TEST(p.authors.size() == 9u);
    BOOST_TEST(p.authors[2].name == "Vincent Larivi\u00e8re");
    BOOST_TEST(p.abstract.rfind("Despite growing interest in Open Access (OA) to scholarly literature,", 0) == 0);
    BOOST_TEST(p.abstract.find("policy and practice.") != std::string::npos);
    BOOST_REQUIRE(p.citations.size() == 1u);
    BOOST_TEST(p.citations[0].service == "openalex");
    BOOST_TEST(p.citations[0].count == 394);
    auto last = openalex_page(read_file(recordings / "openalex/works-page-2.json"), "2026-12-01");
    BOOST_TEST(last.next_cursor.empty());
    BOOST_TEST(last.works[0].publication.pages == "e33693");
    BOOST_CHECK_THROW(openalex_page("<html>", "2026-12-01"), SyncError);
    BOOST_CHECK_THROW(openalex_page("{\"meta\": {}}", "2026-12-01"), SyncError);
}

BOOST_AUTO_TEST_CASE(crossref_works_map_authors_venue_pages_and_count) {
    auto w = crossref_work(read_file(recordings / "crossref/10.1371_journal.pone.0033693.json"), "2026-12-01");
    const Publication& p = w.publication;
    BOOST_TEST(p.doi == "10.1371/journal.pone.0033693");
    BOOST_TEST(p.venue == "PLoS ONE");
    BOOST_TEST(p.volume == "7");
    BOOST_TEST(p.number == "3");
    BOOST_TEST(p.pages == "e33693");
    BOOST_TEST((p.year == 2012));
    BOOST_TEST(p.authors.size() == 6u);
    BOOST_TEST(p.authors[0].name == "Shankar Sadasivan");
    BOOST_TEST(p.citations.at(0).count == 72);
    auto conf = crossref_work(read_file(recordings / "crossref/10.1109_icdcsw.2003.1203662.json"), "2026-12-01");
    BOOST_TEST((conf.publication.kind == PublicationKind::conference));
    BOOST_TEST(conf.publication.pages.find("\u2013") != std::string::npos);
    BOOST_CHECK_THROW(crossref_work("{\"status\":\"ok\"", "2026-12-01"), SyncError);
}

BOOST_AUTO_TEST_CASE(orcid_groups_are_one_work_each) {
    auto works = orcid_works(read_file(recordings / "orcid/works-0000-0002-7319-2192.json"));
    BOOST_REQUIRE(works.size() == 1u);
    BOOST_TEST(works[0].publication.title == "Work Title");
    BOOST_TEST(works[0].publication.doi == "10.1087/20120404");  // "work:doi" is not one
    BOOST_TEST((works[0].publication.year == 2012));
    BOOST_TEST(works[0].ids.front().id == "178602");
    BOOST_CHECK_THROW(orcid_works("[]"), SyncError);
}

BOOST_AUTO_TEST_CASE(a_work_matches_by_id_doi_arxiv_then_title_and_year) {
    std::vector<SyncedPublication> site{entry(1, "By id", 2020), entry(2, "By DOI", 2020), entry(3, "By arXiv", 2020),
                                        entry(4, "Étude: by Title!", 2021)};
    site[0].ids.push_back({"openalex", "W1"});
    site[1].publication.doi = "10.1/abc";
    site[2].publication.arxiv = "2401.00001";
    std::vector<FetchedWork> fetched{work("Another title", 2020, "openalex", "W1"), work("x", 2020, "openalex", "W2"),
                                     work("y", 2020, "openalex", "W3"), work("etude by title", 2021, "openalex", "W4"),
                                     work("etude by title", 2015, "openalex", "W5")};
    fetched[1].publication.doi = "https://doi.org/10.1/ABC";
    fetched[2].publication.arxiv = "arXiv:2401.00001v3";
    auto plan = plan_merge(site, fetched, {"openalex"}, "2026-12-01");
    BOOST_TEST(plan.matched == 4u);
    BOOST_REQUIRE(plan.new_works.size() == 1u);  // another year: another work
    BOOST_TEST(plan.new_works[0].ids.front().id == "W5");
    BOOST_TEST(plan.gone.empty());
}

BOOST_AUTO_TEST_CASE(a_preprint_and_its_published_version_are_one_with_both_ids) {
    auto preprint = work("Fast Attention", 2023, "openalex", "W10");
    preprint.publication.kind = PublicationKind::preprint;
    preprint.publication.arxiv = "2301.00001";
    auto published = work("Fast attention", 2024, "orcid", "555");
    published.publication.doi = "10.5/fast";
    published.publication.venue = "NeurIPS";
    auto folded = fold_works({preprint, published});
    BOOST_REQUIRE(folded.size() == 1u);
    BOOST_TEST(folded[0].ids.size() == 2u);
    BOOST_TEST((folded[0].publication.kind == PublicationKind::journal));
    BOOST_TEST(folded[0].publication.venue == "NeurIPS");
    BOOST_TEST(folded[0].publication.arxiv == "2301.00001");
    BOOST_TEST(folded[0].publication.doi == "10.5/fast");
}

BOOST_AUTO_TEST_CASE(the_owners_fields_are_never_overwritten_and_synced_ones_are_refreshed) {
    auto e = entry(1, "Title", 2020);
    e.ids.push_back({"openalex", "W1"});
    e.publication.venue = "Owner's venue";
    e.publication.volume = "3";
    e.synced["volume"] = {"openalex", "3"};
    auto w = work("Title", 2020, "openalex", "W1");
    w.publication.venue = "Upstream venue";
    w.publication.volume = "4";
    w.publication.pages = "1\u201310";
    w.publication.citations.push_back({"openalex", 12, ""});
    auto plan = plan_merge({e}, {w}, {"openalex"}, "2026-12-01");
    BOOST_REQUIRE(plan.updates.size() == 1u);
    const auto& u = plan.updates[0];
    BOOST_TEST(u.publication.venue == "Owner's venue");
    BOOST_TEST(u.publication.volume == "4");
    BOOST_TEST(u.publication.pages == "1\u201310");
    BOOST_TEST((u.fields == std::vector<std::string>{"volume", "pages"}));
    BOOST_REQUIRE(u.citations.size() == 1u);
    BOOST_TEST(u.citations[0].counted == "2026-12-01");

    // Again, with what was written: nothing to do.
    e.publication = u.publication;
    for (const auto& [field, value] : u.synced) e.synced[field] = value;
    e.publication.citations = u.citations;
    plan = plan_merge({e}, {w}, {"openalex"}, "2026-12-02");
    BOOST_TEST(plan.updates.empty());
    BOOST_TEST(plan.matched == 1u);
}

BOOST_AUTO_TEST_CASE(an_entry_gone_upstream_is_reported_only_for_a_service_that_answered) {
    auto e = entry(1, "Old", 2010);
    e.ids.push_back({"openalex", "W9"});
    e.ids.push_back({"orcid", "77"});
    auto plan = plan_merge({e}, {}, {"openalex"}, "2026-12-01");
    BOOST_REQUIRE(plan.gone.size() == 1u);
    BOOST_TEST(plan.gone[0].id.id == "W9");
}

BOOST_AUTO_TEST_CASE(review_json_round_trips) {
    auto w = work("Ünïcode \"quoted\"", 2024, "openalex", "W3");
    w.publication.doi = "10.1/q";
    w.publication.authors.push_back({"Ann Lee", false, false});
    w.publication.citations.push_back({"openalex", 3, ""});
    auto back = work_from_json(work_to_json(w));
    BOOST_TEST(back.publication.title == w.publication.title);
    BOOST_TEST(back.publication.doi == "10.1/q");
    BOOST_TEST(back.publication.authors.size() == 1u);
    BOOST_TEST((back.ids == w.ids));
    BOOST_TEST(back.publication.citations.at(0).count == 3);
}

BOOST_AUTO_TEST_CASE(counts_are_loaded_highest_first_and_rewritten_only_when_they_change) {
    TempDir dir;
    auto path = make_db(dir, "INSERT INTO profile (id, name) VALUES (1, 'Ann');");
    {
        auto db = Db::open(path.string(), OpenMode::read_write);
        Publication p;
        p.slug = "one";
        p.title = "One";
        auto id = insert_publication(db, p);
        set_citation_count(db, id, {"crossref", 5, "2026-11-01"});
        set_citation_count(db, id, {"openalex", 9, "2026-11-01"});
        set_citation_count(db, id, {"openalex", 9, "2026-12-01"});  // same count: the day stays
        add_external_id(db, id, {"openalex", "W1"});
        add_external_id(db, id, {"openalex", "W1"});
    }
    auto db = Db::open(path.string(), OpenMode::read_only);
    Content c = load_content(db);
    BOOST_REQUIRE(c.publications.size() == 1u);
    const auto& counts = c.publications[0].citations;
    BOOST_REQUIRE(counts.size() == 2u);
    BOOST_TEST(counts[0].service == "openalex");
    BOOST_TEST(counts[0].counted == "2026-11-01");
    BOOST_TEST(synced_publications(db).at(0).ids.size() == 1u);
}

BOOST_AUTO_TEST_CASE(migrate_brings_a_version_8_database_to_the_latest_like_a_new_one) {
    TempDir dir;
    auto path = dir / "old.db";
    exec_sql(path, read_file(fixtures_dir / "schema-v8.sql") + "INSERT INTO profile (id, name) VALUES (1, 'Ann');");
    auto result = migrate_database(path.string(), 1785110400);
    BOOST_TEST(result.from == 8);
    BOOST_TEST(result.to == latest_version());
    auto db = Db::open(path.string(), OpenMode::read_only);
    check_database(db);
    BOOST_TEST(sync_settings(db).empty());
}

BOOST_AUTO_TEST_CASE(set_sync_remembers_and_forgets_and_refuses_unknown_names) {
    TempDir dir;
    auto path = make_db(dir, "INSERT INTO profile (id, name) VALUES (1, 'Ann');");
    auto run = [&](std::vector<std::string> words, std::string& text) {
        std::ostringstream out, err;
        int code = cli::run(words, out, err);
        text = out.str() + err.str();
        return code;
    };
    std::string text;
    BOOST_TEST(run({"set", "sync", path.string(), "orcid", "0000-0002-1825-0097"}, text) == 0);
    BOOST_TEST(sync_settings(Db::open(path.string(), OpenMode::read_only)).at("orcid") == "0000-0002-1825-0097");
    BOOST_TEST(run({"set", "sync", path.string(), "orcid"}, text) == 0);
    BOOST_TEST(sync_settings(Db::open(path.string(), OpenMode::read_only)).empty());
    BOOST_TEST(run({"set", "sync", path.string(), "scholar", "x"}, text) == 2);
    BOOST_TEST(text.find("scholar") != std::string::npos);
    BOOST_TEST(run({"sync", path.string()}, text) == 2);  // nothing to read
}
