#define BOOST_TEST_MODULE page_inputs
#include <boost/test/unit_test.hpp>

#include <set>

#include "base/clock.hpp"
#include "rules/date.hpp"
#include "site/content_probe.hpp"
#include "site/page_inputs.hpp"
#include "site/page_source.hpp"
#include "site/pages.hpp"
#include "store/rows/file_store.hpp"
#include "store/sqlite/db.hpp"
#include "store/write/files.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;
namespace fs = std::filesystem;

namespace {

using Paths = std::set<std::string>;

// A site on the fixture content and a copy of the shipped templates: make
// an edit, reload, and see which pages' inputs changed.
struct Edits {
    TempDir dir;
    fs::path db;
    fs::path templates = dir / "templates";
    std::unique_ptr<SiteHolder> sites;

    explicit Edits(const std::string& extra_sql = "", WallClock clock = system_unix)
        : db(make_db(dir, fixture_content() + extra_sql)) {
        fs::copy(source_dir / "templates", templates);
        sites = std::make_unique<SiteHolder>(SiteSource{db.string(), templates, std::move(clock)});
    }

    // Every page the site serves (and the not-found page) whose inputs
    // changed with `edit`: what the fast path rewrites and the cache drops.
    template <typename Edit>
    Paths changed_by(Edit&& edit) {
        auto before = sites->current();
        edit();
        BOOST_REQUIRE(sites->reload("test"));
        auto after = sites->current();
        BOOST_REQUIRE(after->generation > before->generation);
        return changed_since(*before, *after);
    }
    static Paths changed_since(const Site& before, const Site& after) {
        Paths out;
        auto paths = site_paths(after);
        paths.emplace_back("/no/such/page");
        for (const auto& path : paths)
            if (page_stamp(page_ref(site_route(after, path), after), after) > before.generation) out.insert(path);
        return out;
    }
    void sql(const std::string& text) { exec_sql(db, text); }
};

Paths exports_of(const std::string& slug) {
    return {"/publications/" + slug + ".bib", "/publications/" + slug + ".ris", "/publications/" + slug + ".json"};
}

Paths operator+(Paths a, const Paths& b) {
    a.insert(b.begin(), b.end());
    return a;
}

const Paths paper_pages = {"/publications/tidepool",          "/publications/fast-and-fair", "/publications/lattice-logs",
                           "/publications/coral-reef-survey", "/publications/quorum-games",  "/publications/sketchbook"};
const Paths lists = {"/publications/", "/publications/conference/", "/publications/journal/", "/publications/preprint/"};
const Paths html_pages = Paths{"/", "/blog/", "/blog/notes-on-sketches", "/blog/reading-list", "/no/such/page", "/cv/",
                               "/accessibility/"} +
                         paper_pages + lists;
const Paths cv_pages = {"/cv/", "/cv.pdf", "/cv.json"};

}  // namespace

BOOST_AUTO_TEST_CASE(a_paper_title_changes_its_page_exports_lists_and_the_home_page_that_show_it) {
    Edits site;
    auto changed = site.changed_by([&] { site.sql("UPDATE publication SET title = 'Tidepool II' WHERE slug = 'tidepool'"); });
    Paths expected = Paths{"/publications/tidepool", "/", "/publications/", "/publications/conference/",
                           "/publications.bib"} +
                     exports_of("tidepool") + cv_pages;
    BOOST_TEST(changed == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_bio_paragraph_changes_the_home_page_alone) {
    Edits site;
    auto changed = site.changed_by([&] { site.sql("UPDATE profile_paragraph SET markdown = 'New bio.' WHERE position = 1"); });
    BOOST_TEST(changed == Paths{"/"}, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(an_email_address_changes_the_pages_that_show_it_the_accessibility_statement_among_them) {
    Edits site;
    auto changed = site.changed_by([&] { site.sql("INSERT INTO profile_email (position, address) VALUES (9, 'a@b.org')"); });
    BOOST_TEST(changed == (Paths{"/", "/accessibility/"} + cv_pages), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(the_owners_name_changes_every_html_page_and_the_feed_but_no_export) {
    Edits site;
    auto changed = site.changed_by([&] { site.sql("UPDATE profile SET name = 'Inès M. Moreau' WHERE id = 1"); });
    BOOST_TEST(changed == html_pages + Paths{"/feed.xml"} + cv_pages, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_coauthors_page_changes_the_pages_that_name_them) {
    Edits site;
    auto changed = site.changed_by([&] { site.sql("INSERT INTO coauthor (name, url, orcid) VALUES ('Ana Muñoz', 'https://ana.example', '')"); });
    // Ana Muñoz is on coral-reef-survey only; every list shows it, and so does the home page.
    BOOST_TEST(changed == (Paths{"/publications/coral-reef-survey", "/", "/publications/", "/publications/journal/"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_new_post_changes_the_post_lists_its_neighbour_the_feed_and_the_sitemap) {
    Edits site;
    auto changed = site.changed_by([&] {
        site.sql("INSERT INTO post (slug, title, published, body_format, body) "
                 "VALUES ('newest', 'Newest', '2026-01-01', 'markdown', 'Hello.')");
    });
    // notes-on-sketches gains a "Next" link; reading-list's neighbours are unchanged.
    BOOST_TEST(changed == (Paths{"/blog/newest", "/blog/notes-on-sketches", "/blog/", "/", "/feed.xml", "/sitemap.xml"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_tag_changes_its_post_the_post_lists_the_feed_sitemap_and_its_own_pages) {
    Edits site;
    auto tagged = site.changed_by([&] {
        site.sql("INSERT INTO post_tag (post_slug, position, tag) VALUES ('notes-on-sketches', 1, 'sketches')");
    });
    const Paths sketches = {"/blog/tag/sketches/", "/blog/tag/sketches/feed.xml"};
    BOOST_TEST(tagged == (Paths{"/blog/notes-on-sketches", "/blog/", "/", "/feed.xml", "/sitemap.xml"} + sketches),
               boost::test_tools::per_element());
    // Another post's tag: that post and the tag's pages, not the other tag's.
    auto second = site.changed_by([&] {
        site.sql("INSERT INTO post_tag (post_slug, position, tag) VALUES ('reading-list', 1, 'books')");
    });
    BOOST_TEST(second == (Paths{"/blog/reading-list", "/blog/", "/", "/feed.xml", "/sitemap.xml", "/blog/tag/books/",
                                "/blog/tag/books/feed.xml"}),
               boost::test_tools::per_element());
    // An edit to a tagged post's body: its tag's pages too.
    auto body = site.changed_by([&] { site.sql("UPDATE post SET body = 'Now written.' WHERE slug = 'reading-list'"); });
    BOOST_TEST(body == (Paths{"/blog/reading-list", "/blog/", "/", "/feed.xml", "/blog/tag/books/",
                              "/blog/tag/books/feed.xml"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(the_first_news_item_adds_its_page_and_nav_entry_to_every_html_page) {
    Edits site;
    auto first = site.changed_by([&] { site.sql("INSERT INTO news (date, markdown) VALUES ('2026-01-05', 'Hello.')"); });
    // The nav gains "News": every HTML page; the feed gains an entry, the sitemap /news/.
    BOOST_TEST(first == (html_pages + Paths{"/news/", "/feed.xml", "/sitemap.xml"}), boost::test_tools::per_element());
    // A second, older one: no new nav entry, the sitemap's date stays the newest item's.
    auto second = site.changed_by([&] { site.sql("INSERT INTO news (date, markdown) VALUES ('2025-01-05', 'Older.')"); });
    BOOST_TEST(second == (Paths{"/", "/news/", "/feed.xml"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(news_past_the_home_pages_latest_five_leaves_the_home_page_alone) {
    Edits site("INSERT INTO news (id, date, markdown) VALUES (1, '2026-01-01', 'a'), (2, '2026-01-02', 'b'),"
               " (3, '2026-01-03', 'c'), (4, '2026-01-04', 'd'), (5, '2026-01-05', 'e'), (6, '2025-01-01', 'old');");
    auto changed = site.changed_by([&] { site.sql("UPDATE news SET markdown = 'older' WHERE id = 6"); });
    BOOST_TEST(changed == (Paths{"/news/", "/feed.xml"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_talk_changes_the_talks_page_and_feed_and_the_first_one_the_nav) {
    Edits site;
    auto first = site.changed_by([&] { site.sql("INSERT INTO talk (date, title) VALUES ('2025-06-01', 'Tidepools')"); });
    BOOST_TEST(first == (html_pages + Paths{"/talks/", "/feed.xml", "/sitemap.xml"} + cv_pages),
               boost::test_tools::per_element());
    auto edited = site.changed_by([&] { site.sql("UPDATE talk SET place = 'Online'"); });
    BOOST_TEST(edited == (Paths{"/talks/", "/feed.xml"} + cv_pages), boost::test_tools::per_element());
    // The last one gone: /talks/ is not found again, and the nav loses it.
    auto removed = site.changed_by([&] { site.sql("DELETE FROM talk"); });
    BOOST_TEST(removed == (html_pages + Paths{"/feed.xml", "/sitemap.xml"} + cv_pages), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_draft_changes_only_its_preview_until_it_is_published) {
    const std::string token = "0123456789abcdef0123456789abcdef";
    Edits site("INSERT INTO post (slug, title, published, body, status, preview_token) VALUES "
               "('draft', 'Draft', '2025-06-01', 'Soon.', 'draft', '" + token + "');");
    const std::string preview = "/blog/preview/" + token;
    auto stamp = [&] { return page_stamp(page_ref(site_route(*site.sites->current(), preview), *site.sites->current()), *site.sites->current()); };
    auto before = stamp();
    auto edited = site.changed_by([&] { site.sql("UPDATE post SET body = 'Sooner.' WHERE slug = 'draft'"); });
    BOOST_TEST(edited.empty(), "a draft's edit changes no public page");
    BOOST_TEST(stamp() > before, "but its preview");
    auto published = site.changed_by([&] { site.sql("UPDATE post SET status = 'published' WHERE slug = 'draft'"); });
    BOOST_TEST(published == (Paths{"/blog/draft", "/blog/notes-on-sketches", "/blog/", "/", "/feed.xml", "/sitemap.xml"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_scheduled_post_is_listed_at_00_utc_on_its_day_without_an_edit) {
    auto now = std::make_shared<std::int64_t>(*utc_day_start("2026-12-01") - 2);  // 23:59:58 the day before
    Edits site("INSERT INTO post (slug, title, published, body) VALUES ('soon', 'Soon', '2026-12-01', 'Hello.');",
               [now] { return *now; });
    ContentProbe probe(site.db.string());
    auto before = site.sites->fresh(probe);
    BOOST_TEST(!before->views().post_index.contains("soon"));
    BOOST_TEST(before->content->release_unix == *utc_day_start("2026-12-01"));
    *now += 1;
    BOOST_TEST(site.sites->fresh(probe) == before, "nothing changes before its day");
    *now += 1;  // 00:00:00 UTC
    auto after = site.sites->fresh(probe);
    BOOST_REQUIRE(after->generation > before->generation);
    BOOST_TEST(after->views().post_index.contains("soon"));
    BOOST_TEST(after->content->release_unix == 0);
    BOOST_TEST(after->content->content().posts.shared(0) == before->content->content().posts.shared(0),
               "the rows are not read again");
    BOOST_TEST(Edits::changed_since(*before, *after) ==
                   (Paths{"/blog/soon", "/blog/notes-on-sketches", "/blog/", "/", "/feed.xml", "/sitemap.xml"}),
               boost::test_tools::per_element());
    BOOST_TEST(site.sites->fresh(probe) == after);
}

// The version listed again at midnight still reads stored files from its
// database: a file's bytes are not held with the rows, only where they are.
BOOST_AUTO_TEST_CASE(a_stored_file_is_still_served_after_a_scheduled_post_is_listed) {
    auto now = std::make_shared<std::int64_t>(*utc_day_start("2026-12-01") - 1);
    Edits site("INSERT INTO post (slug, title, published, body) VALUES ('soon', 'Soon', '2026-12-01', 'Hello.');",
               [now] { return *now; });
    const std::string pdf = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n";
    put_file(Db::open(site.db.string(), OpenMode::read_write), "paper.pdf", pdf, "");
    BOOST_REQUIRE(site.sites->reload("file added"));
    ContentProbe probe(site.db.string());
    auto before = site.sites->fresh(probe);
    auto body = [](const Site& s) { return generated_body(page_ref(site_route(s, "/files/paper.pdf"), s), s, ""); };
    BOOST_TEST(body(*before) == pdf);
    *now += 1;  // 00:00:00 UTC: listed again, not read again
    auto after = site.sites->fresh(probe);
    BOOST_REQUIRE(after->generation > before->generation);
    BOOST_REQUIRE(after->views().post_index.contains("soon"));
    BOOST_TEST(after->content->db_path == site.db.string());
    BOOST_TEST(body(*after) == pdf);
}

BOOST_AUTO_TEST_CASE(a_template_edit_changes_the_pages_built_from_it) {
    Edits site;
    auto paper = site.changed_by([&] {
        write_file(site.templates / "paper.mustache", read_file(site.templates / "paper.mustache") + "\n<!-- v2 -->");
    });
    BOOST_TEST(paper == paper_pages, boost::test_tools::per_element());
    // A partial: every page that expands it.
    auto partial = site.changed_by([&] {
        write_file(site.templates / "publication.mustache", read_file(site.templates / "publication.mustache") + " ");
    });
    BOOST_TEST(partial == Paths{"/"} + lists, boost::test_tools::per_element());
    auto layout = site.changed_by([&] {
        write_file(site.templates / "layout.mustache", read_file(site.templates / "layout.mustache") + " ");
    });
    BOOST_TEST(layout == html_pages, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_reload_without_changes_changes_nothing) {
    Edits site;
    BOOST_TEST(site.changed_by([] {}).empty());
}

BOOST_AUTO_TEST_CASE(a_paper_past_the_home_pages_limit_leaves_the_home_page_alone) {
    std::string extra;
    for (std::size_t i = 0; i < home_publication_limit + 5; ++i) {
        auto n = std::to_string(100 + i);
        extra += "INSERT INTO publication (id, slug, position, kind, title, venue, year, abstract) VALUES (" + n +
                 ", 'extra-" + n + "', " + n + ", 'journal', 'Extra " + n + "', 'J', 2020, '');\n";
    }
    Edits site(extra);
    auto last = "extra-" + std::to_string(100 + home_publication_limit + 4);
    auto changed = site.changed_by([&] { site.sql("UPDATE publication SET title = 'Edited' WHERE slug = '" + last + "'"); });
    BOOST_TEST(changed == (Paths{"/publications/" + last, "/publications/", "/publications/journal/", "/publications.bib"} +
                           exports_of(last) + cv_pages),  // the CV lists every paper
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(removing_a_paper_changes_the_pages_that_listed_it) {
    Edits site;
    auto changed = site.changed_by([&] { site.sql("DELETE FROM publication WHERE slug = 'quorum-games'"); });
    // Its own page is gone (not in the list); the preprints list keeps sketchbook.
    BOOST_TEST(changed == (Paths{"/", "/publications/", "/publications/preprint/", "/publications.bib", "/sitemap.xml"} +
                           cv_pages),
               boost::test_tools::per_element());
}

// The cache keeps what an edit did not touch: after a one-paper edit, the
// other paper's page is a hit and the edited one is rendered again.
BOOST_AUTO_TEST_CASE(the_page_cache_keeps_pages_an_edit_did_not_touch) {
    Edits site;
    PageCache cache(1 << 24, 64);
    PageSource pages(cache, "http://localhost");
    PageWorkspace workspace(pages);
    for (const char* path : {"/publications/tidepool", "/publications/sketchbook"})
        pages.page(*site.sites->current(), site_route(*site.sites->current(), path), workspace);
    site.sql("UPDATE publication SET title = 'Tidepool II' WHERE slug = 'tidepool'");
    BOOST_REQUIRE(site.sites->reload("test"));
    auto now = site.sites->current();
    BOOST_TEST(pages.page(*now, site_route(*now, "/publications/sketchbook"), workspace).cache_hit);
    auto edited = pages.page(*now, site_route(*now, "/publications/tidepool"), workspace);
    BOOST_TEST(!edited.cache_hit);
    BOOST_TEST(edited.page->body.find("Tidepool II") != std::string::npos);
}

namespace {

std::string hex64(char c) { return std::string(64, c); }

// A stored PDF linked by coral-reef-survey, and a photo on the home page.
const std::string with_files =
    "INSERT INTO file (name, type, size, digest, width, height, alt, bytes) VALUES "
    "('paper.pdf', 'application/pdf', 5, '" + hex64('a') + "', 0, 0, '', X'255044462D'),"
    "('me.png', 'image/png', 3, '" + hex64('b') + "', 10, 10, 'Me', X'010203');"
    "INSERT INTO publication_link (publication_id, position, label, url) VALUES (4, 9, 'PDF', '/files/paper.pdf');"
    "UPDATE profile SET photo = 'me.png' WHERE id = 1;";

}  // namespace

BOOST_AUTO_TEST_CASE(a_new_version_of_a_file_changes_its_urls_and_the_pages_that_link_it) {
    Edits site(with_files);
    auto changed = site.changed_by([&] {
        site.sql("UPDATE file SET digest = '" + hex64('c') + "', bytes = X'255044462E' WHERE name = 'paper.pdf'");
    });
    // coral-reef-survey links it; every list and the home page show its links; the set of URLs changed.
    Paths expected = {"/publications/coral-reef-survey", "/", "/publications/", "/publications/journal/",
                      "/files/cccccccccccc/paper.pdf", "/files/paper.pdf", "/sitemap.xml"};
    BOOST_TEST(changed == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(the_photos_alt_text_changes_the_home_page_and_the_photo_alone) {
    Edits site(with_files);
    auto changed = site.changed_by([&] { site.sql("UPDATE file SET alt = 'Me, smiling' WHERE name = 'me.png'"); });
    BOOST_TEST(changed == (Paths{"/", "/files/bbbbbbbbbbbb/me.png", "/files/me.png", "/sitemap.xml"}),
               boost::test_tools::per_element());
}

namespace {

// A picture and a project using it, linking coral-reef-survey and a post.
const std::string with_project =
    "INSERT INTO file (name, type, size, digest, width, height, alt, bytes) VALUES "
    "('reef.png', 'image/png', 3, '" + hex64('d') + "', 10, 10, 'A reef', X'010203');"
    "INSERT INTO project (slug, position, title, summary, image) VALUES ('reefs', 1, 'Reefs', 'Coral.', 'reef.png'),"
    " ('other', 2, 'Other', '', '');"
    "INSERT INTO project_publication (project_slug, publication_id) VALUES ('reefs', 4);"
    "INSERT INTO project_post (project_slug, post_slug) VALUES ('reefs', 'reading-list');";

const Paths project_pages = {"/projects/", "/projects/reefs", "/projects/other"};

}  // namespace

BOOST_AUTO_TEST_CASE(the_first_project_adds_its_pages_and_nav_entry_to_every_html_page) {
    Edits site;
    auto first = site.changed_by([&] { site.sql("INSERT INTO project (slug, position, title) VALUES ('reefs', 1, 'Reefs')"); });
    BOOST_TEST(first == (html_pages + Paths{"/projects/", "/projects/reefs", "/sitemap.xml"}), boost::test_tools::per_element());
    auto second = site.changed_by([&] { site.sql("INSERT INTO project (slug, position, title) VALUES ('more', 2, 'More')"); });
    BOOST_TEST(second == (Paths{"/projects/", "/projects/more", "/sitemap.xml"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_projects_body_changes_its_page_alone_and_its_title_the_list_too) {
    Edits site(with_project);
    auto body = site.changed_by([&] { site.sql("UPDATE project SET markdown = 'New text.' WHERE slug = 'reefs'"); });
    BOOST_TEST(body == (Paths{"/projects/reefs"}), boost::test_tools::per_element());
    auto title = site.changed_by([&] { site.sql("UPDATE project SET title = 'Reef surveys' WHERE slug = 'reefs'"); });
    BOOST_TEST(title == (Paths{"/projects/", "/projects/reefs"}), boost::test_tools::per_element());
    auto link = site.changed_by([&] {
        site.sql("INSERT INTO project_link (project_slug, position, label, url) VALUES ('reefs', 1, 'Code', 'https://c.example')");
    });
    BOOST_TEST(link == (Paths{"/projects/reefs"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_related_papers_title_changes_the_project_page_too) {
    Edits site(with_project);
    auto changed = site.changed_by([&] { site.sql("UPDATE publication SET title = 'Reefs II' WHERE id = 4"); });
    Paths expected = Paths{"/publications/coral-reef-survey", "/", "/publications/", "/publications/journal/",
                           "/publications.bib", "/projects/reefs"} +
                     exports_of("coral-reef-survey") + cv_pages;
    BOOST_TEST(changed == expected, boost::test_tools::per_element());
    // A post it names, too; a post it does not name leaves it alone.
    auto post = site.changed_by([&] { site.sql("UPDATE post SET title = 'Reading, revised' WHERE slug = 'reading-list'"); });
    BOOST_TEST(post.contains("/projects/reefs"));
    BOOST_TEST(!post.contains("/projects/"));
    auto other = site.changed_by([&] { site.sql("UPDATE post SET title = 'Sketches' WHERE slug = 'notes-on-sketches'"); });
    BOOST_TEST(!other.contains("/projects/reefs"));
}

BOOST_AUTO_TEST_CASE(a_projects_picture_changes_both_project_pages_and_a_preview_the_papers_pages) {
    Edits site(with_project);
    auto alt = site.changed_by([&] { site.sql("UPDATE file SET alt = 'A coral reef' WHERE name = 'reef.png'"); });
    BOOST_TEST(alt == (Paths{"/projects/", "/projects/reefs", "/files/dddddddddddd/reef.png", "/files/reef.png",
                             "/sitemap.xml"}),
               boost::test_tools::per_element());
    auto preview = site.changed_by([&] { site.sql("UPDATE publication SET preview = 'reef.png' WHERE slug = 'tidepool'"); });
    // The CV follows every publication row whole (it shows no preview, but compares the rows).
    BOOST_TEST(preview == (Paths{"/publications/tidepool", "/", "/publications/", "/publications/conference/",
                                 "/publications.bib"} + exports_of("tidepool") + cv_pages),
               boost::test_tools::per_element());
    auto bytes = site.changed_by([&] { site.sql("UPDATE file SET alt = 'Reef' WHERE name = 'reef.png'"); });
    BOOST_TEST(bytes.contains("/publications/tidepool"));
    BOOST_TEST(bytes.contains("/publications/"));
}

BOOST_AUTO_TEST_CASE(the_last_project_removed_takes_its_pages_and_nav_entry_with_it) {
    Edits site(with_project);
    auto removed = site.changed_by([&] { site.sql("DELETE FROM project"); });
    // What is left: every HTML page (the nav), the sitemap; the project pages are not found now.
    BOOST_TEST(removed == (html_pages + Paths{"/sitemap.xml"}), boost::test_tools::per_element());
    auto after = site.sites->current();
    BOOST_TEST(page_ref(site_route(*after, "/projects/"), *after).status == 404);
    BOOST_TEST(page_ref(site_route(*after, "/projects/reefs"), *after).status == 404);
}

BOOST_AUTO_TEST_CASE(an_award_changes_the_home_page_and_the_cv_alone) {
    Edits site;
    auto added = site.changed_by([&] { site.sql("INSERT INTO award (position, year, name) VALUES (1, 2025, 'Best Paper')"); });
    BOOST_TEST(added == (Paths{"/"} + cv_pages), boost::test_tools::per_element());
    auto edited = site.changed_by([&] { site.sql("UPDATE award SET issuer = 'VLDB 2025'"); });
    BOOST_TEST(edited == (Paths{"/"} + cv_pages), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_teaching_role_changes_the_home_page_and_the_cv) {
    Edits site;
    auto changed = site.changed_by([&] { site.sql("UPDATE teaching SET role = 'Instructor' WHERE position = 1"); });
    BOOST_TEST(changed == (Paths{"/"} + cv_pages), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(the_cv_exists_only_with_rows_and_its_first_row_adds_it_to_the_nav_and_sitemap) {
    Edits site("DELETE FROM publication; DELETE FROM education; DELETE FROM experience; DELETE FROM teaching;"
               " DELETE FROM service;");
    BOOST_TEST(page_ref(site_route(*site.sites->current(), "/cv/"), *site.sites->current()).status == 404);
    BOOST_TEST(page_ref(site_route(*site.sites->current(), "/cv.pdf"), *site.sites->current()).status == 404);
    BOOST_TEST(page_ref(site_route(*site.sites->current(), "/cv.json"), *site.sites->current()).status == 404);
    auto first = site.changed_by([&] { site.sql("INSERT INTO award (position, name) VALUES (1, 'Fellowship')"); });
    // Every HTML page's nav gains "CV"; the sitemap gains /cv/.
    Paths html_now = {"/", "/blog/", "/blog/notes-on-sketches", "/blog/reading-list", "/no/such/page", "/publications/",
                      "/accessibility/"};
    // (The home page changes anyway: it lists the award.)
    BOOST_TEST(first == (html_now + cv_pages + Paths{"/sitemap.xml"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_bio_or_a_post_leaves_the_cv_alone) {
    Edits site;
    auto post = site.changed_by([&] { site.sql("UPDATE post SET body = 'Rewritten.' WHERE slug = 'reading-list'"); });
    for (const auto& path : cv_pages) BOOST_TEST(!post.contains(path), path);
}
