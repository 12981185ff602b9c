#include "http/request.hpp"

#include "base/limits.hpp"
#include "base/utf8.hpp"

namespace vitae {

namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

Method parse_method(std::string_view name) {
    if (name == "GET") return Method::get;
    if (name == "HEAD") return Method::head;
    if (name == "POST") return Method::post;
    return Method::other;
}

bool has_control_byte(std::string_view text) {
    for (unsigned char c : text)
        if (c < 0x20 || c == 0x7f) return true;
    return false;
}

std::string percent_encode(std::string_view in, std::string_view keep) {
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : in) {
        bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                     c == '.' || c == '_' || c == '~' || keep.find(static_cast<char>(c)) != std::string_view::npos;
        if (plain) {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

std::optional<std::string> percent_decode(std::string_view in) {
    std::string out;
    out.reserve(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
        if (in[i] != '%') {
            out += in[i];
            continue;
        }
        if (i + 2 >= in.size()) return std::nullopt;  // a '%' needs two hex digits
        int hi = hex_value(in[i + 1]);
        int lo = hex_value(in[i + 2]);
        if (hi < 0 || lo < 0) return std::nullopt;
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
    }
    return out;
}

QueryField query_field(std::string_view query, std::string_view name) {
    QueryField field;
    while (!query.empty()) {
        auto amp = query.find('&');
        std::string_view pair = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        auto eq = pair.find('=');
        if (pair.substr(0, eq) != name) continue;
        std::string raw(eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1));
        for (char& c : raw)
            if (c == '+') c = ' ';
        field.present = true;
        auto decoded = percent_decode(raw);
        field.valid = decoded && decoded->find('\0') == std::string::npos && is_valid_utf8(*decoded);
        if (field.valid) field.value = std::move(*decoded);
        return field;
    }
    return field;
}

std::variant<Request, Rejection> parse_request(const RawRequest& raw) {
    if (raw.request_uri.size() > limits::max_uri_bytes) return Rejection{414, "URI too long"};
    if (raw.request_uri.empty() || raw.request_uri.front() != '/') return Rejection{400, "bad request URI"};
    if (raw.method.empty()) return Rejection{400, "no request method"};
    Request request;
    request.method = parse_method(raw.method);
    auto query = raw.request_uri.find('?');
    auto fragment_or_query = std::min(query, raw.request_uri.find('#'));
    auto path = percent_decode(raw.request_uri.substr(0, fragment_or_query));
    if (!path) return Rejection{400, "bad percent-encoding"};
    request.path = std::move(*path);
    if (request.path.find('\0') != std::string::npos) return Rejection{400, "NUL byte in path"};
    // A CR or LF (%0D, %0A) in a path is never a page, and a path can reach a
    // header (a redirect's Location): refused here, as any control byte is.
    if (has_control_byte(request.path)) return Rejection{400, "control character in path"};
    if (!is_valid_utf8(request.path)) return Rejection{400, "path is not valid UTF-8"};
    // Over-long conditional headers are ignored, not trusted: the answer is a full page.
    if (raw.if_none_match.size() <= limits::max_header_value_bytes) request.if_none_match = raw.if_none_match;
    if (raw.accept_encoding.size() <= limits::max_header_value_bytes) request.accept_encoding = raw.accept_encoding;
    if (raw.if_modified_since.size() <= limits::max_header_value_bytes) request.if_modified_since = raw.if_modified_since;
    if (raw.accept.size() <= limits::max_header_value_bytes) request.accept = raw.accept;
    if (raw.range.size() <= limits::max_header_value_bytes) request.range = raw.range;
    if (raw.if_range.size() <= limits::max_header_value_bytes) request.if_range = raw.if_range;
    if (query != std::string_view::npos && query == fragment_or_query)
        request.query = raw.request_uri.substr(query + 1, raw.request_uri.find('#', query) - query - 1);
    request.from_loopback = raw.remote_addr.starts_with("127.") || raw.remote_addr == "::1";
    return request;
}

}  // namespace vitae
