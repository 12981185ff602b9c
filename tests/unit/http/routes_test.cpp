#define BOOST_TEST_MODULE routes
#include <boost/test/unit_test.hpp>

#include <set>
#include <string>
#include <vector>

#include "base/read_file.hpp"
#include "http/router.hpp"
#include "http/routes.hpp"

using namespace vitae;

namespace {

int as_int(RouteKind kind) { return static_cast<int>(kind); }

// Sample parts for a row's placeholders: each names a page of that kind.
UrlParts sample(const RoutePath& spec, std::string_view prefix = {}) {
    UrlParts parts{.prefix = prefix, .slug = "some-slug-2"};
    if (spec.pattern.find("{name}") != std::string_view::npos) parts.slug = "paper-v2.pdf";
    return parts;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_kind_has_one_path_row_in_order) {
    BOOST_TEST(route_paths().size() == static_cast<std::size_t>(route_kind_count));
    std::set<std::string_view> names, patterns;
    for (int i = 0; i < route_kind_count; ++i) {
        const RoutePath& spec = route_paths()[static_cast<std::size_t>(i)];
        BOOST_TEST(as_int(spec.kind) == i);
        BOOST_TEST(&route_path(spec.kind) == &spec);
        BOOST_TEST(!spec.name.empty());
        BOOST_TEST(names.insert(spec.name).second, spec.name);
        BOOST_TEST(route_kind_name(spec.kind) == spec.name);
        if (!spec.pattern.empty()) BOOST_TEST(patterns.insert(spec.pattern).second, spec.pattern);
    }
    BOOST_TEST(route_path(RouteKind::redirect).pattern.empty());
    BOOST_TEST(route_path(RouteKind::not_found).pattern.empty());
}

// The first segments the registry, a page's slug and a language's code may
// not take are the patterns' own, read from the same rows.
BOOST_AUTO_TEST_CASE(every_patterns_first_segment_is_reserved) {
    for (const auto& spec : route_paths()) {
        if (spec.pattern.size() < 2 || spec.pattern[1] == '{') continue;
        std::string_view rest = spec.pattern.substr(1);
        BOOST_TEST(is_reserved_segment(rest.substr(0, rest.find('/'))), spec.pattern);
    }
    BOOST_TEST(is_reserved_segment(".well-known"));
    BOOST_TEST(is_reserved_segment("cv.pdf"));
    BOOST_TEST(!is_reserved_segment(""));
    BOOST_TEST(!is_reserved_segment("teaching"));
    BOOST_TEST(!is_reserved_segment("{slug}"));
}

BOOST_AUTO_TEST_CASE(each_pattern_routes_back_to_its_kind) {
    for (const auto& spec : route_paths()) {
        if (spec.pattern.empty()) continue;
        std::string path = url_for(spec.kind, sample(spec));
        BOOST_TEST(path.find_first_of("{}[]") == std::string::npos, path);
        Route r = route(path);
        BOOST_TEST(as_int(r.kind) == as_int(spec.kind), path);
        BOOST_TEST(r.language.empty(), path);
        if (spec.pattern.find('{') != std::string_view::npos && spec.kind != RouteKind::publications)
            BOOST_TEST(r.slug == sample(spec).slug, path);
    }
}

BOOST_AUTO_TEST_CASE(urls_round_trip_under_a_language_prefix) {
    const std::vector<std::string> zh{"zh"};
    for (const auto& spec : route_paths()) {
        if (spec.pattern.empty()) continue;
        std::string path = url_for(spec.kind, sample(spec, "/zh"));
        BOOST_TEST(path.starts_with("/zh/"), path);
        Route r = route(path, {.languages = zh});
        if (spec.root_only) {  // one for all languages: not under a prefix
            BOOST_TEST(as_int(r.kind) == as_int(RouteKind::not_found), path);
            continue;
        }
        BOOST_TEST(as_int(r.kind) == as_int(spec.kind), path);
        BOOST_TEST(r.language == "zh", path);
    }
}

// The digest's length in a file's URL is one number: the router's, and the
// one nginx's /files/<digest>/ location matches.
BOOST_AUTO_TEST_CASE(a_files_url_digest_has_one_length) {
    std::string digest(64, 'a');
    BOOST_TEST(url_for(RouteKind::file, {.slug = "a.pdf", .digest = digest}) ==
               "/files/" + digest.substr(0, url_digest_hex_digits) + "/a.pdf");
    BOOST_TEST(as_int(route("/files/" + std::string(url_digest_hex_digits, 'b') + "/a.pdf").kind) == as_int(RouteKind::file));
    BOOST_TEST(as_int(route("/files/" + std::string(url_digest_hex_digits + 1, 'b') + "/a.pdf").kind) ==
               as_int(RouteKind::not_found));
    for (const char* conf : {"nginx-site.conf", "nginx-sites.conf"})
        BOOST_TEST(read_whole_file(std::filesystem::path(VITAE_SOURCE_DIR) / conf)
                       .find("/files/[0-9a-f]{" + std::to_string(url_digest_hex_digits) + "}/") != std::string::npos,
                   conf);
}

BOOST_AUTO_TEST_CASE(placeholders_fill_and_parse_alike) {
    std::string digest = "0123456789abcdef0123";
    std::string pinned_path = url_for(RouteKind::file, {.slug = "cv.pdf", .digest = digest});
    BOOST_TEST(pinned_path == "/files/0123456789ab/cv.pdf");
    Route pinned = route(pinned_path);  // points into pinned_path
    BOOST_TEST(as_int(pinned.kind) == as_int(RouteKind::file));
    BOOST_TEST(pinned.slug == "cv.pdf");
    BOOST_TEST(pinned.digest == "0123456789ab");
    BOOST_TEST(url_for(RouteKind::file, {.slug = "cv.pdf"}) == "/files/cv.pdf");

    BOOST_TEST(url_for(RouteKind::publications) == "/publications/");
    const std::vector<std::string> pt_br{"pt-BR"};
    for (const auto& row : kind_rows()) {
        std::string path = url_for(RouteKind::publications, {.prefix = "/pt-BR", .kind = row.kind});
        BOOST_TEST(path == "/pt-BR/publications/" + std::string(row.name) + "/");
        Route r = route(path, {.languages = pt_br});
        BOOST_TEST(as_int(r.kind) == as_int(RouteKind::publications), path);
        BOOST_TEST((r.filter && *r.filter == row.kind), path);
    }
    for (auto format : {CitationFormat::bibtex, CitationFormat::ris, CitationFormat::csl_json}) {
        std::string path = url_for(RouteKind::citation, {.slug = "zhang-2025", .format = format});
        BOOST_TEST(path == "/publications/zhang-2025" + std::string(citation_extension(format)));
        Route r = route(path);
        BOOST_TEST(as_int(r.kind) == as_int(RouteKind::citation), path);
        BOOST_TEST((r.format == format), path);
        BOOST_TEST(r.slug == "zhang-2025");
    }
    BOOST_TEST(url_for(RouteKind::tag_feed, {.prefix = "https://example.org/zh", .slug = "ml"}) ==
               "https://example.org/zh/blog/tag/ml/feed.xml");
}

BOOST_AUTO_TEST_CASE(a_directory_without_its_slash_redirects_to_it) {
    int directories = 0;
    for (const auto& spec : route_paths()) {
        std::string dir = url_for(spec.kind);
        if (spec.pattern.find('{') != std::string_view::npos && spec.kind != RouteKind::publications) continue;
        if (dir.size() < 2 || !dir.ends_with('/')) continue;
        ++directories;
        Route r = route(std::string_view(dir).substr(0, dir.size() - 1));
        BOOST_TEST(as_int(r.kind) == as_int(RouteKind::redirect), dir);
        BOOST_TEST(r.location == dir);
    }
    BOOST_TEST(directories == 9);  // blog, publications, news, talks, projects, cv, people, accessibility, search
    const std::vector<std::string> zh{"zh"};
    BOOST_TEST((route("/zh/search/", {.languages = zh}).kind == RouteKind::search));
    BOOST_TEST(route("/zh/search/", {.languages = zh}).language == "zh");
}
