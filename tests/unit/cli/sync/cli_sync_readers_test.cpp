// The DBLP and INSPIRE readers and ORCID's full records, on recorded
// answers (tests/fixtures/sync/PROVENANCE.md) and on garbage; the metrics file.
#define BOOST_TEST_MODULE cli_sync_readers
#include <boost/test/unit_test.hpp>

#include "cli/sync/merge.hpp"
#include "cli/sync/sources.hpp"
#include "cli/sync/sync_command.hpp"
#include "rules/work_ids.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli::sync;
using namespace vitae::test;

namespace {

const std::filesystem::path recordings = fixtures_dir / "sync";

const FetchedWork& with_id(const std::vector<FetchedWork>& works, const std::string& id) {
    for (const auto& w : works)
        for (const auto& i : w.ids)
            if (i.id == id) return w;
    BOOST_FAIL("no work with id " + id);
    return works.front();
}

std::vector<std::string> names(const std::vector<Author>& authors) {
    std::vector<std::string> out;
    for (const auto& a : authors) out.push_back(a.name);
    return out;
}

// A hit as INSPIRE writes one, only the fields the reader needs: for the paging rule.
std::string inspire_hit_json(int recid) {
    return R"({"metadata": {"control_number": )" + std::to_string(recid) + R"(, "titles": [{"title": "Work )" +
           std::to_string(recid) + R"("}]}})";
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_dblp_person_file_is_its_records) {
    auto works = dblp_person_works(read_file(recordings / "dblp/95_7448-1.xml"));
    BOOST_TEST(works.size() == 8u);  // the <person> and <homonyms> are not works
    const auto& conf = with_id(works, "conf/3dtv/Coria-MendozaXN12");
    BOOST_TEST(conf.service == "dblp");
    BOOST_TEST(conf.ids.front().service == "dblp");
    BOOST_TEST(conf.publication.title == "Automatic stereoscopic 3D video reframing");  // DBLP's period dropped
    BOOST_TEST((conf.publication.kind == PublicationKind::conference));
    BOOST_TEST(names(conf.publication.authors) ==
                   (std::vector<std::string>{"Lino Coria-Mendoza", "Di Xu", "Panos Nasiopoulos"}),
               boost::test_tools::per_element());  // "Di Xu 0001" is DBLP's homonym number
    BOOST_TEST(conf.publication.venue == "3DTV-Conference");
    BOOST_TEST(conf.publication.pages == "1\u20134");
    BOOST_TEST((conf.publication.year == 2012));
    BOOST_TEST(conf.publication.doi == doi_key("10.1109/3DTV.2012.6365428"));
    const auto& article = with_id(works, "journals/tvcg/XuDN11");
    BOOST_TEST((article.publication.kind == PublicationKind::journal));
    BOOST_TEST(article.publication.venue == "IEEE Trans. Vis. Comput. Graph.");
    BOOST_TEST(article.publication.volume == "17");
    BOOST_TEST(article.publication.number == "3");
    BOOST_TEST(article.publication.doi == doi_key("10.1109/TVCG.2010.63"));  // its IEEE CS proxy link names the same DOI
    BOOST_TEST(article.versions.empty());
}

BOOST_AUTO_TEST_CASE(a_corr_record_is_a_preprint_with_its_arxiv_id) {
    // Built here in DBLP's format (as its CoRR records are written): the
    // recorded person file has none.
    auto works = dblp_person_works(
        R"(<?xml version="1.0"?><dblpperson name="Wei Wang 0001" pid="w/WeiWang1" n="1"><r>)"
        R"(<article key="journals/corr/abs-2401-01234" publtype="informal" mdate="2024-01-05">)"
        R"(<author pid="w/WeiWang1">Wei Wang 0001</author><author pid="1/2">Ann Lee</author>)"
        R"(<title>Linear attention, <i>revisited</i>.</title><year>2024</year><volume>abs/2401.01234</volume>)"
        R"(<journal>CoRR</journal><ee type="oa">https://doi.org/10.48550/arXiv.2401.01234</ee></article></r></dblpperson>)");
    BOOST_REQUIRE(works.size() == 1u);
    const Publication& p = works[0].publication;
    BOOST_TEST((p.kind == PublicationKind::preprint));
    BOOST_TEST(p.arxiv == "2401.01234");
    BOOST_TEST(p.venue.empty());
    BOOST_TEST(p.volume.empty());
    BOOST_TEST(p.title == "Linear attention, revisited");
    BOOST_TEST(names(p.authors) == (std::vector<std::string>{"Wei Wang", "Ann Lee"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(dblp_garbage_is_one_clear_error) {
    std::string recorded = read_file(recordings / "dblp/95_7448-1.xml");
    for (const std::string& body : {std::string("<html>not json</html>"), std::string("{\"hits\": []}"),
                                    recorded.substr(0, recorded.size() / 2), std::string()}) {
        BOOST_TEST_CONTEXT(body.substr(0, 40)) {
            try {
                dblp_person_works(body);
                BOOST_FAIL("no error");
            } catch (const SyncError& e) {
                std::string what = e.what();
                BOOST_TEST(what.find("dblp: the answer is not") == 0u);
                BOOST_TEST(what.find('\n') == std::string::npos);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(an_inspire_page_maps_titles_authors_ids_venue_and_count) {
    InspirePaging paging;
    auto works = inspire_page(read_file(recordings / "inspire/10.1103_physrevd.99.125011.json"), paging, "2026-12-01");
    BOOST_REQUIRE(works.size() == 1u);
    BOOST_TEST(!paging.has_next);  // hits.total is 1
    const FetchedWork& w = works[0];
    BOOST_TEST(w.service == "inspire");
    BOOST_TEST(w.ids.front().id == "1724811");
    const Publication& p = w.publication;
    BOOST_TEST(p.title == "Extensivity, entropy current, area law and Unruh effect");
    BOOST_TEST(names(p.authors) == (std::vector<std::string>{"F. Becattini", "D. Rindori"}), boost::test_tools::per_element());
    BOOST_TEST(p.doi == "10.1103/physrevd.99.125011");
    BOOST_TEST(p.arxiv == "1903.05422");
    BOOST_TEST(p.venue == "Phys.Rev.D");
    BOOST_TEST(p.volume == "99");
    BOOST_TEST(p.pages == "125011");  // the article id: no page numbers
    BOOST_TEST((p.year == 2019));
    BOOST_TEST((p.kind == PublicationKind::journal));
    BOOST_TEST(p.abstract.find("entropy current") != std::string::npos);
    BOOST_REQUIRE(p.citations.size() == 1u);
    BOOST_TEST(p.citations[0].service == "inspire");
    BOOST_TEST(p.citations[0].count == 1);

    auto accented = inspire_page(read_file(recordings / "inspire/10.1103_physrevd.99.123525.json"), paging, "2026-12-01");
    BOOST_REQUIRE(accented.size() == 1u);
    BOOST_TEST(accented[0].publication.authors.front().name == "Miguel A. García-Aspeitia");
    InspirePaging none;
    BOOST_TEST(inspire_page(read_file(recordings / "inspire/not_found.json"), none, "2026-12-01").empty());
    BOOST_TEST(!none.has_next);
}

BOOST_AUTO_TEST_CASE(inspire_pages_follow_links_next_until_the_total_is_seen) {
    InspirePaging paging;
    std::string first = R"({"hits": {"total": 3, "hits": [)" + inspire_hit_json(1) + "," + inspire_hit_json(2) +
                        R"(]}, "links": {"self": "s", "next": "https://inspirehep.net/api/literature?page=2"}})";
    BOOST_TEST(inspire_page(first, paging, "2026-12-01").size() == 2u);
    BOOST_TEST(paging.has_next);
    std::string last = R"({"hits": {"total": 3, "hits": [)" + inspire_hit_json(3) +
                       R"(]}, "links": {"next": "https://inspirehep.net/api/literature?page=3"}})";
    BOOST_TEST(inspire_page(last, paging, "2026-12-01").size() == 1u);
    BOOST_TEST(!paging.has_next);  // three of three seen, whatever links.next says
    BOOST_TEST(inspire_query("J.M.Maldacena.1") == "a J.M.Maldacena.1");
}

BOOST_AUTO_TEST_CASE(inspire_garbage_is_one_clear_error) {
    std::string recorded = read_file(recordings / "inspire/10.1103_physrevd.99.125011.json");
    for (const std::string& body : {std::string("<html>not json</html>"), std::string("{\"hits\": {}}"),
                                    recorded.substr(0, recorded.size() / 2)}) {
        InspirePaging paging;
        BOOST_CHECK_EXCEPTION(inspire_page(body, paging, "2026-12-01"), SyncError, [](const SyncError& e) {
            return std::string(e.what()) == "inspire: the answer is not a page of literature (no \"hits.hits\" list)";
        });
    }
}

BOOST_AUTO_TEST_CASE(orcid_full_records_give_the_authors_by_put_code) {
    auto authors = orcid_record_authors(read_file(recordings / "orcid/works-bulk-0000-0002-0613-2229.json"));
    BOOST_TEST(authors.size() == 2u);
    BOOST_TEST(names(authors["89975745"]) ==
                   (std::vector<std::string>{"Di Xu", "Zhenkun Wen", "Andres Garcia Coleto", "Michael Pomerantz",
                                             "John C. Lambropoulos", "Jannick P. Rolland"}),
               boost::test_tools::per_element());
    BOOST_TEST(authors["76065020"].size() == 6u);
    BOOST_CHECK_THROW(orcid_record_authors("{\"group\": []}"), SyncError);
    BOOST_CHECK_THROW(orcid_record_authors("<html>not json</html>"), SyncError);
}

BOOST_AUTO_TEST_CASE(sync_metrics_are_gauges_per_site_with_escaped_labels) {
    vitae::cli::sync::SiteSync done{.code = 3, .summary = "", .problems = 1, .known = 12, .updated = 2, .found = 1};
    std::string text = vitae::cli::sync::sync_metrics_text({{"ann", done}, {"a\"b\\c", {}}}, 1764547200);
    BOOST_TEST(text.find("# TYPE vitae_sync_result gauge\n") != std::string::npos);
    BOOST_TEST(text.find("vitae_sync_last_run_timestamp_seconds{site=\"ann\"} 1764547200\n") != std::string::npos);
    BOOST_TEST(text.find("vitae_sync_result{site=\"ann\"} 3\n") != std::string::npos);
    BOOST_TEST(text.find("vitae_sync_works{site=\"ann\",state=\"updated\"} 2\n") != std::string::npos);
    BOOST_TEST(text.find("vitae_sync_problems{site=\"a\\\"b\\\\c\"} 0\n") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(each_run_is_a_sync_log_event_with_its_outcome) {
    using vitae::cli::sync::SiteSync;
    using vitae::cli::sync::sync_event;
    BOOST_TEST(sync_event("ann", {.code = 3, .summary = "", .problems = 1, .known = 12, .updated = 2, .found = 1}).text() ==
               "event=sync site=ann result=in_part problems=1 known=12 updated=2 new=1");
    BOOST_TEST(sync_event("/var/lib/vitae/site.db", {.code = 1, .summary = "x", .problems = 2, .known = 0, .updated = 0, .found = 0}).text() ==
               "event=sync site=/var/lib/vitae/site.db result=failed problems=2 known=0 updated=0 new=0");
    BOOST_TEST(sync_event("cy", {.code = 2, .summary = "", .problems = 0, .known = 0, .updated = 0, .found = 0}).text().find("result=skipped") != std::string::npos);
    BOOST_TEST(sync_event("bob", SiteSync{}).text().find("result=done") != std::string::npos);
}
