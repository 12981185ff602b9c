#define BOOST_TEST_MODULE router
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "http/router.hpp"

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

BOOST_AUTO_TEST_CASE(routes_tag_pages_and_their_feeds) {
    auto page = route("/blog/tag/machine-learning/");
    BOOST_TEST(static_cast<int>(page.kind) == static_cast<int>(RouteKind::tag));
    BOOST_TEST(page.slug == "machine-learning");
    auto feed = route("/blog/tag/machine-learning/feed.xml");
    BOOST_TEST(static_cast<int>(feed.kind) == static_cast<int>(RouteKind::tag_feed));
    BOOST_TEST(feed.slug == "machine-learning");
    for (std::string_view path : {"/blog/tag/", "/blog/tag/ml", "/blog/tag/ML/", "/blog/tag/a/b/", "/blog/tag//",
                                  "/blog/tag/-x/", "/blog/tag/x/feed.json", "/blog/tag/feed.xml"})
        BOOST_TEST(kind(path) == static_cast<int>(RouteKind::not_found), path);
    BOOST_TEST(kind("/blog/tag") == static_cast<int>(RouteKind::post));  // a post may be called "tag"
}

BOOST_AUTO_TEST_CASE(routes_previews_by_token) {
    auto r = route("/blog/preview/0123456789abcdef0123456789abcdef");
    BOOST_TEST(static_cast<int>(r.kind) == static_cast<int>(RouteKind::preview));
    BOOST_TEST(r.slug == "0123456789abcdef0123456789abcdef");
    BOOST_TEST(kind("/blog/preview/") == static_cast<int>(RouteKind::not_found));
    BOOST_TEST(kind("/blog/preview/a/b") == static_cast<int>(RouteKind::not_found));
    BOOST_TEST(kind("/blog/preview") == static_cast<int>(RouteKind::post));
}

BOOST_AUTO_TEST_CASE(redirects_blog_without_slash) {
    auto r = route("/blog");
    BOOST_TEST(static_cast<int>(r.kind) == static_cast<int>(RouteKind::redirect));
    BOOST_TEST(r.location == "/blog/");
}

BOOST_AUTO_TEST_CASE(everything_else_is_not_found) {
    for (std::string_view path : {"/index.html", "/blog/a/b", "/blog/UPPER", "/blog/../etc/passwd", "/blog/a.b", "//",
                                  "/blog/x y", "/BLOG/", "/blog//", "/blog/-leading-dash"})
        BOOST_TEST(kind(path) == static_cast<int>(RouteKind::not_found), path);
}

BOOST_AUTO_TEST_CASE(routes_publication_pages_and_filters) {
    BOOST_TEST(kind("/publications/") == static_cast<int>(RouteKind::publications));
    BOOST_TEST(!route("/publications/").filter.has_value());
    const std::pair<std::string, PublicationKind> filters[] = {{"/publications/conference/", PublicationKind::conference},
                                                                {"/publications/journal/", PublicationKind::journal},
                                                                {"/publications/preprint/", PublicationKind::preprint}};
    for (const auto& [path, expected] : filters) {
        auto r = route(path);
        BOOST_TEST(static_cast<int>(r.kind) == static_cast<int>(RouteKind::publications));
        BOOST_TEST((r.filter == expected));
        BOOST_TEST(r.path == path);  // routed once, the path travels with the route
    }
    auto paper = route("/publications/causalmesh");
    BOOST_TEST(static_cast<int>(paper.kind) == static_cast<int>(RouteKind::publication));
    BOOST_TEST(paper.slug == "causalmesh");
    BOOST_TEST(route("/publications").location == "/publications/");
}

BOOST_AUTO_TEST_CASE(routes_citation_formats_by_extension) {
    auto bib = route("/publications/causalmesh.bib");
    BOOST_TEST(static_cast<int>(bib.kind) == static_cast<int>(RouteKind::citation));
    BOOST_TEST(bib.slug == "causalmesh");
    BOOST_TEST(static_cast<int>(bib.format) == static_cast<int>(CitationFormat::bibtex));
    BOOST_TEST(static_cast<int>(route("/publications/x.ris").format) == static_cast<int>(CitationFormat::ris));
    BOOST_TEST(static_cast<int>(route("/publications/x.json").format) == static_cast<int>(CitationFormat::csl_json));
    BOOST_TEST(kind("/publications.bib") == static_cast<int>(RouteKind::publications_bib));
}

BOOST_AUTO_TEST_CASE(routes_machine_files) {
    BOOST_TEST(kind("/feed.xml") == static_cast<int>(RouteKind::feed));
    BOOST_TEST(kind("/sitemap.xml") == static_cast<int>(RouteKind::sitemap));
    BOOST_TEST(kind("/robots.txt") == static_cast<int>(RouteKind::robots));
}

BOOST_AUTO_TEST_CASE(rejects_malformed_publication_paths) {
    for (std::string_view path :
         {"/publications/a/b", "/publications/.bib", "/publications/x.pdf", "/publications/x.bib.bib",
          "/publications/UPPER", "/publications/x.BIB", "/publications/bogus/", "/publications//", "/feed.xml/",
          "/publications/conference", "/publications/causalmesh/", "/Robots.txt"})
        BOOST_TEST((kind(path) == static_cast<int>(RouteKind::not_found) ||
                    (kind(path) == static_cast<int>(RouteKind::publication) && path == "/publications/conference")),
                   path);
}

BOOST_AUTO_TEST_CASE(routes_a_stored_files_stable_and_content_addressed_urls) {
    auto stable = route("/files/cv-2026.pdf");
    BOOST_TEST(static_cast<int>(stable.kind) == static_cast<int>(RouteKind::file));
    BOOST_TEST(stable.slug == "cv-2026.pdf");
    BOOST_TEST(stable.digest.empty());
    auto pinned = route("/files/0123456789ab/cv-2026.pdf");
    BOOST_TEST(static_cast<int>(pinned.kind) == static_cast<int>(RouteKind::file));
    BOOST_TEST(pinned.slug == "cv-2026.pdf");
    BOOST_TEST(pinned.digest == "0123456789ab");
    for (auto bad : {"/files/", "/files/CV.pdf", "/files/../site.db", "/files/0123456789AB/cv.pdf", "/files/0123/cv.pdf",
                     "/files/0123456789ab/", "/files/0123456789ab/sub/cv.pdf", "/files/cv"})
        BOOST_TEST(kind(bad) == static_cast<int>(RouteKind::not_found), bad);
}

BOOST_AUTO_TEST_CASE(routes_news_and_talks_and_redirects_them_without_slash) {
    BOOST_TEST(kind("/news/") == static_cast<int>(RouteKind::news));
    BOOST_TEST(kind("/talks/") == static_cast<int>(RouteKind::talks));
    BOOST_TEST(route("/news").location == "/news/");
    BOOST_TEST(route("/talks").location == "/talks/");
    for (std::string_view path : {"/news/1", "/talks/x", "/news//"})
        BOOST_TEST(kind(path) == static_cast<int>(RouteKind::not_found), path);
}

BOOST_AUTO_TEST_CASE(routes_projects_and_a_project_and_redirects_the_list_without_slash) {
    BOOST_TEST(kind("/projects/") == static_cast<int>(RouteKind::projects));
    BOOST_TEST(kind("/projects/reef-surveys") == static_cast<int>(RouteKind::project));
    BOOST_TEST(route("/projects/reef-surveys").slug == "reef-surveys");
    BOOST_TEST(route("/projects").location == "/projects/");
    for (std::string_view path : {"/projects//", "/projects/Reefs", "/projects/reefs/", "/projects/a/b", "/projects/-x"})
        BOOST_TEST(kind(path) == static_cast<int>(RouteKind::not_found), path);
}

BOOST_AUTO_TEST_CASE(routes_the_cv_its_pdf_and_json_and_redirects_cv_without_slash) {
    BOOST_TEST(kind("/cv/") == static_cast<int>(RouteKind::cv));
    BOOST_TEST(kind("/cv.pdf") == static_cast<int>(RouteKind::cv_pdf));
    BOOST_TEST(kind("/cv.json") == static_cast<int>(RouteKind::cv_json));
    BOOST_TEST(route("/cv").location == "/cv/");
    for (std::string_view path : {"/cv/x", "/cv.PDF", "/cv.json/", "/cv//", "/cv.bib"})
        BOOST_TEST(kind(path) == static_cast<int>(RouteKind::not_found), path);
}

BOOST_AUTO_TEST_CASE(routes_a_page_of_the_owners_own_after_every_other_route) {
    auto r = route("/teaching/");
    BOOST_TEST(static_cast<int>(r.kind) == static_cast<int>(RouteKind::page));
    BOOST_TEST(r.slug == "teaching");
    BOOST_TEST(kind("/blog/") == static_cast<int>(RouteKind::blog_index));  // a section before a page
    BOOST_TEST(kind("/cv/") == static_cast<int>(RouteKind::cv));
    BOOST_TEST(kind("/teaching") == static_cast<int>(RouteKind::not_found));
    BOOST_TEST(kind("/teaching/x") == static_cast<int>(RouteKind::not_found));
    BOOST_TEST(kind("/Teaching/") == static_cast<int>(RouteKind::not_found));
    const std::vector<std::string> languages{"zh", "lab"};
    auto in_zh = route("/zh/teaching/", {.languages = languages});
    BOOST_TEST(static_cast<int>(in_zh.kind) == static_cast<int>(RouteKind::page));
    BOOST_TEST(in_zh.language == "zh");
    BOOST_TEST(in_zh.slug == "teaching");
    // A segment that could be a language's code is its home when the site
    // has that language, the page of that slug when it has not.
    auto lab = route("/lab/", {.languages = languages});
    BOOST_TEST(static_cast<int>(lab.kind) == static_cast<int>(RouteKind::home));
    BOOST_TEST(lab.language == "lab");
    BOOST_TEST(lab.language_index == 2u);
    auto page = route("/lab/");
    BOOST_TEST(static_cast<int>(page.kind) == static_cast<int>(RouteKind::page));
    BOOST_TEST(page.slug == "lab");
    BOOST_TEST(page.language.empty());
    BOOST_TEST(page.path == "/lab/");
    BOOST_TEST(is_language_code("zh"));  // a page's pattern does not make every code a section's name
    BOOST_TEST(!is_language_code("cv"));
}

BOOST_AUTO_TEST_CASE(a_page_slug_may_not_be_a_routes_first_segment) {
    for (std::string_view slug : {"blog", "publications", "news", "talks", "projects", "cv", "files", "_vitae", "people",
                                  "search", ".well-known"})
        BOOST_TEST(page_slug_problem(slug).has_value(), slug);
    BOOST_TEST(page_slug_problem("blog")->find("/blog/ is a path the site's own pages use") != std::string::npos);
    BOOST_TEST(page_slug_problem("Teaching")->find("is not a slug") != std::string::npos);
    for (std::string_view slug : {"teaching", "join-the-lab", "software", "lab", "feed", "sitemap"})
        BOOST_TEST(!page_slug_problem(slug).has_value(), slug);
}

// A paper's URL answers its citation formats by Accept, as doi.org does: the
// router decides it, so the page is looked up once, under the citation's own URL.
BOOST_AUTO_TEST_CASE(a_papers_url_routes_to_the_citation_accept_prefers) {
    const std::pair<std::string_view, CitationFormat> asked[] = {
        {"application/x-bibtex", CitationFormat::bibtex},
        {"application/vnd.citationstyles.csl+json", CitationFormat::csl_json},
        {"application/x-research-info-systems", CitationFormat::ris},
        {"text/html;q=0.5, application/x-bibtex", CitationFormat::bibtex}};
    for (const auto& [accept, format] : asked) {
        auto r = route("/publications/causalmesh", {.accept = accept});
        BOOST_TEST(static_cast<int>(r.kind) == static_cast<int>(RouteKind::citation), accept);
        BOOST_TEST((r.format == format), accept);
        BOOST_TEST(r.negotiated, accept);
        BOOST_TEST(r.slug == "causalmesh");
        BOOST_TEST(r.path == "/publications/causalmesh");  // as requested; its page is the one at path + extension
    }
    for (std::string_view accept : {"", "text/html", "*/*", "text/html, application/x-bibtex;q=0.9", "image/png"}) {
        auto r = route("/publications/causalmesh", {.accept = accept});
        BOOST_TEST(static_cast<int>(r.kind) == static_cast<int>(RouteKind::publication), accept);
        BOOST_TEST(!r.negotiated, accept);
    }
    // Only a paper's page: a list, a citation's own URL or another page never changes with Accept.
    for (std::string_view path : {"/publications/", "/publications/causalmesh.ris", "/blog/x", "/"}) {
        auto plain = route(path), asked_bib = route(path, {.accept = "application/x-bibtex"});
        BOOST_TEST(static_cast<int>(plain.kind) == static_cast<int>(asked_bib.kind), path);
        BOOST_TEST((plain.format == asked_bib.format), path);
        BOOST_TEST(!asked_bib.negotiated, path);
    }
    const std::vector<std::string> zh{"zh"};
    auto in_zh = route("/zh/publications/causalmesh", {.languages = zh, .accept = "application/x-bibtex"});
    BOOST_TEST(static_cast<int>(in_zh.kind) == static_cast<int>(RouteKind::citation));
    BOOST_TEST(in_zh.language == "zh");
    BOOST_TEST(in_zh.negotiated);
}
