// The one work-identity rule (core/rules/work_ids, work_title,
// work_identity): how a DOI, an arXiv id and a title are compared, and when
// two records are one work, as BibTeX import, the editor's paste,
// import-site, sync and the group pages all decide it. The DOIs are real
// ones from tests/fixtures (the ORCID record of sync/orcid, the group and
// BibTeX fixtures) in the spellings sources write them.
#define BOOST_TEST_MODULE work_identity
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "rules/work_identity.hpp"
#include "rules/work_ids.hpp"
#include "rules/work_title.hpp"

using namespace vitae;

namespace {

WorkIdentity work(std::string_view title, std::optional<int> year, std::string_view doi = "",
                  std::string_view arxiv = "", WorkForm form = WorkForm::text,
                  std::span<const std::string> versions = {}) {
    return identity_of(
        WorkRecord{.doi = doi, .arxiv = arxiv, .title = title, .year = year, .form = form, .versions = versions});
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_doi_is_one_key_in_every_spelling) {
    for (std::string_view spelling :
         {"10.18653/V1/2020.ACL-MAIN.60", "https://doi.org/10.18653/V1/2020.ACL-MAIN.60",
          "http://dx.doi.org/10.18653/v1/2020.acl-main.60", "https://www.doi.org/10.18653/v1/2020.acl-main.60",
          "doi:10.18653/v1/2020.acl-main.60", "DOI: 10.18653/v1/2020.acl-main.60", "DOI 10.18653/v1/2020.acl-main.60",
          "info:doi/10.18653/v1/2020.acl-main.60", "doi.org/10.18653/v1/2020.acl-main.60",
          "  10.18653/v1/2020.acl-main.60.\n", "10.18653/v1/2020.acl-main.60,", "(10.18653/v1/2020.acl-main.60)",
          "https://doi.org/10.18653%2Fv1%2F2020.acl-main.60"})
        BOOST_TEST(doi_key(spelling) == "10.18653/v1/2020.acl-main.60", spelling);
}

BOOST_AUTO_TEST_CASE(a_doi_keeps_what_is_its_own) {
    // ESA's SICI DOI of the ORCID record: brackets, a colon, a semicolon, all its own.
    BOOST_TEST(doi_key("10.1603/0046-225X(2008)37[808:ROHBHA]2.0.CO;2") ==
               "10.1603/0046-225x(2008)37[808:rohbha]2.0.co;2");
    BOOST_TEST(
        doi_key("https://doi.org/10.1002/%28SICI%291097-4571%28199806%2949%3A8%3C693%3A%3AAID-ASI4%3E3.0.CO%3B2-O") ==
        "10.1002/(sici)1097-4571(199806)49:8<693::aid-asi4>3.0.co;2-o");
    BOOST_TEST(doi_key("10.1016/0010-0277(92)90019-L") == "10.1016/0010-0277(92)90019-l");
    BOOST_TEST(doi_key("10.1000/(abc)") == "10.1000/(abc)");  // a ")" it opened stays
    BOOST_TEST(bare_doi("https://doi.org/10.1364/OE.413844.") ==
               "10.1364/OE.413844");  // stored as its registrant spells it
    // The DOI proxies of ACM's and the IEEE Computer Society's libraries (a real .bib's, DBLP's <ee>).
    BOOST_TEST(bare_doi("http://doi.acm.org/10.1145/2602576.2602588") == "10.1145/2602576.2602588");
    BOOST_TEST(doi_key("http://doi.ieeecomputersociety.org/10.1109/TVCG.2010.63") == "10.1109/tvcg.2010.63");
}

BOOST_AUTO_TEST_CASE(what_is_not_a_doi_has_no_key_and_is_kept_as_written) {
    for (std::string_view text :
         {"work:doi", "", "10.1000", "10./x", "10.abc/x", "11.1000/x", "https://example.org/10.1000/x",
          "https://dl.acm.org/citation.cfm?id=10.1145", "2401.01234"})
        BOOST_TEST(doi_key(text).empty(), text);
    BOOST_TEST(bare_doi("  work:doi ") == "work:doi");
}

BOOST_AUTO_TEST_CASE(an_arxiv_id_is_one_key_in_every_spelling_and_version) {
    for (std::string_view spelling : {"2401.01234", "arXiv:2401.01234v2", "ARXIV:2401.01234",
                                      "https://arxiv.org/abs/2401.01234v3", "http://arxiv.org/pdf/2401.01234v1.pdf",
                                      "https://export.arxiv.org/abs/2401.01234", "https://arxiv.org/html/2401.01234v2",
                                      "10.48550/arXiv.2401.01234", "https://doi.org/10.48550/ARXIV.2401.01234"})
        BOOST_TEST(arxiv_key(spelling) == "2401.01234", spelling);
    BOOST_TEST(arxiv_key("0704.0001v1") == "0704.0001");  // the first id of the four-digit years
    BOOST_TEST(arxiv_key("hep-th/9901001v2") == "hep-th/9901001");
    BOOST_TEST(arxiv_key("https://arxiv.org/abs/math.GT/0309136") == "math.gt/0309136");
    BOOST_TEST(arxiv_key("cond-mat/0211034") == "cond-mat/0211034");
    for (std::string_view text : {"cs.LG", "arXiv preprint", "2401.012345", "240.01234", "hep-th/990100",
                                  "10.1145/3626246", "https://example.org/abs/2401.01234", ""})
        BOOST_TEST(arxiv_key(text).empty(), text);
}

BOOST_AUTO_TEST_CASE(a_title_key_ignores_case_accents_punctuation_spaces_tex_and_html) {
    BOOST_TEST(title_words("Über {BERT}: a <i>Study</i>!") == "uber bert a study");
    BOOST_TEST(title_key("Über {BERT}: a <i>Study</i>!") == "uberbertastudy");
    auto same = [](std::string_view a, std::string_view b) { return title_key(a) == title_key(b); };
    BOOST_TEST(same("Étude: the STATE of OA!", "etude -- The state of OA"));
    BOOST_TEST(same("Deep-Learning \u2014 a review", "Deep learning: A Review"));
    BOOST_TEST(same("Co-operation in ant\u2013plant mutualisms", "Cooperation in ant-plant mutualisms"));
    BOOST_TEST(same("{\\\"U}ber {\\o}resund", "\u00dcber \u00d8resund"));
    BOOST_TEST(same("\\emph{Drosophila} genes in $\\mathrm{CO}_2$", "<i>Drosophila</i> genes in CO<sub>2</sub>"));
    BOOST_TEST(same("R&amp;D at the Caf&#233;", "R&D at the Caf\u00e9"));
    BOOST_TEST(same("DENSITY-MEDIATED, CONTEXT-DEPENDENT CONSUMER\u2013RESOURCE INTERACTIONS",
                    "Density-mediated, context-dependent consumer-resource interactions"));
    BOOST_TEST(same("A \\LaTeX{} primer", "A LaTeX primer"));
    BOOST_TEST(!same("Linear attention", "Linear attentions"));
    BOOST_TEST(!same("a < b and c > d", "a and d"));  // not a tag: text
    BOOST_TEST(title_words("\u6df1\u5ea6\u5b66\u4e60\uff1a\u7efc\u8ff0") ==
               "\u6df1\u5ea6\u5b66\u4e60 \u7efc\u8ff0");  // other scripts kept
    BOOST_TEST(title_key("?!").empty());
}

BOOST_AUTO_TEST_CASE(a_shared_identifier_is_one_work_whatever_the_titles) {
    BOOST_TEST((same_work(work("Graphs, studied", 2021, "https://doi.org/10.1000/ABC.1"),
                          work("Uber graphs", 2019, "10.1000/abc.1")) == SameBy::doi));
    BOOST_TEST((same_work(work("Dots", 2020, "", "arXiv:2001.00001v2"),
                          work("Dots (preprint)", 2019, "", "2001.00001")) == SameBy::arxiv));
    // arXiv's own DOI is its id: it meets the id, and does not clash with the published DOI.
    BOOST_TEST(
        (same_work(work("A", 2024, "10.48550/arXiv.2401.01234"), work("B", 2024, "", "2401.01234")) == SameBy::arxiv));
    BOOST_TEST((same_work(work("Fast", 2023, "10.48550/arXiv.2301.00001", "", WorkForm::preprint),
                          work("Fast", 2024, "10.5/fast")) == SameBy::title_and_year));
}

BOOST_AUTO_TEST_CASE(different_identifiers_are_different_works_whatever_the_titles) {
    // The ORCID record's figshare versions and a Dryad-style data set with its paper's title.
    BOOST_TEST((same_work(work("Conditionality data", 2014, "10.6084/M9.FIGSHARE.1097657"),
                          work("Conditionality data", 2014, "10.6084/M9.FIGSHARE.1097657.V1")) == SameBy::none));
    BOOST_TEST(
        (same_work(work("Body size predicts degree", 2009, "10.1111/j.1365-2435.2008.01472.x"),
                   work("Body size predicts degree", 2009, "10.5061/dryad.1234", "", WorkForm::data)) == SameBy::none));
    BOOST_TEST(
        (same_work(work("Reply", 2020, "", "2001.00001"), work("Reply", 2020, "", "2001.00002")) == SameBy::none));
}

BOOST_AUTO_TEST_CASE(a_stated_version_joins_different_identifiers) {
    std::vector<std::string> published{"https://doi.org/10.1038/S41586-020-2649-2"};
    BOOST_TEST((same_work(work("Array programming (preprint)", 2020, "10.48550/arXiv.2006.10256", "",
                               WorkForm::preprint, published),
                          work("Array programming with NumPy", 2020, "10.1038/s41586-020-2649-2")) == SameBy::doi));
    BOOST_TEST(id_key("https://arxiv.org/abs/2006.10256v1") == "arxiv:2006.10256");
    BOOST_TEST(id_key("doi:10.1038/S41586-020-2649-2") == "doi:10.1038/s41586-020-2649-2");
    BOOST_TEST(id_key("1234-5678").empty());  // an ISSN names a journal, not a work
}

BOOST_AUTO_TEST_CASE(title_and_year_decide_where_identifiers_cannot) {
    // One side without a DOI: a list typed by hand meets the service's record.
    BOOST_TEST((same_work(work("Uber graphs: a study", 2021), work("Über Graphs: A Study", 2021, "10.1000/ABC.1")) ==
                SameBy::title_and_year));
    // A DOI on one side, an arXiv id on the other: a preprint and its article.
    BOOST_TEST((same_work(work("Fast attention", 2023, "", "2301.00001", WorkForm::preprint),
                          work("Fast Attention", 2024, "10.5/fast")) == SameBy::title_and_year));
    BOOST_TEST(
        (same_work(work("Sea ice", 2020), work("Sea ice", 2021)) == SameBy::none));  // a year apart, neither a preprint
    BOOST_TEST((same_work(work("Sea ice", 2019, "", "", WorkForm::preprint), work("Sea ice", 2021)) == SameBy::none));
    BOOST_TEST(
        (same_work(work("#ESA2012 poster", std::nullopt), work("#ESA2012 poster", 2012, "10.6084/M9.FIGSHARE.94030")) ==
         SameBy::title_and_year));  // a year one lacks is unknown, not different
    BOOST_TEST((same_work(work("", 2020), work("", 2020)) == SameBy::none));
}

BOOST_AUTO_TEST_CASE(by_title_a_data_set_is_only_ever_a_data_set) {
    BOOST_TEST((same_work(work("Variation in species interactions", 2013, "", "", WorkForm::data),
                          work("Variation in species interactions", 2013)) == SameBy::none));
    BOOST_TEST(
        (same_work(work("Sea ice maps", 2013, "", "", WorkForm::data),
                   work("Sea ice maps", 2013, "10.5281/zenodo.1", "", WorkForm::data)) == SameBy::title_and_year));
}

BOOST_AUTO_TEST_CASE(the_index_finds_by_the_rule_and_remembers_every_id_of_a_work) {
    WorkIndex index;
    index.add(0, work("Conditionality data", std::nullopt));  // an entry typed without a DOI
    auto first = index.find(work("Conditionality data", 2014, "10.6084/m9.figshare.1097657"));
    BOOST_REQUIRE(first.has_value());
    BOOST_TEST(first->at == 0u);
    BOOST_TEST((first->by == SameBy::title_and_year));
    index.add(0, work("Conditionality data", 2014, "10.6084/m9.figshare.1097657"));  // it gained the DOI
    BOOST_TEST(!index.find(work("Conditionality data", 2014, "10.6084/M9.FIGSHARE.1097657.V1")).has_value());
    index.add(1, work("Conditionality data", 2014, "10.6084/M9.FIGSHARE.1097657.V1"));
    auto again = index.find(work("Other title", 2000, "https://doi.org/10.6084/m9.figshare.1097657.v1"));
    BOOST_REQUIRE(again.has_value());
    BOOST_TEST(again->at == 1u);
    BOOST_TEST((again->by == SameBy::doi));
    BOOST_TEST(!index.find(work("Unrelated", 2014)).has_value());
}
