#define BOOST_TEST_MODULE handler
#include <boost/test/unit_test.hpp>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "fcgi/handler.hpp"
#include "handler_fixture.hpp"
#include "http/base_url.hpp"
#include "site/pages.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

struct Fixture : HandlerFixture {
    using HandlerFixture::HandlerFixture;

    Response get(std::string_view uri, std::string_view method = "GET", std::string_view inm = {},
                 std::string_view accept_encoding = {}, std::string_view ims = {}) {
        return handler.handle({.method = method,
                               .request_uri = uri,
                               .if_none_match = inm,
                               .accept_encoding = accept_encoding,
                               .if_modified_since = ims,
                               .remote_addr = "127.0.0.1"},
                              thread);
    }
};

std::string body(const Response& r) { return r.page ? r.page->body : std::string(); }

}  // namespace

BOOST_AUTO_TEST_CASE(renders_home_then_serves_it_from_cache) {
    Fixture f;
    auto first = f.get("/");
    BOOST_TEST(first.status == 200);
    BOOST_TEST(!first.cache_hit);
    BOOST_TEST(body(first).find("Tidepool: Incremental Views over Streaming Graphs") != std::string::npos);
    BOOST_TEST(body(first).find("Fast &amp; Fair: Ranking &lt;Top-k&gt; Queries with &quot;Bounded&quot; Regret") !=
               std::string::npos);
    auto second = f.get("/?utm=1");
    BOOST_TEST(second.cache_hit);
    BOOST_TEST(second.page == first.page);  // the same bytes, not a copy
}

BOOST_AUTO_TEST_CASE(a_cache_hit_of_a_get_is_the_answer_laid_out_at_render_time) {
    auto layout = [](std::string_view head, std::string_view rest) {
        return "<" + std::string(head) + "|" + std::string(rest) + ">";
    };
    Fixture f(fixture_content(), default_base_url, layout);
    BOOST_TEST(f.get("/").wire.empty());  // a miss: the server lays it out itself
    for (std::string_view encoding : {"", "gzip"}) {
        auto hit = f.get("/", "GET", {}, encoding);
        BOOST_TEST(hit.cache_hit);
        BOOST_TEST(hit.gzip == !encoding.empty());
        BOOST_TEST(hit.wire == layout(response_head(hit), hit.body()));  // what the server would lay out now
        BOOST_TEST(hit.wire.data() == f.get("/", "GET", {}, encoding).wire.data());  // the page's bytes, not a copy
    }
    // HEAD and 304 send no body: laid out per request.
    BOOST_TEST(f.get("/", "HEAD").wire.empty());
    BOOST_TEST(f.get("/", "GET", f.get("/").page->etag).wire.empty());
}

BOOST_AUTO_TEST_CASE(without_a_layout_pages_carry_no_wire_bytes) {
    Fixture f;
    f.get("/");
    auto hit = f.get("/");
    BOOST_TEST(hit.cache_hit);
    BOOST_TEST(hit.wire.empty());
    BOOST_TEST(hit.page->wire[0].empty());
}

BOOST_AUTO_TEST_CASE(serves_blog_post_and_404) {
    Fixture f;
    BOOST_TEST(f.get("/blog/").status == 200);
    auto post = f.get("/blog/notes-on-sketches");
    BOOST_TEST(post.status == 200);
    BOOST_TEST(body(post).find("Notes on Sketches") != std::string::npos);
    BOOST_TEST(body(post).find("<strong>memory</strong>") != std::string::npos);  // Markdown rendered
    auto unwritten = f.get("/blog/reading-list");  // empty body: still a page
    BOOST_TEST(unwritten.status == 200);
    BOOST_TEST(body(unwritten).find("Reading List") != std::string::npos);
    auto missing = f.get("/blog/no-such-post");
    BOOST_TEST(missing.status == 404);
    BOOST_TEST(body(missing).find("<html") != std::string::npos);  // the templated 404 page
    BOOST_TEST(f.get("/blog").status == 301);
}

BOOST_AUTO_TEST_CASE(a_draft_is_served_only_at_its_preview_url_noindex_and_never_stored) {
    Fixture f(fixture_content() +
              "INSERT INTO post (slug, title, published, body, status, preview_token) VALUES "
              "('secret-draft', 'Secret Draft', '2025-01-01', 'Unfinished.', 'draft', '0123456789abcdef0123456789abcdef');");
    auto preview = f.get("/blog/preview/0123456789abcdef0123456789abcdef");
    BOOST_TEST(preview.status == 200);
    BOOST_TEST(body(preview).find("Secret Draft") != std::string::npos);
    BOOST_TEST(body(preview).find("<meta name=\"robots\" content=\"noindex\">") != std::string::npos);
    BOOST_TEST(body(preview).find("rel=\"canonical\"") == std::string::npos);
    std::string head = response_head(preview);
    BOOST_TEST(head.find("X-Robots-Tag: noindex\r\n") != std::string::npos, head);
    BOOST_TEST(head.find("Cache-Control: private, no-store\r\n") != std::string::npos, head);
    // The cached answer says the same.
    auto again = f.get("/blog/preview/0123456789abcdef0123456789abcdef");
    BOOST_TEST(again.cache_hit);
    BOOST_TEST(response_head(again).find("X-Robots-Tag: noindex") != std::string::npos);
    BOOST_TEST(f.get("/blog/preview/ffffffffffffffffffffffffffffffff").status == 404);
    BOOST_TEST(f.get("/blog/secret-draft").status == 404);
    for (const char* listing : {"/", "/blog/", "/feed.xml", "/sitemap.xml"})
        BOOST_TEST(body(f.get(listing)).find("secret-draft") == std::string::npos, listing);
}

BOOST_AUTO_TEST_CASE(unknown_paths_share_one_cache_entry) {
    Fixture f;
    for (int i = 0; i < 500; ++i) f.get("/nothing/" + std::to_string(i) + "?q=" + std::to_string(i));
    BOOST_TEST(f.cache.stats().entries == 1u);
}

BOOST_AUTO_TEST_CASE(head_has_no_body_and_other_methods_get_405) {
    Fixture f;
    auto head = f.get("/", "HEAD");
    BOOST_TEST(head.status == 200);
    BOOST_TEST(!head.send_body);
    auto post = f.get("/", "POST");
    BOOST_TEST(post.status == 405);
    BOOST_TEST(post.allow == "GET, HEAD");
}

BOOST_AUTO_TEST_CASE(returns_304_when_etag_matches) {
    Fixture f;
    auto page = f.get("/");
    auto again = f.get("/", "GET", page.page->etag);
    BOOST_TEST(again.status == 304);
    BOOST_TEST(!again.send_body);
    BOOST_TEST(f.get("/", "GET", "\"other\"").status == 200);
}

BOOST_AUTO_TEST_CASE(rejects_malformed_requests_with_status) {
    Fixture f;
    BOOST_TEST(f.get("/%00").status == 400);
    BOOST_TEST(f.get("/" + std::string(limits::max_uri_bytes, 'a')).status == 414);
}

BOOST_AUTO_TEST_CASE(escapes_markup_in_every_field) {
    Fixture f(hostile_content());
    for (std::string_view uri : {"/", "/blog/", "/blog/hello"}) {
        auto r = f.get(uri);
        BOOST_REQUIRE(r.status == 200);
        const auto& html = body(r);
        BOOST_TEST(html.find("<script>") == std::string::npos, uri);
        BOOST_TEST(html.find("<img") == std::string::npos, uri);
        BOOST_TEST(html.find("javascript:") == std::string::npos, uri);
        BOOST_TEST(html.find("alert(1)</script>") == std::string::npos, uri);  // at most shown as text
    }
    auto home = body(f.get("/"));
    BOOST_TEST(home.find("&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt; &amp; Co&apos;s") != std::string::npos);
    BOOST_TEST(home.find("Title &lt;img src=x onerror=alert(1)&gt;") != std::string::npos);
    BOOST_TEST(home.find("href=\"https://example.org/?a=1&amp;b=&quot;2&quot;\"") != std::string::npos);
    BOOST_TEST(home.find("<em>emphasis</em>") != std::string::npos);  // Markdown still works
    // The owner's raw HTML in a bio goes through the sanitizer: harmless markup stays; a <script> is
    // escaped to text by cmark's tagfilter before the sanitizer sees it.
    BOOST_TEST(home.find("<p>Bio with &lt;script&gt;alert(1)&lt;/script&gt; and <b>raw html</b> &amp; &quot;quotes&quot;.</p>") !=
               std::string::npos);
}

BOOST_AUTO_TEST_CASE(reload_keeps_last_good_site_when_database_breaks) {
    Fixture f;
    f.get("/");  // the thread's first look at the database
    auto before = f.sites.current()->generation;
    write_file(f.db, "not a database at all, just text that is long enough to look like a header");
    BOOST_TEST(!f.sites.reload("test"));
    BOOST_TEST(f.sites.current()->generation == before);
    BOOST_TEST(f.get("/").status == 200);
    BOOST_TEST(f.sites.current()->generation == before);
    BOOST_TEST(!f.sites.last_reload().ok);
    BOOST_TEST(f.sites.last_reload().error.find("not a database") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(sees_a_commit_on_the_next_request) {
    Fixture f;
    BOOST_TEST(f.get("/").page->body.find("Inès Moreau") != std::string::npos);
    exec_sql(f.db, "UPDATE profile SET name = 'Renamed Owner'");
    auto after = f.get("/");
    BOOST_TEST(!after.cache_hit);
    BOOST_TEST(after.page->body.find("Renamed Owner") != std::string::npos);
    BOOST_TEST(f.get("/").cache_hit);
}

// The holder keeps its read connection between loads of the same file
// (KeptReader): every commit is still seen, and a schema changed in place
// is checked again and refused, the last good site kept.
BOOST_AUTO_TEST_CASE(commits_through_the_kept_connection_are_seen_and_an_in_place_schema_change_is_refused) {
    Fixture f;
    f.get("/");
    for (int i = 1; i <= 3; ++i) {
        exec_sql(f.db, "UPDATE profile SET name = 'Owner " + std::to_string(i) + "'");
        BOOST_TEST(body(f.get("/")).find("Owner " + std::to_string(i)) != std::string::npos);
    }
    auto before = f.sites.current()->generation;
    exec_sql(f.db, "ALTER TABLE news RENAME TO old_news; UPDATE profile SET name = 'Never Shown'");
    auto page = f.get("/");
    BOOST_TEST(page.status == 200);
    BOOST_TEST(body(page).find("Owner 3") != std::string::npos);
    BOOST_TEST(f.sites.current()->generation == before);
    BOOST_TEST(!f.sites.last_reload().ok);
    BOOST_TEST(f.sites.last_reload().error.find("expected schema") != std::string::npos, f.sites.last_reload().error);
}

// A reload that finds the file locked past its busy timeout (a writer's
// long transaction) keeps the last good site, and must not lose the commit:
// a request after the lock is gone sees it, though the file did not change
// since. (Which of the probe or the loader meets the lock depends on timing;
// SiteHolder retries a load that was busy, the probe re-asks after a failure.)
BOOST_AUTO_TEST_CASE(a_commit_seen_while_the_file_was_locked_is_loaded_by_a_later_request) {
    Fixture f;
    BOOST_TEST(f.get("/").status == 200);
    exec_sql(f.db, "UPDATE profile SET name = 'Renamed Owner'");
    {
        sqlite3* writer = nullptr;
        BOOST_REQUIRE(sqlite3_open(f.db.c_str(), &writer) == SQLITE_OK);
        BOOST_REQUIRE(sqlite3_exec(writer, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr) == SQLITE_OK);
        auto locked = f.get("/");  // waits out the reader's busy timeout, then serves the last good site
        BOOST_TEST(locked.status == 200);
        BOOST_TEST(body(locked).find("Renamed Owner") == std::string::npos);
        sqlite3_exec(writer, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(writer);
    }
    BOOST_TEST(body(f.get("/")).find("Renamed Owner") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(sees_a_replaced_file_on_the_next_request) {
    Fixture f;
    f.get("/");
    auto replacement = make_db(f.dir, fixture_content() + "UPDATE profile SET name = 'Replaced';", "new.db");
    std::filesystem::rename(replacement, f.db);
    BOOST_TEST(f.get("/").page->body.find("Replaced") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(keeps_serving_when_the_file_disappears) {
    Fixture f;
    auto first = f.get("/");
    std::filesystem::remove(f.db);
    auto again = f.get("/");
    BOOST_TEST(again.status == 200);
    BOOST_TEST(again.page == first.page);
    BOOST_TEST(!f.sites.last_reload().ok);
    BOOST_TEST(f.sites.last_reload().error.find(f.db.string()) != std::string::npos);
}

BOOST_AUTO_TEST_CASE(serves_gzip_only_when_accepted) {
    Fixture f;
    auto gz = f.get("/", "GET", {}, "br, gzip;q=0.8");
    BOOST_TEST(gz.gzip);
    BOOST_TEST(gz.body().size() < gz.page->body.size() / 2);
    BOOST_TEST(gz.etag() != gz.page->etag);
    auto head = response_head(gz);
    BOOST_TEST(head.find("Content-Encoding: gzip\r\n") != std::string::npos);
    BOOST_TEST(head.find("Vary: Accept-Encoding\r\n") != std::string::npos);
    BOOST_TEST(!f.get("/", "GET", {}, "gzip;q=0").gzip);
    BOOST_TEST(!f.get("/", "GET", {}, "identity").gzip);
    BOOST_TEST(f.get("/", "GET", {}, "*").gzip);
}

BOOST_AUTO_TEST_CASE(if_modified_since_gives_304_unless_if_none_match_disagrees) {
    Fixture f;
    auto page = f.get("/");
    std::string lm = page.page->last_modified;
    BOOST_TEST(f.get("/", "GET", {}, {}, lm).status == 304);
    BOOST_TEST(f.get("/", "GET", {}, {}, "Thu, 01 Jan 1970 00:00:00 GMT").status == 200);
    BOOST_TEST(f.get("/", "GET", "\"nope\"", {}, lm).status == 200);
    BOOST_TEST(f.get("/", "GET", {}, {}, "garbage").status == 200);
}

BOOST_AUTO_TEST_CASE(status_is_json_for_loopback_only) {
    Fixture f;
    auto status = f.get("/_vitae/status");
    BOOST_TEST(status.status == 200);
    BOOST_TEST(status.page->content_type == "application/json");
    BOOST_TEST(status.page->body.find("\"generation\"") != std::string::npos);
    auto remote = f.handler.handle({.method = "GET", .request_uri = "/_vitae/status", .remote_addr = "203.0.113.9"}, f.thread);
    BOOST_TEST(remote.status == 404);
}

BOOST_AUTO_TEST_CASE(new_routes_answer_with_their_content_type) {
    Fixture f;
    struct Case {
        const char* path;
        const char* type;
    };
    for (auto [path, type] : {Case{"/publications/", "text/html; charset=utf-8"},
                              Case{"/publications/journal/", "text/html; charset=utf-8"},
                              Case{"/publications/tidepool", "text/html; charset=utf-8"},
                              Case{"/publications/tidepool.bib", "application/x-bibtex; charset=utf-8"},
                              Case{"/publications/tidepool.ris", "application/x-research-info-systems; charset=utf-8"},
                              Case{"/publications/tidepool.json", "application/vnd.citationstyles.csl+json; charset=utf-8"},
                              Case{"/publications.bib", "application/x-bibtex; charset=utf-8"},
                              Case{"/feed.xml", "application/atom+xml; charset=utf-8"},
                              Case{"/sitemap.xml", "application/xml; charset=utf-8"},
                              Case{"/robots.txt", "text/plain; charset=utf-8"}}) {
        auto r = f.get(path);
        BOOST_TEST(r.status == 200, path);
        BOOST_TEST(r.page->content_type == type, path);
        auto again = f.get(path, "GET", r.page->etag);
        BOOST_TEST(again.status == 304, path);
        BOOST_TEST(again.cache_hit, path);
    }
}

BOOST_AUTO_TEST_CASE(unknown_publication_slugs_share_the_404_entry) {
    Fixture f;
    auto a = f.get("/publications/nope");
    auto b = f.get("/publications/nope.bib");
    auto c = f.get("/publications/other.ris");
    BOOST_TEST(a.status == 404);
    BOOST_TEST(b.status == 404);
    BOOST_TEST(c.cache_hit);
    BOOST_TEST(b.page == a.page);
}

BOOST_AUTO_TEST_CASE(paper_page_carries_scholar_tags_and_json_ld) {
    Fixture f(fixture_content(), "https://example.org");
    std::string page = body(f.get("/publications/tidepool"));
    BOOST_TEST(page.find(R"(<meta name="citation_title" content="Tidepool: Incremental Views over Streaming Graphs">)") !=
               std::string::npos);
    BOOST_TEST(page.find(R"(<link rel="canonical" href="https://example.org/publications/tidepool">)") !=
               std::string::npos);
    BOOST_TEST(page.find(R"(<script type="application/ld+json">{"@context":"https://schema.org","@type":"ScholarlyArticle")") !=
               std::string::npos);
    BOOST_TEST(page.find("id=\"cite\"") != std::string::npos);
    BOOST_TEST(body(f.get("/robots.txt")).find("Sitemap: https://example.org/sitemap.xml") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(site_paths_cover_every_route_and_render_200) {
    Fixture f;
    auto paths = site_paths(*f.sites.current());
    // home, blog, publications; one list per kind; each post; each paper and its
    // three citation formats; publications.bib, feed, sitemap, robots; the CV, its PDF and JSON;
    // the accessibility statement.
    BOOST_TEST(paths.size() == 3u + 3u + fixture::posts + fixture::publications * 4u + 4u + 3u + 1u);
    for (const auto& path : paths) BOOST_TEST(f.get(path).status == 200, path);
}

BOOST_AUTO_TEST_CASE(news_and_talks_are_pages_only_when_they_have_rows) {
    Fixture empty;
    BOOST_TEST(empty.get("/news/").status == 404);
    BOOST_TEST(empty.get("/talks/").status == 404);
    BOOST_TEST(body(empty.get("/")).find("href=\"/news/\"") == std::string::npos);
    Fixture f(fixture_content() + "INSERT INTO news (date, markdown) VALUES ('2026-01-02', 'Hello <b onclick=\"x()\">there</b>.');"
                                  "INSERT INTO talk (date, title, place) VALUES ('2025-05-06', 'On <Tides>', 'Online');");
    auto paths = site_paths(*f.sites.current());
    BOOST_TEST(paths.size() == 3u + 3u + fixture::posts + fixture::publications * 4u + 4u + 3u + 1u + 2u);
    for (const auto& path : paths) BOOST_TEST(f.get(path).status == 200, path);
    std::string news = body(f.get("/news/"));
    BOOST_TEST(news.find("<a href=\"/news/\" class=\"current\">News</a>") != std::string::npos);
    BOOST_TEST(news.find("<b>there</b>") != std::string::npos);  // raw HTML through the one sanitizer
    BOOST_TEST(news.find("onclick") == std::string::npos);
    std::string talks = body(f.get("/talks/"));
    BOOST_TEST(talks.find("On &lt;Tides&gt;") != std::string::npos);
    BOOST_TEST(talks.find("\"@type\":\"Event\"") != std::string::npos);
    BOOST_TEST(body(f.get("/")).find("<a href=\"/talks/\">Talks</a>") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_papers_url_answers_its_citation_formats_by_accept) {
    Fixture f;
    auto negotiate = [&](std::string_view accept) {
        return f.handler.handle(
            {.method = "GET", .request_uri = "/publications/tidepool", .remote_addr = "127.0.0.1", .accept = accept},
            f.thread);
    };
    auto bib = negotiate("application/x-bibtex");
    BOOST_TEST(bib.status == 200);
    BOOST_TEST(bib.page->content_type == "application/x-bibtex; charset=utf-8");
    BOOST_TEST(bib.page->body.starts_with("@inproceedings{tidepool,"));
    auto head = response_head(bib);
    BOOST_TEST(head.find("Content-Location: /publications/tidepool.bib\r\n") != std::string::npos, head);
    // A body under 1 KB has no gzip copy, so it varies by Accept alone.
    BOOST_TEST(head.find("Vary: Accept\r\n") != std::string::npos, head);
    BOOST_TEST(bib.page->gzip.empty());
    // The same page as at its own URL, from the same cache entry.
    BOOST_TEST(f.get("/publications/tidepool.bib").page == bib.page);
    BOOST_TEST(negotiate("application/vnd.citationstyles.csl+json").page->body.starts_with("[{\"id\":\"tidepool\""));
    // A cache hit says where it came from too (the laid-out bytes of the .bib URL do not).
    auto again = negotiate("application/x-bibtex");
    BOOST_TEST(again.cache_hit);
    BOOST_TEST(again.wire.empty());
    BOOST_TEST(response_head(again).find("Content-Location: /publications/tidepool.bib\r\n") != std::string::npos);
    BOOST_TEST(negotiate("application/x-research-info-systems").page->body.starts_with("TY  - CONF"));
    // A browser gets the page, which says it varies by Accept.
    auto page = negotiate("text/html,application/xhtml+xml,*/*;q=0.8");
    BOOST_TEST(page.page->content_type == "text/html; charset=utf-8");
    BOOST_TEST(response_head(page).find("Vary: Accept-Encoding, Accept\r\n") != std::string::npos);
    BOOST_TEST(response_head(page).find("Content-Location") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_papers_page_carries_signposting_in_a_link_header_and_its_head) {
    Fixture f(fixture_content() + "UPDATE publication SET doi = '10.1145/3626246' WHERE slug = 'fast-and-fair';",
              "https://example.org");
    auto r = f.get("/publications/fast-and-fair");
    auto head = response_head(r);
    BOOST_TEST(head.find("Link: <https://doi.org/10.1145/3626246>; rel=\"cite-as\", "
                         "<https://example.org/publications/fast-and-fair.bib>; rel=\"describedby\"; "
                         "type=\"application/x-bibtex\"") != std::string::npos,
               head);
    BOOST_TEST(head.find("<https://example.org/fast-and-fair.pdf>; rel=\"item\"; type=\"application/pdf\"") !=
                   std::string::npos,
               head);
    std::string page = body(r);
    BOOST_TEST(page.find(R"(<link rel="cite-as" href="https://doi.org/10.1145/3626246">)") != std::string::npos);
    BOOST_TEST(page.find(R"(<meta name="citation_doi" content="10.1145/3626246">)") != std::string::npos);
    BOOST_TEST(page.find(R"(<a href="https://doi.org/10.1145/3626246">10.1145/3626246</a>)") != std::string::npos);
    // Not on other pages.
    BOOST_TEST(response_head(f.get("/")).find("Link:") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_html_post_is_served_through_the_sanitizer) {
    Fixture f(fixture_content() +
              "INSERT INTO post (slug, title, published, body_format, body) VALUES ('pasted', 'Pasted', '2025-01-01', "
              "'html', '<p onclick=\"steal()\">Hello <b>there</b><script>alert(1)</script>"
              "<a href=\"javascript:x()\">x</a></p>');");
    std::string page = body(f.get("/blog/pasted"));
    BOOST_TEST(page.find("<p>Hello <b>there</b><a>x</a></p>") != std::string::npos, page);
    BOOST_TEST(page.find("<script") == std::string::npos);
    BOOST_TEST(page.find("onclick") == std::string::npos);
    BOOST_TEST(page.find("javascript:") == std::string::npos);
}
