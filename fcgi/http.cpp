#include "http.hpp"

#include <charconv>

namespace vitae {

std::string_view reason_phrase(int status) {
    switch (status) {
    case 200: return "OK";
    case 301: return "Moved Permanently";
    case 304: return "Not Modified";
    case 400: return "Bad Request";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 414: return "URI Too Long";
    case 500: return "Internal Server Error";
    case 503: return "Service Unavailable";
    default: return "Unknown";
    }
}

bool etag_matches(std::string_view header, std::string_view etag) {
    auto trim = [](std::string_view s) {
        auto first = s.find_first_not_of(" \t");
        if (first == std::string_view::npos) return std::string_view{};
        return s.substr(first, s.find_last_not_of(" \t") - first + 1);
    };
    while (!header.empty()) {
        auto comma = header.find(',');
        auto candidate = trim(header.substr(0, comma));
        if (candidate == "*") return true;
        if (candidate.starts_with("W/")) candidate.remove_prefix(2);
        if (!candidate.empty() && candidate == etag) return true;
        if (comma == std::string_view::npos) break;
        header.remove_prefix(comma + 1);
    }
    return false;
}

std::string response_head(const Response& r) {
    std::string head;
    head.reserve(256);
    auto add = [&head](std::string_view name, std::string_view value) {
        head.append(name).append(": ").append(value).append("\r\n");
    };
    char number[24];
    auto [end, ec] = std::to_chars(number, number + sizeof number, r.status);
    head.append("Status: ").append(number, end).append(" ").append(reason_phrase(r.status)).append("\r\n");
    if (r.page && r.status != 304) {
        add("Content-Type", r.page->content_type);
        auto [len_end, len_ec] = std::to_chars(number, number + sizeof number, r.page->body.size());
        add("Content-Length", std::string_view(number, static_cast<std::size_t>(len_end - number)));
    }
    std::string_view etag = r.page ? std::string_view(r.page->etag) : std::string_view(r.etag);
    if (!etag.empty()) {
        add("ETag", etag);
        add("Cache-Control", "no-cache");  // revalidate every time: a 304 is cheap, staleness is not
    }
    if (!r.allow.empty()) add("Allow", r.allow);
    if (!r.location.empty()) add("Location", r.location);
    add("X-Vitae-Cache", r.cache_hit ? "hit" : "miss");
    head.append("\r\n");
    return head;
}

Response plain_response(int status, std::string_view text) {
    auto page = std::make_shared<Page>();
    page->status = status;
    page->content_type = "text/plain; charset=utf-8";
    page->body.append(text).append("\n");
    Response response;
    response.status = status;
    response.page = std::move(page);
    return response;
}

std::string etag_for(std::string_view body) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (unsigned char c : body) {
        hash ^= c;
        hash *= 0x100000001b3ULL;
    }
    static constexpr char digits[] = "0123456789abcdef";
    std::string etag = "\"";
    for (int shift = 60; shift >= 0; shift -= 4) etag += digits[(hash >> shift) & 0xF];
    etag += '"';
    return etag;
}

}  // namespace vitae
