#define BOOST_TEST_MODULE router
#include <boost/test/unit_test.hpp>

#include "router.hpp"

using namespace vitae;

namespace {
int kind(std::string_view path) { return static_cast<int>(route(path).kind); }
}  // namespace

BOOST_AUTO_TEST_CASE(routes_known_pages) {
    BOOST_TEST(kind("/") == static_cast<int>(RouteKind::home));
    BOOST_TEST(kind("/blog/") == static_cast<int>(RouteKind::blog_index));
    BOOST_TEST(kind("/blog/linear-attention") == static_cast<int>(RouteKind::post));
    BOOST_TEST(route("/blog/linear-attention").slug == "linear-attention");
}

BOOST_AUTO_TEST_CASE(redirects_blog_without_slash) {
    auto r = route("/blog");
    BOOST_TEST(static_cast<int>(r.kind) == static_cast<int>(RouteKind::redirect));
    BOOST_TEST(r.location == "/blog/");
}

BOOST_AUTO_TEST_CASE(everything_else_is_not_found) {
    for (std::string_view path : {"/index.html", "/blog/a/b", "/blog/UPPER", "/blog/../etc/passwd", "/blog/a.b", "//",
                                  "/blog/x y", "/BLOG/", "/blog//"})
        BOOST_TEST(kind(path) == static_cast<int>(RouteKind::not_found), path);
}
