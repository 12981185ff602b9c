// The sync's merge by the work-identity rule (core/rules/work_identity):
// a real ORCID record whose papers, data sets and figshare versions share
// titles keeps every DOI; a title never joins works whose DOIs differ; the
// relations the services state (ORCID's groups and version-of, Crossref's
// is-preprint-of, OpenAlex's locations, DBLP's links, INSPIRE's DOIs) are
// what joins works with different identifiers.
#define BOOST_TEST_MODULE cli_sync_identity
#include <boost/test/unit_test.hpp>

#include <set>

#include "cli/sync/merge.hpp"
#include "cli/sync/sources.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli::sync;
using namespace vitae::test;

namespace {

const std::filesystem::path recordings = fixtures_dir / "sync";

FetchedWork work(std::string title, std::optional<int> year, std::string doi, std::string id,
                 PublicationKind kind = PublicationKind::journal) {
    FetchedWork w;
    w.publication.title = std::move(title);
    w.publication.year = year;
    w.publication.doi = std::move(doi);
    w.publication.kind = kind;
    w.service = "orcid";
    w.ids.push_back({"orcid", std::move(id)});
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

std::set<std::string> dois_of(const std::vector<FetchedWork>& works) {
    std::set<std::string> out;
    for (const auto& w : works)
        if (!w.publication.doi.empty()) out.insert(w.publication.doi);
    return out;
}

// One ORCID group as the v3.0 API writes it: its ids, one summary.
std::string orcid_group(const std::string& title, const std::string& ids, int put_code) {
    return R"({"external-ids": {"external-id": [)" + ids + R"(]}, "work-summary": [{"put-code": )" +
           std::to_string(put_code) + R"(, "title": {"title": {"value": ")" + title +
           R"("}}, "type": "journal-article", "display-index": "0",
           "publication-date": {"year": {"value": "2020"}}, "external-ids": {"external-id": [)" +
           ids + R"(]}}]})";
}
std::string orcid_id(const std::string& type, const std::string& value, const std::string& relationship) {
    return R"({"external-id-type": ")" + type + R"(", "external-id-value": ")" + value +
           R"(", "external-id-relationship": ")" + relationship + R"("})";
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_real_orcid_record_keeps_every_doi_though_titles_repeat) {
    // 111 groups, 97 DOIs (PROVENANCE.md counts them): papers, figshare items
    // and each of their versions, data sets, and 14 undated groups without an id.
    auto fetched = orcid_works(read_file(recordings / "orcid/works-0000-0003-1444-9135.json"));
    BOOST_REQUIRE(fetched.size() == 111u);
    BOOST_TEST(dois_of(fetched).size() == 97u);
    auto works = fold_works(fetched);
    BOOST_TEST(dois_of(works).size() == 97u);  // the merge before the rule kept 56
    BOOST_TEST(works.size() == 98u);           // 97 with a DOI, and the bare one titled only as data sets
    std::size_t with_doi = 0;
    for (const auto& w : works) with_doi += w.publication.doi.empty() ? 0 : 1;
    BOOST_TEST(with_doi == 97u);
    auto plan = plan_merge({}, fetched, {"orcid"}, "2026-12-01");
    BOOST_TEST(plan.new_works.size() == 98u);
    BOOST_TEST(dois_of(plan.new_works).size() == 97u);
}

BOOST_AUTO_TEST_CASE(an_entry_without_a_doi_meets_one_of_the_works_that_share_its_title_the_others_are_new) {
    std::vector<SyncedPublication> site{entry(1, "Conditionality data", std::nullopt)};
    auto plan = plan_merge(site,
                           {work("Conditionality data", 2014, "10.6084/m9.figshare.1097657", "1"),
                            work("Conditionality data", 2014, "10.6084/m9.figshare.1097657.v1", "2")},
                           {"orcid"}, "2026-12-01");
    BOOST_TEST(plan.matched == 1u);
    BOOST_REQUIRE(plan.updates.size() == 1u);
    BOOST_TEST(plan.updates[0].publication.doi == "10.6084/m9.figshare.1097657");
    BOOST_REQUIRE(plan.new_works.size() == 1u);
    BOOST_TEST(plan.new_works[0].publication.doi == "10.6084/m9.figshare.1097657.v1");
}

BOOST_AUTO_TEST_CASE(a_data_set_that_carries_its_papers_title_is_another_work) {
    std::vector<SyncedPublication> site{entry(1, "Body size predicts degree in ant-plant mutualistic networks", 2009)};
    auto data = work("Body size predicts degree in ant-plant mutualistic networks", 2009, "10.5061/dryad.1234", "1",
                     PublicationKind::dataset);
    auto paper = work("Body size predicts degree in ant-plant mutualistic networks", 2009,
                      "10.1111/j.1365-2435.2008.01472.x", "2");
    auto plan = plan_merge(site, {data, paper}, {"orcid"}, "2026-12-01");
    BOOST_REQUIRE(plan.updates.size() == 1u);
    BOOST_TEST(plan.updates[0].publication.doi == "10.1111/j.1365-2435.2008.01472.x");
    BOOST_REQUIRE(plan.new_works.size() == 1u);
    BOOST_TEST(plan.new_works[0].publication.doi == "10.5061/dryad.1234");
}

BOOST_AUTO_TEST_CASE(orcid_version_of_joins_works_and_part_of_names_no_work) {
    std::string body = R"({"group": [)" +
                       orcid_group("A preprint",
                                   orcid_id("doi", "10.1101/2020.01.01.000001", "self") + "," +
                                       orcid_id("doi", "https://doi.org/10.1038/S41586-020-0001-1", "version-of"),
                                   1) +
                       "," + orcid_group("The article", orcid_id("doi", "10.1038/s41586-020-0001-1", "self"), 2) + "," +
                       orcid_group("A chapter",
                                   orcid_id("doi", "10.1007/978-3-030-00001-1", "part-of") + "," +
                                       orcid_id("isbn", "978-3-030-00001-1", "part-of"),
                                   3) +
                       "]}";
    auto fetched = orcid_works(body);
    BOOST_REQUIRE(fetched.size() == 3u);
    BOOST_TEST(fetched[0].publication.doi == "10.1101/2020.01.01.000001");
    BOOST_TEST((fetched[0].versions == std::vector<std::string>{"doi:10.1038/s41586-020-0001-1"}));
    BOOST_TEST(fetched[2].publication.doi.empty());  // the book's DOI is not the chapter's
    auto works = fold_works(fetched);
    BOOST_REQUIRE(works.size() == 2u);  // the preprint and its article, though their titles differ
    BOOST_TEST(works[0].ids.size() == 2u);
}

BOOST_AUTO_TEST_CASE(crossref_relations_name_a_preprints_article_and_nothing_else) {
    // Recorded: a has-review relation, which names another work.
    auto reviewed =
        crossref_work(read_file(recordings / "crossref/10.1016_j.neurobiolaging.2010.03.024.json"), "2026-12-01");
    BOOST_TEST(reviewed.versions.empty());
    // Built in Crossref's format: a bioRxiv preprint, its article, a data set it is supplemented by.
    auto preprint = crossref_work(R"({"message": {"DOI": "10.1101/2020.01.01.000001", "type": "posted-content",
        "title": ["A preprint"], "relation": {"is-preprint-of": [{"id-type": "doi", "id": "10.1038/S41586-020-0001-1", "asserted-by": "subject"}],
        "is-supplemented-by": [{"id-type": "doi", "id": "10.5061/dryad.1234", "asserted-by": "subject"}]}}})",
                                  "2026-12-01");
    BOOST_TEST((preprint.versions == std::vector<std::string>{"doi:10.1038/s41586-020-0001-1"}));
    preprint.ids.push_back({"crossref", "p"});
    auto article = work("The article", 2020, "10.1038/s41586-020-0001-1", "2");
    BOOST_TEST(fold_works({preprint, article}).size() == 1u);
}

BOOST_AUTO_TEST_CASE(openalex_locations_dblp_links_and_inspire_dois_give_versions) {
    auto openalex = openalex_page(R"({"meta": {"next_cursor": null}, "results": [{"id": "https://openalex.org/W1",
        "title": "T", "doi": "https://doi.org/10.1145/1", "locations": [
        {"landing_page_url": "https://doi.org/10.1145/1", "pdf_url": null},
        {"landing_page_url": "https://arxiv.org/abs/2401.01234v2", "pdf_url": "https://arxiv.org/pdf/2401.01234v2"},
        {"landing_page_url": "https://doi.org/10.5281/zenodo.99", "pdf_url": null},
        {"landing_page_url": "https://example.org/paper", "pdf_url": null}]}]})",
                                  "2026-12-01").works;
    BOOST_REQUIRE(openalex.size() == 1u);
    BOOST_TEST(openalex[0].publication.arxiv == "2401.01234");
    BOOST_TEST((openalex[0].versions == std::vector<std::string>{"doi:10.5281/zenodo.99"}));

    auto dblp =
        dblp_person_works(R"(<?xml version="1.0"?><dblpperson name="Ann Lee" pid="1/2" n="1"><r>)"
                          R"(<inproceedings key="conf/x/Lee24" mdate="2024-01-05"><author pid="1/2">Ann Lee</author>)"
                          R"(<title>T.</title><year>2024</year><booktitle>X</booktitle>)"
                          R"(<ee>https://doi.org/10.1145/1</ee><ee>https://doi.org/10.1145/1.X</ee>)"
                          R"(<ee type="oa">https://arxiv.org/abs/2401.01234</ee></inproceedings></r></dblpperson>)");
    BOOST_REQUIRE(dblp.size() == 1u);
    BOOST_TEST(dblp[0].publication.doi == "10.1145/1");
    BOOST_TEST(dblp[0].publication.arxiv == "2401.01234");
    BOOST_TEST((dblp[0].versions == std::vector<std::string>{"doi:10.1145/1.x"}));

    InspirePaging paging;
    auto inspire =
        inspire_page(R"({"hits": {"total": 1, "hits": [{"metadata": {"control_number": 7, "titles": [{"title": "T"}],
        "dois": [{"value": "10.1103/PhysRevD.1.1"}, {"value": "10.1103/PhysRevD.1.9", "material": "erratum"},
                 {"value": "10.1142/S1", "material": "reprint"}],
        "arxiv_eprints": [{"value": "1903.05422"}]}}]}, "links": {}})",
                     paging, "2026-12-01");
    BOOST_REQUIRE(inspire.size() == 1u);
    BOOST_TEST(inspire[0].publication.doi == "10.1103/physrevd.1.1");
    BOOST_TEST((inspire[0].versions == std::vector<std::string>{"doi:10.1142/s1"}));  // an erratum is another text
}
