// Fuzzes everything a client controls: the input is six '\n'-separated
// fields (method, REQUEST_URI, If-None-Match, Accept-Encoding,
// If-Modified-Since, REMOTE_ADDR; the last takes the rest). Each input goes
// through the pure parsers, then through Handler::handle against the shipped
// site, and the response is checked against what the server will write.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "base/limits.hpp"
#include "base/utf8.hpp"
#include "fcgi/core/fastcgi_records.hpp"
#include "fcgi/handler.hpp"
#include "fuzz_support.hpp"
#include "http/base_url.hpp"
#include "http/http.hpp"
#include "http/request.hpp"
#include "http/router.hpp"
#include "site/pages.hpp"

using namespace vitae;
using namespace vitae::fuzz;

namespace {

// The worker's one site (--db) as a site set of one, one request thread.
struct World {
    World(const std::string& db, const fs::path& templates)
        : cache(16 << 20, limits::page_cache_max_entries),
          set({.db_path = db, .base_url = default_base_url, .templates_dir = templates, .threads = 1,
               .layout = fastcgi::answer_for_nginx},
              cache),
          sites(set.loaded().front()->holder),
          handler(set) {}
    PageCache cache;
    SiteSet set;
    SiteHolder& sites;
    Handler handler;
    ThreadState thread;
};

World* world = nullptr;

RawRequest split_fields(std::string_view input) {
    std::array<std::string_view, 7> fields{};
    for (std::size_t i = 0; i < fields.size() && !input.empty(); ++i) {
        auto newline = i + 1 < fields.size() ? input.find('\n') : std::string_view::npos;
        fields[i] = input.substr(0, newline);
        input.remove_prefix(newline == std::string_view::npos ? input.size() : newline + 1);
    }
    return {.method = fields[0],
            .request_uri = fields[1],
            .if_none_match = fields[2],
            .accept_encoding = fields[3],
            .if_modified_since = fields[4],
            .remote_addr = fields[5],
            .accept = fields[6]};
}

// The value of a header in a CGI-style head, or nullopt when absent.
std::optional<std::string_view> header_value(std::string_view head, std::string_view name) {
    std::string needle = "\r\n" + std::string(name) + ": ";
    auto at = head.find(needle);
    if (at == std::string_view::npos) return std::nullopt;
    auto value = head.substr(at + needle.size());
    return value.substr(0, value.find("\r\n"));
}

// Every line ends in CRLF, no bare CR or LF, no NUL: nothing a client sent can split a header.
bool well_formed_head(std::string_view head) {
    if (!head.starts_with("Status: ") || !head.ends_with("\r\n\r\n")) return false;
    for (std::size_t i = 0; i < head.size(); ++i) {
        char c = head[i];
        if (c == '\0') return false;
        if (c == '\r' && (i + 1 == head.size() || head[i + 1] != '\n')) return false;
        if (c == '\n' && (i == 0 || head[i - 1] != '\r')) return false;
    }
    return true;
}

void check_parsers(const RawRequest& raw) {
    auto parsed = parse_request(raw);
    if (auto* rejection = std::get_if<Rejection>(&parsed)) {
        VITAE_FUZZ_CHECK(rejection->status == 400 || rejection->status == 414);
        return;
    }
    const Request& request = std::get<Request>(parsed);
    VITAE_FUZZ_CHECK(request.path.find('\0') == std::string::npos);
    VITAE_FUZZ_CHECK(request.path.starts_with('/'));
    VITAE_FUZZ_CHECK(request.path.size() <= raw.request_uri.size());
    VITAE_FUZZ_CHECK(is_valid_utf8(request.path));

    // The slug is a piece of the path; a redirect goes to a different path that does not redirect again.
    Route r = route(request.path);
    if (!r.slug.empty())
        VITAE_FUZZ_CHECK(r.slug.data() >= request.path.data() &&
                         r.slug.data() + r.slug.size() <= request.path.data() + request.path.size());
    if (r.kind == RouteKind::redirect) {
        VITAE_FUZZ_CHECK(r.location.starts_with('/') && r.location != request.path);
        VITAE_FUZZ_CHECK(route(r.location).kind != RouteKind::redirect);
    }

    // "*" matches anything; otherwise a match means the tag is one of the listed candidates.
    const std::string etag = "\"0123456789abcdef\"";
    if (etag_matches(request.if_none_match, etag))
        VITAE_FUZZ_CHECK(request.if_none_match.find('*') != std::string_view::npos ||
                         request.if_none_match.find(etag) != std::string_view::npos);
    (void)accepts_gzip(request.accept_encoding);

    // What parses formats back to itself (for dates an IMF-fixdate can spell).
    if (auto since = parse_http_date(request.if_modified_since); since && *since >= 0 && *since <= 253402300799)
        VITAE_FUZZ_CHECK(parse_http_date(http_date(*since)) == since);
}

void check_response(const RawRequest& raw, const Response& response) {
    int s = response.status;
    VITAE_FUZZ_CHECK(s == 200 || s == 301 || s == 304 || s == 400 || s == 404 || s == 405 || s == 414 || s == 500);
    VITAE_FUZZ_CHECK(s != 500);  // the shipped content and templates always render
    VITAE_FUZZ_CHECK(response.page != nullptr);
    if (s == 301) VITAE_FUZZ_CHECK(!response.location.empty());
    if (s == 405) VITAE_FUZZ_CHECK(response.allow == "GET, HEAD");
    if (s == 304) VITAE_FUZZ_CHECK(!raw.if_none_match.empty() || !raw.if_modified_since.empty());
    // A rejected request (400/414) is answered before the method is looked at;
    // nginx drops the body of any answer to HEAD, so only the rest are checked.
    if (s == 304 || (raw.method == "HEAD" && s != 400 && s != 414)) VITAE_FUZZ_CHECK(!response.send_body);

    std::string head = response_head(response);
    VITAE_FUZZ_CHECK(well_formed_head(head));
    auto length = header_value(head, "Content-Length");
    if (response.send_body) VITAE_FUZZ_CHECK(length.has_value());
    if (length) VITAE_FUZZ_CHECK(*length == std::to_string(response.body().size()));
    if (response.gzip) VITAE_FUZZ_CHECK(header_value(head, "Content-Encoding") == "gzip");

    // A cache hit of a GET is sent as records laid out at render time: they
    // must be what the server would lay out for it now.
    if (!response.wire.empty()) {
        VITAE_FUZZ_CHECK(response.send_body);
        VITAE_FUZZ_CHECK(response.wire == fastcgi::answer_for_nginx(head, response.body()));
    }
    // Keys come from the router: unknown paths share the one 404 entry.
    VITAE_FUZZ_CHECK(world->cache.stats().entries <= site_paths(*world->sites.current()).size() + 1);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    auto db = build_shipped_db();
    auto templates = copy_templates("templates");
    try {
        static World instance(db.string(), templates);
        world = &instance;
    } catch (const std::exception& e) {
        setup_failed(std::string("load the shipped site: ") + e.what());
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    RawRequest raw = split_fields({reinterpret_cast<const char*>(data), size});
    check_parsers(raw);
    // /cv.pdf is typeset by vitae-cv-pdf, a program of its own with its own
    // tests (cv_pdf_ua, test_cv), as content_fuzz leaves it out: a fuzz build
    // is neither installed nor able to build it (clang 14 cannot compile
    // qpdf 11's headers), so the worker would rightly answer 500 here.
    auto parsed = parse_request(raw);
    if (auto* request = std::get_if<Request>(&parsed))
        if (site_route(*world->sites.current(), request->path).kind == RouteKind::cv_pdf) return 0;
    Response response = world->handler.handle(raw, world->thread);
    if (auto* rejection = std::get_if<Rejection>(&parsed)) VITAE_FUZZ_CHECK(response.status == rejection->status);
    check_response(raw, response);
    return 0;
}
