// A group's home site: the member reader, the merge of works (DOI, arXiv,
// title and year), co-author links, GroupIndex's refresh, the stamps of the
// home's pages, and /people/ and /publications/ rendered. The members are
// real sites (tests/fixtures/sites) imported with `vitae import-site`.
#define BOOST_TEST_MODULE group
#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <set>

#include "base/limits.hpp"
#include "cli_test_support.hpp"
#include "site/content_probe.hpp"
#include "site/group_index.hpp"
#include "site/page_inputs.hpp"
#include "site/page_source.hpp"
#include "site/pages.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/member_summary.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;
namespace fs = std::filesystem;

namespace {

const fs::path sites_dir = fixtures_dir / "sites";

// The real sites every case starts from, imported once; each case copies them.
struct Imported {
    TempDir dir;
    std::vector<std::pair<std::string, fs::path>> members;  // name, db
    Imported() {
        for (const char* site : {"al-folio-yichi-zhang", "academicpages-stuart-geiger", "wowchemy-elvio-blini",
                                 "hugoblox-borja-perez-diaz"}) {
            fs::path db = dir / (std::string(site) + ".db");
            auto ran = vitae_cli({"import-site", (sites_dir / site).string(), db.string()});
            if (ran.status != 0) throw std::runtime_error("import-site " + std::string(site) + ": " + ran.err);
            members.emplace_back(site, db);
        }
    }
};
const Imported& imported() {
    static const Imported once;
    return once;
}

// A home site and its members in one directory, as a registry would lay them out.
struct Department {
    TempDir dir;
    std::vector<GroupMemberSource> members;
    std::int64_t now = 1000;  // GroupIndex's clock, moved by the test
    GroupIndex index{{}, [this] { return now; }};

    Department() {
        const std::vector<std::string> groups{"Faculty", "Students", "Faculty", ""};
        for (std::size_t i = 0; i < imported().members.size(); ++i) {
            const auto& [name, db] = imported().members[i];
            fs::create_directories(dir / name);
            fs::copy_file(db, dir / name / "site.db");
            members.push_back({.name = name,
                               .db_path = (dir / name / "site.db").string(),
                               .base_url = "https://" + name + ".example.edu",
                               .group = groups[i]});
        }
        index.set_members(members);
    }
    std::string db(std::size_t i) const { return members[i].db_path; }
    void later() { now += limits::group_check_interval_ms; }
    void vitae(std::vector<std::string> argv) {
        auto ran = vitae_cli(std::move(argv));
        BOOST_REQUIRE_MESSAGE(ran.status == 0, ran.err);
    }
};

MemberPaper paper(std::string slug, std::string title, std::optional<int> year, std::string doi = "", std::string arxiv = "",
                  std::vector<std::string> authors = {}) {
    return {.slug = std::move(slug), .title = std::move(title), .year = year, .doi = std::move(doi),
            .arxiv = std::move(arxiv), .kind = PublicationKind::journal, .authors = std::move(authors)};
}

MemberInput input(std::string site, std::string name, std::vector<MemberPaper> papers, std::string group = "") {
    auto s = std::make_shared<MemberSummary>();
    s->name = name;
    s->papers = std::move(papers);
    return {.member = {.site = site, .base_url = "https://" + site + ".test", .name = name, .group = std::move(group)},
            .summary = std::move(s)};
}

Group group_of(std::vector<MemberInput> inputs) {
    return make_group(std::move(inputs), [](const GroupMember& m, std::string_view slug) {
        return m.base_url + "/publications/" + std::string(slug);
    });
}

bool has(const std::string& text, std::string_view what) { return text.find(what) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(reads_what_the_group_pages_show_and_the_same_papers_the_site_loads) {
    Department d;
    write_file(d.dir / "face.png", tiny_png());
    d.vitae({"add", "file", d.db(0), "--name", "face.png", "--alt", "Yichi Zhang at a desk", "--photo",
             (d.dir / "face.png").string()});
    auto s = read_member_summary(d.db(0));
    auto whole = load_content(Db::open(d.db(0), OpenMode::read_only));
    BOOST_TEST(s.name == "Yichi Zhang");
    BOOST_TEST(s.name == whole.name);
    BOOST_TEST(s.job_title == whole.job_title);
    BOOST_REQUIRE(s.papers.size() == whole.publications.size());
    BOOST_TEST(s.papers.size() > 5u);
    for (std::size_t i = 0; i < s.papers.size(); ++i) {
        const auto& p = whole.publications[i];
        BOOST_TEST(s.papers[i].slug == p.slug);
        BOOST_TEST(s.papers[i].title == p.title);
        BOOST_TEST(s.papers[i].doi == p.doi);
        BOOST_TEST(s.papers[i].arxiv == p.arxiv);
        BOOST_TEST((s.papers[i].year == p.year));
        BOOST_TEST((s.papers[i].kind == p.kind));
        BOOST_REQUIRE(s.papers[i].authors.size() == p.authors.size());
        for (std::size_t a = 0; a < p.authors.size(); ++a) BOOST_TEST(s.papers[i].authors[a] == p.authors[a].name);
    }
    BOOST_TEST(s.photo_name == "face.png");
    BOOST_TEST(s.photo_alt == "Yichi Zhang at a desk");
    BOOST_TEST(s.photo_digest.size() == 64u);
    BOOST_TEST(s.photo_width == 1);
}

BOOST_AUTO_TEST_CASE(one_work_by_doi_arxiv_or_title_and_year_whatever_the_spelling) {
    auto g = group_of({
        input("ana", "Ana Lima",
              {paper("a1", "Über Graphs: A Study", 2021, "10.1000/ABC.1"), paper("a2", "Quantum Dots", 2020, "", "arXiv:2001.00001v2"),
               paper("a3", "The {BERT} Model, Revisited!", 2019)}),
        input("bo", "Bo Chen",
              {paper("b1", "Graphs, studied", 2021, "https://doi.org/10.1000/abc.1"), paper("b2", "Dots (preprint)", 2020, "", "2001.00001"),
               paper("b3", "the bert model revisited", 2019)}),
        input("cy", "Cy Dare", {paper("c1", "Uber graphs: a study", 2021)}),
    });
    BOOST_REQUIRE(g.works.size() == 3u);
    for (const auto& w : g.works) BOOST_TEST(w.papers.size() >= 2u);
    const GroupWork& graphs = g.works[0];  // 2021: newest first
    BOOST_TEST(graphs.title == "Graphs, studied");  // the first member's spelling (Chen, Dare, Lima)
    BOOST_TEST(graphs.doi == "10.1000/abc.1");
    BOOST_REQUIRE(graphs.papers.size() == 3u);  // Cy's has no DOI: one with Ana's by its title and year
    BOOST_TEST(graphs.papers[0].url == "https://bo.test/publications/b1");
    BOOST_TEST(graphs.papers[1].url == "https://cy.test/publications/c1");
    BOOST_TEST(graphs.papers[2].url == "https://ana.test/publications/a1");
    BOOST_TEST(g.works[1].arxiv == "2001.00001");
    // Every paper's title and ids find the work: the home joins its own papers so.
    BOOST_TEST(g.index.find(identity_of(WorkRecord{.title = "Graphs, studied", .year = 2021}))->at == 0u);
    BOOST_TEST(g.index.find(identity_of(WorkRecord{.title = "Über graphs: a study", .year = 2021}))->at == 0u);
    BOOST_TEST(g.index.find(identity_of(WorkRecord{.doi = "doi:10.1000/ABC.1"}))->at == 0u);
}

BOOST_AUTO_TEST_CASE(a_preprint_meets_its_article_a_year_on_but_a_data_set_never_meets_its_paper) {
    auto preprint = paper("a1", "Fast attention", 2023, "", "2301.00001");
    preprint.kind = PublicationKind::preprint;
    auto data = paper("b2", "Body size predicts degree", 2009, "10.5061/dryad.1234");
    data.kind = PublicationKind::dataset;
    auto g = group_of({
        input("ana", "Ana Lima", {preprint, paper("a2", "Body size predicts degree", 2009)}),
        input("bo", "Bo Chen", {paper("b1", "Fast Attention", 2024, "10.5/fast"), data}),
    });
    BOOST_REQUIRE(g.works.size() == 3u);  // the preprint and its article; Ana's paper; Bo's data set
    BOOST_TEST(g.works[0].papers.size() == 2u);
    BOOST_TEST(g.works[0].doi == "10.5/fast");
    BOOST_TEST(g.works[0].arxiv == "2301.00001");
    // The home's own paper: joined by an id or by title and year, never across different DOIs.
    auto home = [&g](std::string_view title, int year, std::string_view doi) {
        auto found = g.index.find(identity_of(WorkRecord{.doi = doi, .title = title, .year = year}));
        return found ? std::optional(found->at) : std::nullopt;
    };
    BOOST_TEST((home("Fast attention", 2024, "") == std::optional<std::size_t>(0)));
    BOOST_TEST(!home("Fast attention", 2024, "10.5/another").has_value());
    BOOST_TEST(home("Body size predicts degree", 2009, "10.1111/j.1365-2435.2008.01472.x").has_value());  // Ana's, no DOI
}

BOOST_AUTO_TEST_CASE(different_works_stay_apart) {
    auto g = group_of({
        input("ana", "Ana Lima",
              {paper("a1", "Reply to comments", 2020, "10.1/x"), paper("a2", "Sea ice", 2020), paper("a3", "Sea ice", 2021)}),
        input("bo", "Bo Chen", {paper("b1", "Reply to Comments", 2020, "10.1/y"), paper("b2", "Sea ice, again", 2020)}),
    });
    BOOST_TEST(g.works.size() == 5u);  // same title and year, different DOIs: two works; another year: another work
    for (const auto& w : g.works) BOOST_TEST(w.papers.size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_member_listing_a_work_twice_is_named_once) {
    auto g = group_of({input("ana", "Ana Lima", {paper("a1", "Dots", 2020, "", "2001.00001"), paper("a2", "Dots", 2021, "10.1/d", "arXiv:2001.00001v2")})});
    BOOST_REQUIRE(g.works.size() == 1u);
    BOOST_TEST(g.works[0].papers.size() == 1u);
    BOOST_TEST(g.works[0].doi == "10.1/d");  // filled from the second
}

BOOST_AUTO_TEST_CASE(authors_who_are_members_link_to_their_sites) {
    auto g = group_of({
        input("elvio", "Elvio A. Blini", {}),
        input("bo", "Bo Chen", {paper("b1", "Attention", 2024, "", "", {"Chen, Bo", "Blini, E.", "Zorzi, Marco", "A. Blini"})}),
    });
    BOOST_REQUIRE(g.works.size() == 1u);
    const auto& a = g.works[0].authors;
    BOOST_REQUIRE(a.size() == 4u);
    BOOST_TEST(a[0].url == "https://bo.test/");
    BOOST_TEST(a[1].url == "https://elvio.test/");
    BOOST_TEST(a[2].url == "");
    BOOST_TEST(a[3].url == "");  // another given name: not Elvio
    BOOST_TEST(*g.linker->find("Elvio Blini") == 0u);  // members sorted: Blini before Chen
}

BOOST_AUTO_TEST_CASE(people_by_group_then_family_name_those_without_a_group_last) {
    auto g = group_of({input("z", "Zoe Adams", {}, ""), input("y", "Carol de Vries", {}, "Students"),
                       input("x", "Ann Young", {}, "Faculty"), input("w", "Bert Ernst", {}, "Faculty")});
    std::vector<std::string> order;
    for (const auto& m : g.members) order.push_back(m.name);
    BOOST_TEST((order == std::vector<std::string>{"Bert Ernst", "Ann Young", "Carol de Vries", "Zoe Adams"}));
}

BOOST_AUTO_TEST_CASE(rereads_only_the_member_that_changed_and_keeps_the_version_otherwise) {
    Department d;
    auto first = d.index.current();
    BOOST_TEST(first->members.size() == 4u);
    BOOST_TEST(d.index.reads() == 4u);
    BOOST_TEST(d.index.current() == first);  // within the interval: nothing looked at
    d.later();
    BOOST_TEST(d.index.current() == first);  // looked at, nothing changed: the same version
    BOOST_TEST(d.index.reads() == 4u);
    exec_sql(d.db(1), "UPDATE profile SET job_title = 'Research scientist'");
    BOOST_TEST(d.index.current() == first);  // not yet: at most once per interval
    d.later();
    auto second = d.index.current();
    BOOST_TEST(second != first);
    BOOST_TEST(d.index.reads() == 5u);  // that member alone
    auto geiger = std::find_if(second->members.begin(), second->members.end(),
                               [](const GroupMember& m) { return m.site == "academicpages-stuart-geiger"; });
    BOOST_REQUIRE((geiger != second->members.end()));
    BOOST_TEST(geiger->role == "Research scientist");
    BOOST_TEST((second->works == first->works));
}

BOOST_AUTO_TEST_CASE(a_missing_or_broken_member_is_left_out_or_kept_as_last_read) {
    Department d;
    auto members = d.members;
    members.push_back({.name = "nobody", .db_path = (d.dir / "nobody/site.db").string(), .base_url = "https://n.test"});
    d.index.set_members(members);
    auto g = d.index.current();
    BOOST_TEST(g->members.size() == 4u);  // the missing one left out
    write_file(d.db(2), "this is not a database, and never was one, whatever its name says");
    d.later();
    auto kept = d.index.current();
    BOOST_TEST(kept == g);  // Blini's last good version stays
    d.index.set_members({members[0]});
    BOOST_TEST(d.index.current()->members.size() == 1u);  // set_members takes effect at once
}

namespace {

// The department's own site, whose group is the index's.
struct Home {
    Department d;
    TempDir dir;
    fs::path db = make_db(dir, fixture_content());
    SiteHolder sites{SiteSource{.db_path = db.string(),
                                .templates_dir = source_dir / "templates",
                                .group = [this] { return d.index.current(); }}};
    PageCache cache{1 << 24, 64};
    PageSource pages{cache, "https://dept.example.edu"};
    PageWorkspace workspace{pages};
    ContentProbe probe{db.string()};

    std::shared_ptr<const Page> get(const std::string& path) {
        auto site = sites.fresh(probe);
        return pages.page(*site, site_route(*site, path), workspace).page;
    }
    std::uint64_t stamp(const std::string& path) {
        auto site = sites.current();
        return page_stamp(page_ref(site_route(*site, path), *site), *site);
    }
};

}  // namespace

BOOST_AUTO_TEST_CASE(a_member_edit_renews_the_group_pages_and_no_other) {
    Home h;
    auto before = h.sites.fresh(h.probe);
    BOOST_REQUIRE(before->group);
    std::map<std::string, std::uint64_t> stamps;
    const std::vector<std::string> paths{"/", "/people/", "/publications/", "/blog/", "/cv/", "/no/such/page"};
    for (const auto& p : paths) stamps[p] = h.stamp(p);
    h.d.later();
    BOOST_TEST(h.sites.fresh(h.probe) == before);  // nothing changed: the same version serves
    exec_sql(h.d.db(0), "UPDATE profile SET job_title = 'Professor'");
    h.d.later();
    auto after = h.sites.fresh(h.probe);
    BOOST_TEST(after->generation > before->generation);
    BOOST_TEST(after->content == before->content);
    BOOST_TEST(h.stamp("/people/") == after->generation);
    BOOST_TEST(h.stamp("/publications/") == stamps["/publications/"]);  // a card changed, no work did
    for (const auto& p : {"/", "/blog/", "/cv/", "/no/such/page"}) BOOST_TEST(h.stamp(p) == stamps[p], p);
    exec_sql(h.d.db(1), "UPDATE publication SET title = 'A new title' WHERE position = (SELECT MIN(position) FROM publication)");
    h.d.later();
    auto third = h.sites.fresh(h.probe);
    BOOST_TEST(h.stamp("/publications/") == third->generation);
    BOOST_TEST(h.stamp("/") == stamps["/"]);
}

BOOST_AUTO_TEST_CASE(renders_people_and_the_groups_publications) {
    Home h;
    // A work two members list, spelled differently in each: one entry naming
    // both, its co-author Yichi Zhang linked to his site.
    write_file(h.d.dir / "shared.bib",
               "@inproceedings{parg-shared,\n  title = {Paraphrase augmented task-oriented dialog generation},\n"
               "  author = {Gao, Silin and Zhang, Yichi and Geiger, R. Stuart},\n  booktitle = {ACL},\n  year = {2020},\n"
               "  doi = {https://doi.org/10.18653/V1/2020.ACL-MAIN.60}\n}\n");
    h.d.vitae({"import-bibtex", h.d.db(1), (h.d.dir / "shared.bib").string()});
    write_file(h.d.dir / "face.png", tiny_png());
    h.d.vitae({"add", "file", h.d.db(0), "--name", "face.png", "--alt", "x", "--photo", (h.d.dir / "face.png").string()});
    exec_sql(h.d.db(0), "UPDATE file SET alt = ''");  // as an import may leave it: the page says whose photo it is
    h.d.later();
    auto people = h.get("/people/");
    BOOST_TEST(people->status == 200);
    const std::string& p = people->body;
    BOOST_TEST(has(p, "<h2 id=\"group-1\">Faculty</h2>"));
    BOOST_TEST(has(p, "<h2 id=\"group-2\">Students</h2>"));
    BOOST_TEST(has(p, "<h2 id=\"group-3\">Others</h2>"));
    BOOST_TEST(has(p, "<h3 class=\"person-name\"><a href=\"https://al-folio-yichi-zhang.example.edu/\">Yichi Zhang</a></h3>"));
    BOOST_TEST(p.find("Elvio") < p.find("Yichi Zhang"));  // Faculty: Blini before Zhang
    // The photo as the member's site serves it; a member without one shows initials.
    BOOST_TEST(has(p, "<img class=\"face\" src=\"https://al-folio-yichi-zhang.example.edu/files/"));
    BOOST_TEST(has(p, "/face.png\" width=\"1\" height=\"1\" alt=\"Photo of Yichi Zhang\""));
    BOOST_TEST(has(p, "<span class=\"face initials\" aria-hidden=\"true\">RG</span>"));
    BOOST_TEST(has(p, "aria-hidden=\"true\">BP</span>"));  // "Dr. Borja Pérez-Díaz": the title left out
    BOOST_TEST(has(p, "<a href=\"/people/\" class=\"current\">People</a>"));  // in the nav, current
    BOOST_TEST(!has(p, "<script>"));
    BOOST_TEST(has(p, "<p class=\"role\">Ethnographer of computation"));  // Geiger's imported job title, its HTML dropped
    BOOST_TEST(!has(p, "&lt;br&gt;"));

    auto list = h.get("/publications/");
    const std::string& l = list->body;
    auto shared = l.find("Paraphrase Augmented Task-Oriented Dialog Generation");
    BOOST_REQUIRE(shared != std::string::npos);
    BOOST_TEST(l.find("Paraphrase augmented task-oriented dialog generation") == std::string::npos);  // one entry
    std::string entry = l.substr(shared, l.find("</li>", shared) - shared);
    BOOST_TEST(has(entry, "On the pages of <a href=\"https://al-folio-yichi-zhang.example.edu/publications/"));
    BOOST_TEST(has(entry, "https://academicpages-stuart-geiger.example.edu/publications/parg-shared"));
    BOOST_TEST(has(entry, "<a href=\"https://al-folio-yichi-zhang.example.edu/\">Yichi Zhang</a>"));
    BOOST_TEST(has(l, "<h2 id=\"y2020\">2020</h2>"));
    // The home's own papers among them, linked to its own pages.
    auto own = load_content(Db::open(h.db.string(), OpenMode::read_only)).publications.front();
    BOOST_TEST(has(l, "href=\"/publications/" + own.slug + "\""));

    auto sitemap = h.get("/sitemap.xml");
    BOOST_TEST(has(sitemap->body, "https://dept.example.edu/people/"));
    const std::vector<std::string> zh{"zh"};
    BOOST_TEST((route("/zh/people/", {.languages = zh}).kind == RouteKind::people));

    if (const char* out = std::getenv("VITAE_GROUP_PAGES_OUT")) {  // for a screenshot: scripts and docs/screenshots
        write_file(fs::path(out) / "people.html", p);
        write_file(fs::path(out) / "publications.html", l);
    }
}

BOOST_AUTO_TEST_CASE(a_site_without_a_group_has_no_people_page) {
    TempDir dir;
    auto db = make_db(dir, fixture_content());
    SiteHolder sites{SiteSource{.db_path = db.string(), .templates_dir = source_dir / "templates"}};
    auto site = sites.current();
    BOOST_TEST(!site->group);
    BOOST_TEST(page_ref(site_route(*site, "/people/"), *site).status == 404);
    auto paths = site_paths(*site);
    BOOST_TEST((std::find(paths.begin(), paths.end(), "/people/") == paths.end()));
}
