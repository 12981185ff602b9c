// FastCGI parameters -> a validated Request. Everything a client controls is
// checked here against limits.hpp: method, URI length, percent-encoding,
// control bytes (NUL, CR, LF...) and UTF-8. What fails becomes a status, never an exception.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace vitae {

// The methods a Vitae program answers; any other is `other` (405). The
// worker reads (GET, HEAD), the editor also takes POST.
enum class Method { get, head, post, other };

// REQUEST_METHOD as the web server passed it: the one place a method's
// name is read (case-sensitive, RFC 9110 9.1).
Method parse_method(std::string_view name);

// The raw values as the web server passed them (empty when absent). Ten
// string_views in a row: build it with designated initialisers
// ({.method = ..., .request_uri = ...}), never by position.
struct RawRequest {
    std::string_view method = {};
    std::string_view request_uri = {};
    std::string_view if_none_match = {};
    std::string_view accept_encoding = {};
    std::string_view if_modified_since = {};
    std::string_view remote_addr = {};
    std::string_view accept = {};    // for a paper's citation formats (content negotiation)
    std::string_view range = {};     // a stored file's bytes: one range of them
    std::string_view if_range = {};
    std::string_view host = {};      // HTTP_HOST: which site, with --sites (nginx passes $host)
};

struct Request {
    Method method = Method::get;
    std::string path;  // percent-decoded, valid UTF-8, no control byte
    std::string_view if_none_match;
    std::string_view accept_encoding;
    std::string_view if_modified_since;
    bool from_loopback = false;
    std::string_view accept;
    std::string_view range;
    std::string_view if_range;
    std::string_view query;  // after '?', before '#', raw; only the search route reads it (no other page varies by it)
};

struct Rejection {
    int status;  // 400 or 414
    std::string_view reason;
};

std::variant<Request, Rejection> parse_request(const RawRequest& raw);

// One field of a query string (application/x-www-form-urlencoded: '+' is a
// space). The first of a repeated field counts.
struct QueryField {
    bool present = false;
    bool valid = true;  // false: bad percent-encoding, a NUL, or not UTF-8
    std::string value;
};
QueryField query_field(std::string_view query, std::string_view name);

// Whether `text` holds a C0 control byte (CR, LF, NUL, TAB...) or DEL.
bool has_control_byte(std::string_view text);

// Strict %XX decoding: nullopt on a truncated or non-hex escape.
std::optional<std::string> percent_decode(std::string_view in);

// RFC 3986 unreserved characters (and those in `keep`, e.g. "/") as they
// are, every other byte %XX: a path or query value for a URL we build.
std::string percent_encode(std::string_view in, std::string_view keep = {});

}  // namespace vitae
