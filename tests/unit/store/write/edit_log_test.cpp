// The edit log (store/write/edit_log): a LoggedTransaction records what
// the rows it watches show before and after, so the action is never the
// caller's word - a row replaced is an update with the row it replaced - and
// plan_undo gives back that row, or says why it cannot.
#define BOOST_TEST_MODULE edit_log
#include <boost/test/unit_test.hpp>

#include "base/error.hpp"
#include "store/rows/edit_rows.hpp"
#include "store/sqlite/db.hpp"
#include "store/write/edit_log.hpp"
#include "store/write/languages.hpp"
#include "store/write/publications.hpp"
#include "store/write/sections.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

struct Site {
    TempDir dir;
    std::filesystem::path path = make_db(dir, fixture_content());
    Db db = Db::open(path.string(), OpenMode::read_write);

    std::string log() const {
        auto s = db.prepare("SELECT who, action, item, key, coalesce(json_extract(before, '$.text'), '-'), "
                            "coalesce(json_extract(after, '$.text'), '-') FROM edit_log ORDER BY id");
        std::string out;
        while (s.step())
            for (int i = 0; i < 6; ++i) out += s.text_at(i) + (i == 5 ? "\n" : " ");
        return out;
    }
};

Translation greeting(std::string text) {
    return {.language = "de", .item = "paragraph", .key = "1", .field = "markdown", .text = std::move(text), .index = -1};
}

void add_german(const Db& db) {
    insert_language(db, {.code = "en", .name = "English", .is_default = true});
    insert_language(db, {.code = "de", .name = "Deutsch", .is_default = false});
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_row_a_writer_replaces_is_an_update_with_the_row_it_replaced) {
    Site site;
    add_german(site.db);
    for (const char* text : {"Hallo", "Servus"}) {
        // As a "new" form does: the whole item watched, its writer an upsert.
        LoggedTransaction t(site.db, "ann");
        t.watch("translation");
        upsert_translation(site.db, greeting(text));
        BOOST_TEST(t.commit() == 1u);
    }
    BOOST_TEST(site.log() == "ann insert translation de~paragraph~1~markdown - Hallo\n"
                             "ann update translation de~paragraph~1~markdown Hallo Servus\n",
               site.log());
    auto plan = plan_undo(site.db, "translation", "de~paragraph~1~markdown",
                          read_logged_row(site.db, logged_item("translation"), "de~paragraph~1~markdown"));
    BOOST_REQUIRE(std::holds_alternative<UndoStep>(plan));
    BOOST_REQUIRE(std::get<UndoStep>(plan).restore.has_value());
    BOOST_TEST(value_of(*std::get<UndoStep>(plan).restore, "text") == "Hallo");
}

BOOST_AUTO_TEST_CASE(an_insert_a_delete_and_an_undo_are_what_the_rows_show_and_no_change_is_no_entry) {
    Site site;
    {
        LoggedTransaction t(site.db, "cli:ann", {"news"});
        insert_news(site.db, {.id = 0, .date = "2026-01-02", .markdown = "New."});
        t.commit();
    }
    {
        LoggedTransaction t(site.db, "ann", LogAs::undo);
        BOOST_TEST(t.watch("news", "1").has_value());
        remove_news(site.db, 1);
        t.commit();
    }
    {
        LoggedTransaction t(site.db, "ann", {"news", "publication", "file"});
        BOOST_TEST(t.commit() == 0u);  // nothing written
    }
    {
        LoggedTransaction t(site.db, "ann", {"news"});
        insert_news(site.db, {.id = 0, .date = "2026-01-03", .markdown = "Gone."});
        // rolled back: nothing written, nothing logged
    }
    auto s = site.db.prepare("SELECT group_concat(who || ' ' || action || ' ' || item || ' ' || key || ' ' || "
                             "(before IS NULL) || (after IS NULL), ',') FROM edit_log");
    s.step();
    BOOST_TEST(s.text_at(0) == "cli:ann insert news 1 10,ann undo news 1 01");
}

BOOST_AUTO_TEST_CASE(undo_is_planned_only_for_a_row_as_its_last_entry_left_it) {
    Site site;
    add_german(site.db);
    auto key = "de~paragraph~1~markdown";
    auto now = [&] { return read_logged_row(site.db, logged_item("translation"), key); };
    BOOST_TEST((std::get<UndoRefusal>(plan_undo(site.db, "translation", key, now())) == UndoRefusal::nothing_logged));
    {
        LoggedTransaction t(site.db, "ann", {"translation"});
        upsert_translation(site.db, greeting("Hallo"));
        t.commit();
    }
    auto inserted = plan_undo(site.db, "translation", key, now());
    BOOST_TEST(!std::get<UndoStep>(inserted).restore.has_value());  // undo removes the row it inserted
    upsert_translation(site.db, greeting("by hand"));                 // unlogged (SQL in a shell)
    BOOST_TEST((std::get<UndoRefusal>(plan_undo(site.db, "translation", key, now())) == UndoRefusal::changed_since));
}

BOOST_AUTO_TEST_CASE(the_entries_of_one_commit_come_in_the_rows_order) {
    Site site;
    LoggedTransaction t(site.db, "ann", {"news"});
    for (int i = 0; i < 11; ++i) insert_news(site.db, {.id = 0, .date = "2026-01-02", .markdown = "N"});
    BOOST_TEST(t.commit() == 11u);
    auto s = site.db.prepare("SELECT group_concat(key, ',') FROM (SELECT key FROM edit_log ORDER BY id)");
    s.step();
    BOOST_TEST(s.text_at(0) == "1,2,3,4,5,6,7,8,9,10,11");
}

BOOST_AUTO_TEST_CASE(new_rows_of_publications_are_logged_from_their_keys_and_a_change_to_another_is_refused) {
    Site site;
    std::int64_t id = 0;
    {
        LoggedTransaction t(site.db, "ann");
        t.watch_new_rows("publication");  // reads the keys of the papers there, not their rows
        Publication p;
        p.slug = "fresh";
        p.title = "Fresh";
        id = insert_publication(site.db, p);
        BOOST_TEST(t.commit() == 1u);
    }
    auto s = site.db.prepare("SELECT action || ' ' || item || ' ' || key || ' ' || json_extract(after, '$.title') FROM edit_log");
    BOOST_REQUIRE(s.step());
    BOOST_TEST(s.text_at(0) == "insert publication " + std::to_string(id) + " Fresh");
    {
        LoggedTransaction t(site.db, "ann");
        t.watch_new_rows("publication");
        select_publication(site.db, 1);  // a paper that was there: its before was not read
        BOOST_CHECK_THROW(t.commit(), Error);
    }
    auto selected = site.db.prepare("SELECT selected FROM publication WHERE id = 1");
    BOOST_REQUIRE(selected.step());
    BOOST_TEST(selected.int_at(0) == 0);  // rolled back
}

BOOST_AUTO_TEST_CASE(an_item_the_log_does_not_have_is_refused) {
    Site site;
    LoggedTransaction t(site.db, "ann");
    BOOST_CHECK_THROW(t.watch("posts"), Error);  // the editor's path, not the item
}
