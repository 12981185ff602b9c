// The group's search index (core/store/write/group_search): built from a
// merged Group, found by the same parser and folding as a site's index,
// its keys naming the Group's members and works.
#define BOOST_TEST_MODULE group_search
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <thread>

#include "store/model/group.hpp"
#include "store/model/search.hpp"
#include "store/write/group_search.hpp"

using namespace vitae;

namespace {

MemberPaper paper(std::string slug, std::string title, int year, std::vector<std::string> authors, std::string doi = "") {
    return {.slug = std::move(slug), .title = std::move(title), .venue = "JFM", .year = year, .doi = std::move(doi),
            .kind = PublicationKind::journal, .authors = std::move(authors)};
}

MemberInput input(std::string site, std::string name, std::string role, std::vector<MemberPaper> papers) {
    auto s = std::make_shared<MemberSummary>();
    s->name = name;
    s->job_title = std::move(role);
    s->papers = std::move(papers);
    return {.member = {.site = site, .base_url = "https://" + site + ".test", .name = name, .role = s->job_title,
                       .group = "Fluids"},
            .summary = std::move(s)};
}

const Group& group() {
    static const Group g = [] {
        std::vector<MemberInput> in;
        in.push_back(input("carol", "Carol Läufer", "Professor",
                           {paper("tides", "Tidal Flows in Estuaries", 2021, {"Carol Läufer", "Dan Wu"}, "10.1/tides"),
                            paper("tokyo", "東京大学における分散システム", 2020, {"Carol Läufer"})}));
        in.push_back(input("dan", "Dan Wu", "PhD student",
                           {paper("tidal", "Tidal flows in estuaries", 2021, {"C. Läufer", "D. Wu"}, "10.1/TIDES"),
                            paper("waves", "Rogue Waves", 2019, {"Dan Wu"})}));
        in.push_back(input("eve", "Eve Stone", "Postdoc", {}));
        return make_group(std::move(in), [](const GroupMember& m, std::string_view slug) {
            return m.base_url + "/publications/" + std::string(slug);
        });
    }();
    return g;
}

const GroupSearch& index() {
    static const auto s = make_group_search(group());
    return *s;
}

// "kind:title" of each hit (the key resolved through the Group), best first.
std::vector<std::string> found(std::string_view typed, std::int64_t* total = nullptr) {
    auto r = index().find(parse_search_query(typed), 1);
    if (total) *total = r.total;
    std::vector<std::string> out;
    for (const auto& hit : r.hits) {
        std::size_t i = std::stoul(hit.key);
        out.push_back(hit.kind + ":" + (hit.kind == "person" ? group().members.at(i).name : group().works.at(i).title));
    }
    return out;
}

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

BOOST_AUTO_TEST_CASE(finds_people_by_name_role_and_group) {
    BOOST_TEST(found("eve") == std::vector<std::string>{"person:Eve Stone"});
    BOOST_TEST(found("postdoc") == std::vector<std::string>{"person:Eve Stone"});
    BOOST_TEST(found("fluids").size() == 3u);  // every member's group
}

BOOST_AUTO_TEST_CASE(finds_each_merged_work_once_by_title_authors_venue_and_year) {
    std::int64_t total = 0;
    auto tidal = found("tidal estuaries", &total);
    BOOST_TEST(total == 1);  // two members' papers, one work (same DOI)
    BOOST_TEST(tidal == std::vector<std::string>{"member_work:Tidal Flows in Estuaries"});
    BOOST_TEST(has(found("rogue 2019"), "member_work:Rogue Waves"));
    BOOST_TEST(has(found("jfm waves"), "member_work:Rogue Waves"));
    // Folded as the site index folds: accents both ways, prefixes, a phrase.
    BOOST_TEST(has(found("laufer"), "person:Carol Läufer"));
    BOOST_TEST(has(found("laufer"), "member_work:Tidal Flows in Estuaries"));
    BOOST_TEST(has(found("estu*"), "member_work:Tidal Flows in Estuaries"));
    BOOST_TEST(found("\"estuaries tidal\"").empty());
}

BOOST_AUTO_TEST_CASE(marks_the_matches_and_finds_cjk_by_substring) {
    auto r = index().find(parse_search_query("rogue"), 1);
    BOOST_REQUIRE_EQUAL(r.hits.size(), 1u);
    BOOST_TEST(r.hits[0].title == std::string(mark_open) + "Rogue" + std::string(mark_close) + " Waves");
    BOOST_TEST(found("東京大学") == std::vector<std::string>{"member_work:東京大学における分散システム"});
    BOOST_TEST(found("分散") == std::vector<std::string>{"member_work:東京大学における分散システム"});  // two characters: LIKE
}

BOOST_AUTO_TEST_CASE(operators_are_words_and_nothing_matches_nothing) {
    BOOST_TEST(found("NEAR AND ( ^").empty());
    BOOST_TEST(found("nobody-here").empty());
    BOOST_TEST(index().find(parse_search_query(""), 1).total == 0);
}

BOOST_AUTO_TEST_CASE(an_empty_group_finds_nothing_and_queries_from_many_threads_agree) {
    BOOST_TEST(make_group_search(Group{})->find(parse_search_query("tidal"), 1).total == 0);
    std::vector<std::jthread> threads;
    std::vector<std::int64_t> totals(4);
    for (std::size_t t = 0; t < totals.size(); ++t)
        threads.emplace_back([t, &totals] {
            for (int i = 0; i < 50; ++i) totals[t] = index().find(parse_search_query("laufer"), 1).total;
        });
    threads.clear();
    for (auto n : totals) BOOST_TEST(n == 3);  // a person and two works
}
