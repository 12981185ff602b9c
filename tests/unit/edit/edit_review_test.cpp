// The editor's review page (publications/review): the works `vitae sync`
// found and did not add, listed from sync_review (escaped, as the public
// site is not involved), added one at a time or all at once through the
// writer `vitae sync --accept` uses, each logged and undoable; a stale or
// empty form refused with nothing written.
#define BOOST_TEST_MODULE edit_review
#include <boost/test/unit_test.hpp>

#include "edit_fixture.hpp"
#include "store/write/publication_sync.hpp"
#include "store/write/synced_work.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

FetchedWork work(std::string title, std::string id, int year) {
    FetchedWork w;
    w.service = "openalex";
    w.ids = {{"openalex", id}, {"orcid", "9" + id.substr(1)}};
    w.publication.title = std::move(title);
    w.publication.year = year;
    w.publication.venue = "Proc. VLDB";
    w.publication.doi = "10.14778/" + id;
    w.publication.authors = {{"Inès Moreau", false, false}, {"Bo Li", false, false}};
    w.publication.citations = {{"openalex", 42, ""}};
    return w;
}

// Two works waiting, as a sync without --accept leaves them.
void put_two(EditFixture& f) {
    auto db = Db::open(f.db.string(), OpenMode::read_write);
    Transaction write(db);
    auto a = work("Tides of SQL", "W100", 2026), b = work("Queues <script>alert(1)</script> at Sea", "W200", 2025);
    put_review_item(db, {a.ids.front(), a.publication.title, a.publication.year, work_to_json(a), "2026-12-01"});
    put_review_item(db, {b.ids.front(), b.publication.title, b.publication.year, work_to_json(b), "2026-12-02"});
    write.commit();
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_publications_list_links_to_the_review_page_only_while_works_wait) {
    EditFixture f;
    BOOST_TEST(!has(f.get("publications").body_html, "publications/review"));
    BOOST_TEST(has(f.get("publications/review").body_html, "None waiting."));
    put_two(f);
    auto list = f.get("publications").body_html;
    BOOST_TEST(has(list, "href=\"/_vitae/edit/s/publications/review\">Found by sync, waiting for review (2)</a>"), list);
}

BOOST_AUTO_TEST_CASE(the_review_page_lists_each_work_escaped_with_a_form_to_add_it) {
    EditFixture f;
    put_two(f);
    auto a = f.get("publications/review");
    BOOST_TEST(a.status == 200);
    BOOST_TEST(has(a.body_html, "<strong>Tides of SQL</strong> (2026)"), a.body_html);
    BOOST_TEST(has(a.body_html, "Inès Moreau, Bo Li"));
    BOOST_TEST(has(a.body_html, "openalex: W100 · DOI 10.14778/W100 · found 2026-12-01"), a.body_html);
    BOOST_TEST(has(a.body_html, "Queues &lt;script&gt;"));
    BOOST_TEST(!has(a.body_html, "<script>"));
    BOOST_TEST(has(a.body_html, "name=\"service\" value=\"openalex\"><input type=\"hidden\" name=\"id\" value=\"W200\">"));
    BOOST_TEST(has(a.body_html, "name=\"csrf\" value=\"tok\""));
    BOOST_TEST(has(a.body_html, "Add all 2"));
    // Nothing of it on the public site.
    BOOST_TEST(!has(f.public_page("/publications/"), "Tides of SQL"));
}

BOOST_AUTO_TEST_CASE(an_added_work_is_a_publication_with_its_ids_and_counts_logged_and_undoable) {
    EditFixture f;
    put_two(f);
    auto a = f.post("publications/review", form_of({{"service", "openalex"}, {"id", "W100"}}));
    BOOST_TEST(a.status == 200, a.body_html);
    BOOST_TEST(has(a.body_html, "Added:"));
    auto id = f.scalar("SELECT id FROM publication WHERE title = 'Tides of SQL'");
    BOOST_TEST(!id.empty());
    BOOST_TEST(has(a.body_html, "href=\"/_vitae/edit/s/publications/" + id + "\">Tides of SQL</a>"), a.body_html);
    BOOST_TEST(f.scalar("SELECT slug || '|' || venue || '|' || doi FROM publication WHERE id = " + id) ==
               "moreau2026-tides|Proc. VLDB|10.14778/W100");
    BOOST_TEST(f.scalar("SELECT group_concat(service || ':' || external_id, ',') FROM "
                        "(SELECT * FROM publication_external_id WHERE publication_id = " + id + " ORDER BY service)") ==
               "openalex:W100,orcid:9100");
    BOOST_TEST(f.scalar("SELECT count || ' ' || counted FROM citation_count WHERE publication_id = " + id).size() == 13);
    BOOST_TEST(f.scalar("SELECT group_concat(service || ':' || external_id) FROM sync_review") == "openalex:W200");
    BOOST_TEST(f.scalar("SELECT who || ' ' || item || ' ' || key || ' ' || action FROM edit_log") ==
               "ann publication " + id + " insert");
    BOOST_TEST(has(f.public_page("/publications/"), "Tides of SQL"));
    // The page still lists the other one.
    BOOST_TEST(has(a.body_html, "W200"));
    BOOST_TEST(f.post("publications/" + id + "/undo", form_of({})).status == 303);
    BOOST_TEST(f.scalar("SELECT count(*) FROM publication WHERE title = 'Tides of SQL'") == "0");
    BOOST_TEST(f.scalar("SELECT count(*) FROM publication_external_id WHERE external_id = 'W100'") == "0");
}

BOOST_AUTO_TEST_CASE(add_all_adds_every_waiting_work_once) {
    EditFixture f;
    put_two(f);
    auto before = f.scalar("SELECT count(*) FROM publication");
    auto a = f.post("publications/review", form_of({{"all", "1"}}));
    BOOST_TEST(a.status == 200, a.body_html);
    BOOST_TEST(std::stoi(f.scalar("SELECT count(*) FROM publication")) == std::stoi(before) + 2);
    BOOST_TEST(f.scalar("SELECT count(*) FROM sync_review") == "0");
    BOOST_TEST(f.scalar("SELECT count(*) FROM edit_log WHERE action = 'insert'") == "2");
    BOOST_TEST(has(a.body_html, "None waiting."));
}

BOOST_AUTO_TEST_CASE(a_stale_or_empty_form_is_refused_and_writes_nothing) {
    EditFixture f;
    put_two(f);
    auto before = f.dump();
    auto gone = f.post("publications/review", form_of({{"service", "openalex"}, {"id", "W999"}}));
    BOOST_TEST(gone.status == 404);
    BOOST_TEST(has(gone.body_html, "no longer waiting"), gone.body_html);
    auto empty = f.post("publications/review", form_of({{"service", "openalex"}}));
    BOOST_TEST(empty.status == 400);
    BOOST_TEST(has(empty.body_html, "names none"));
    BOOST_TEST(f.dump() == before);
    BOOST_TEST(f.editor.handle(f.db.string(), {.method = Method::other, .path = "publications/review", .form = nullptr,
                                               .user = "ann", .csrf_token = "tok", .mount = "/_vitae/edit/s/"}).status == 405);
}

BOOST_AUTO_TEST_CASE(a_work_that_cannot_be_read_is_listed_without_an_add_button) {
    EditFixture f;
    {
        auto db = Db::open(f.db.string(), OpenMode::read_write);
        put_review_item(db, {{"dblp", "journals/x/Y26"}, "Broken", 2026, "{not json", "2026-12-02"});
    }
    auto a = f.get("publications/review");
    BOOST_TEST(a.status == 200);
    BOOST_TEST(has(a.body_html, "cannot be read"), a.body_html);
    BOOST_TEST(!has(a.body_html, "value=\"journals/x/Y26\""));
    auto before = f.dump();
    BOOST_TEST(f.post("publications/review", form_of({{"service", "dblp"}, {"id", "journals/x/Y26"}})).status == 400);
    BOOST_TEST(f.dump() == before);
}
