#include "http/head_writer.hpp"

#include <charconv>

#include "base/log.hpp"
#include "base/text.hpp"

namespace vitae {

std::string_view reason_phrase(int status) {
    switch (status) {
    case 100: return "Continue";
    case 101: return "Switching Protocols";
    case 200: return "OK";
    case 201: return "Created";
    case 202: return "Accepted";
    case 203: return "Non-Authoritative Information";
    case 204: return "No Content";
    case 205: return "Reset Content";
    case 206: return "Partial Content";
    case 300: return "Multiple Choices";
    case 301: return "Moved Permanently";
    case 302: return "Found";
    case 303: return "See Other";
    case 304: return "Not Modified";
    case 307: return "Temporary Redirect";
    case 308: return "Permanent Redirect";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 406: return "Not Acceptable";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 410: return "Gone";
    case 411: return "Length Required";
    case 412: return "Precondition Failed";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 415: return "Unsupported Media Type";
    case 416: return "Range Not Satisfiable";
    case 417: return "Expectation Failed";
    case 421: return "Misdirected Request";
    case 422: return "Unprocessable Content";
    case 426: return "Upgrade Required";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 504: return "Gateway Timeout";
    case 505: return "HTTP Version Not Supported";
    default: return {};
    }
}

bool is_field_name(std::string_view name) {
    if (name.empty()) return false;
    for (char c : name) {
        bool token = is_ascii_letter(c) || is_ascii_digit(c) || std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
        if (!token) return false;
    }
    return true;
}

bool is_field_value(std::string_view value) {
    for (char c : value) {
        auto byte = static_cast<unsigned char>(c);
        if ((byte < 0x20 && byte != '\t') || byte == 0x7f) return false;
    }
    return true;
}

HeadWriter::HeadWriter(int status) {
    head_.reserve(256);
    auto reason = reason_phrase(status);
    if (reason.empty()) {
        refused_ = "status " + std::to_string(status) + " (not in the status table)";
        return;
    }
    char number[8];
    auto [end, ec] = std::to_chars(number, number + sizeof number, status);
    head_.append("Status: ").append(number, end).append(" ").append(reason).append("\r\n");
}

HeadWriter& HeadWriter::add(std::string_view name, std::string_view value) {
    if (refused()) return *this;
    if (!is_field_name(name)) {
        refused_ = "a field name that is not a token";
    } else if (!is_field_value(value)) {
        refused_ = "field " + std::string(name) + " (a control character in its value)";
    } else {
        head_.append(name).append(": ").append(value).append("\r\n");
    }
    return *this;
}

HeadWriter& HeadWriter::add_number(std::string_view name, std::uint64_t value) {
    char number[24];
    auto [end, ec] = std::to_chars(number, number + sizeof number, value);
    return add(name, std::string_view(number, static_cast<std::size_t>(end - number)));
}

WrittenHead HeadWriter::finish(std::string_view body) {
    if (!refused()) {
        head_.append("\r\n");
        return {.head = std::move(head_), .body = body};
    }
    log_error("response head refused: " + refused_ + "; answered 500 instead");
    static constexpr std::string_view failed_body = "internal server error\n";
    return {.head = "Status: 500 Internal Server Error\r\n"
                    "Content-Type: text/plain; charset=utf-8\r\n"
                    "Cache-Control: no-store\r\n"
                    "Content-Length: " + std::to_string(failed_body.size()) + "\r\n\r\n",
            .body = failed_body,
            .refused = true};
}

}  // namespace vitae
