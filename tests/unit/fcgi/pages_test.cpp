// A page of the owner's own through the request handler: served at /<slug>/
// with its body as a post's, in the nav when asked, in the sitemap, found by
// /search/, in each language with its lang, at a language-shaped path while
// the site has no such language, and changed on the request after an edit.
#define BOOST_TEST_MODULE pages
#include <boost/test/unit_test.hpp>

#include "handler_fixture.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

const std::string pages_sql = R"sql(
INSERT INTO page (slug, position, title, body_format, body, in_menu) VALUES
 ('teaching', 1, 'Teaching', 'markdown', '## Courses

Linear algebra: $x^2 + y^2$.

```python
print("hi")
```
', 1),
 ('lab', 2, 'The lab', 'html', '<p onclick="x()">Join us.</p><script>alert(1)</script>', 0);
)sql";

struct Pages : HandlerFixture {
    explicit Pages(const std::string& extra = "") : HandlerFixture(fixture_content() + pages_sql + extra) {}
    Response get(std::string_view uri) {
        return handler.handle({.method = "GET", .request_uri = uri, .remote_addr = "127.0.0.1"}, thread);
    }
    std::string body(std::string_view uri) {
        auto r = get(uri);
        BOOST_REQUIRE_MESSAGE(r.status == 200, std::string(uri) + ": " + std::to_string(r.status));
        return std::string(r.body());
    }
};

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(a_page_is_served_at_its_slug_with_its_body_as_a_posts) {
    Pages s;
    std::string page = s.body("/teaching/");
    BOOST_TEST(has(page, "<h1>Teaching</h1>"), page);
    BOOST_TEST(has(page, "<title>Teaching — "), page);
    BOOST_TEST(has(page, "<h2 id=\"courses\">Courses</h2>"), page);
    BOOST_TEST(has(page, "<math"), page);               // TeX as MathML
    BOOST_TEST(has(page, "<pre"), page);                // fenced code
    BOOST_TEST(has(page, "rel=\"canonical\""), page);
    std::string lab = s.body("/lab/");  // could be a language's code: the page's, the site having no such language
    BOOST_TEST(has(lab, "<h1>The lab</h1>"), lab);
    BOOST_TEST(has(lab, "Join us."), lab);
    BOOST_TEST(!has(lab, "<script>alert"), lab);       // the one sanitizer
    BOOST_TEST(!has(lab, "onclick"), lab);
    BOOST_TEST(s.get("/no-such-page/").status == 404);
    BOOST_TEST(s.get("/zz/").status == 404);
}

BOOST_AUTO_TEST_CASE(the_menu_links_the_pages_that_ask_and_the_sitemap_and_search_name_them) {
    Pages s;
    std::string home = s.body("/");
    BOOST_TEST(has(home, "<li><a href=\"/teaching/\">Teaching</a></li>"), home);
    BOOST_TEST(!has(home, "href=\"/lab/\""), home);
    std::string page = s.body("/teaching/");
    BOOST_TEST(has(page, "<li><a href=\"/teaching/\" class=\"current\">Teaching</a></li>"), page);
    std::string sitemap = s.body("/sitemap.xml");
    BOOST_TEST(has(sitemap, "/teaching/</loc>"), sitemap);
    BOOST_TEST(has(sitemap, "/lab/</loc>"), sitemap);
    std::string found = s.body("/search/?q=linear+algebra");
    BOOST_TEST(has(found, "href=\"/teaching/\""), found);
    BOOST_TEST(has(found, ">Page<"), found);
}

BOOST_AUTO_TEST_CASE(a_page_is_in_every_language_with_its_lang_where_untranslated) {
    Pages s(R"sql(
INSERT INTO language (code, name, position, is_default) VALUES ('en', 'English', 1, 1), ('de', 'Deutsch', 2, 0);
INSERT INTO translation (language, item, key, field, text) VALUES ('de', 'page', 'teaching', 'title', 'Lehre'),
 ('de', 'page', 'teaching', 'body', 'Lineare Algebra.');
)sql");
    std::string de = s.body("/de/teaching/");
    BOOST_TEST(has(de, "<html lang=\"de\""), de);
    BOOST_TEST(has(de, "<h1>Lehre</h1>"), de);
    BOOST_TEST(has(de, "Lineare Algebra."), de);
    BOOST_TEST(has(de, "<li><a href=\"/de/teaching/\" class=\"current\">Lehre</a></li>"), de);
    BOOST_TEST(has(de, "hreflang=\"en\""), de);
    std::string lab = s.body("/de/lab/");  // untranslated: the row keeps its language
    BOOST_TEST(has(lab, "<article class=\"post page\" lang=\"en\""), lab);
}

BOOST_AUTO_TEST_CASE(an_edit_shows_on_the_next_request) {
    Pages s;
    BOOST_TEST(has(s.body("/teaching/"), "<h1>Teaching</h1>"));
    exec_sql(s.db, "UPDATE page SET title = 'Courses', in_menu = 0 WHERE slug = 'teaching';"
                   "UPDATE page SET in_menu = 1 WHERE slug = 'lab';");
    std::string page = s.body("/teaching/");
    BOOST_TEST(has(page, "<h1>Courses</h1>"), page);
    BOOST_TEST(!has(page, "href=\"/teaching/\""), page);
    BOOST_TEST(has(page, "<li><a href=\"/lab/\">The lab</a></li>"), page);
    exec_sql(s.db, "DELETE FROM page WHERE slug = 'teaching';");
    BOOST_TEST(s.get("/teaching/").status == 404);
}
