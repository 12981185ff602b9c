#include "http/edit_guard.hpp"

#include "base/limits.hpp"
#include "base/text.hpp"
#include "http/request.hpp"

namespace vitae {

std::optional<std::string_view> cookie_value(std::string_view header, std::string_view name) {
    if (header.size() > limits::max_cookie_header_bytes) return std::nullopt;
    while (!header.empty()) {
        auto semi = header.find(';');
        auto pair = trim(header.substr(0, semi));
        header = semi == std::string_view::npos ? std::string_view() : header.substr(semi + 1);
        auto eq = pair.find('=');
        if (eq == std::string_view::npos) continue;
        if (trim(pair.substr(0, eq)) == name) return trim(pair.substr(eq + 1));
    }
    return std::nullopt;
}

std::string set_cookie(std::string_view name, std::string_view value, int max_age_s) {
    return std::string(name) + "=" + std::string(value) + "; Path=/; Max-Age=" + std::to_string(max_age_s) +
           "; Secure; HttpOnly; SameSite=Strict";
}

std::string clear_cookie(std::string_view name) { return set_cookie(name, "", 0); }

std::string request_origin(std::string_view scheme, std::string_view host) {
    return ascii_lower(scheme) + "://" + ascii_lower(host);
}

namespace {

// scheme://host[:port] of an absolute URL, lower-cased; empty when it has none.
std::string origin_of(std::string_view url) {
    auto scheme_end = url.find("://");
    if (scheme_end == std::string_view::npos) return {};
    auto host_end = url.find_first_of("/?#", scheme_end + 3);
    return ascii_lower(url.substr(0, host_end));
}

}  // namespace

OriginCheck check_origin(std::string_view origin, std::string_view referer, std::string_view own) {
    if (!origin.empty() && origin != "null") return ascii_lower(origin) == own ? OriginCheck::same : OriginCheck::foreign;
    if (!origin.empty()) return OriginCheck::foreign;  // "null": a sandboxed frame, a data: URL
    if (referer.empty()) return OriginCheck::missing;
    return origin_of(referer) == own ? OriginCheck::same : OriginCheck::foreign;
}

std::string safe_next(std::string_view next) {
    const std::string front(edit_mount);
    if (!next.starts_with(edit_mount) || next.size() > limits::max_uri_bytes) return front;
    if (next.find("//") != std::string_view::npos || next.find('\\') != std::string_view::npos ||
        next.find("..") != std::string_view::npos || has_control_byte(next) || !is_valid_utf8(next))
        return front;
    if (next.substr(edit_mount.size()).starts_with("login")) return front;
    return std::string(next);
}

std::string query_value(std::string_view query, std::string_view name) {
    while (!query.empty()) {
        auto amp = query.find('&');
        auto pair = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        auto eq = pair.find('=');
        if (eq == std::string_view::npos || pair.substr(0, eq) != name) continue;
        return percent_decode(pair.substr(eq + 1)).value_or(std::string());
    }
    return {};
}

const std::vector<HeaderField>& editor_headers() {
    static const std::vector<HeaderField> fields = {
        {"Content-Security-Policy",
         "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
         "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"},
        {"Cache-Control", "no-store"},
        {"X-Content-Type-Options", "nosniff"},
        {"Referrer-Policy", "same-origin"},
    };
    return fields;
}

}  // namespace vitae
