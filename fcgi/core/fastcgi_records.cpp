#include "fcgi/core/fastcgi_records.hpp"

#include <algorithm>

namespace vitae::fastcgi {

namespace {

// FastCGI 1.0, section 8: FCGI_VERSION_1, record types, protocol status.
constexpr unsigned version_1 = 1;
constexpr unsigned type_end_request = 3;
constexpr unsigned type_stdout = 6;
constexpr unsigned request_complete = 0;
constexpr std::size_t end_request_body_bytes = 8;

// The spec recommends records aligned to 8 bytes; libfcgi pads so too.
std::size_t padding_for(std::size_t content) {
    return (8 - content % 8) % 8;
}

void append_byte(std::string& out, unsigned value) {
    out.push_back(static_cast<char>(value & 0xff));
}

// version, type, requestIdB1, requestIdB0, contentLengthB1, contentLengthB0, paddingLength, reserved
void append_header(std::string& out, unsigned type, std::uint16_t request_id, std::size_t content) {
    append_byte(out, version_1);
    append_byte(out, type);
    append_byte(out, request_id >> 8);
    append_byte(out, request_id);
    append_byte(out, static_cast<unsigned>(content >> 8));
    append_byte(out, static_cast<unsigned>(content));
    append_byte(out, static_cast<unsigned>(padding_for(content)));
    append_byte(out, 0);
}

std::size_t answer_bytes(std::size_t stdout_bytes) {
    std::size_t full = stdout_bytes / max_content_bytes, rest = stdout_bytes % max_content_bytes;
    std::size_t records = full * (header_bytes + max_content_bytes + padding_for(max_content_bytes));
    if (rest) records += header_bytes + rest + padding_for(rest);
    return records + header_bytes + header_bytes + end_request_body_bytes;
}

}  // namespace

void append_answer(std::string& out, std::uint16_t request_id, std::string_view head, std::string_view body) {
    out.reserve(out.size() + answer_bytes(head.size() + body.size()));
    std::string_view parts[] = {head, body};  // one stream: a record may hold the end of one and the start of the other
    for (std::size_t left = head.size() + body.size(); left > 0;) {
        std::size_t content = std::min(left, max_content_bytes);
        append_header(out, type_stdout, request_id, content);
        for (std::size_t need = content; need > 0;) {
            std::string_view& part = parts[parts[0].empty() ? 1 : 0];
            std::size_t n = std::min(need, part.size());
            out.append(part.substr(0, n));
            part.remove_prefix(n);
            need -= n;
        }
        out.append(padding_for(content), '\0');
        left -= content;
    }
    append_header(out, type_stdout, request_id, 0);  // end of the stream
    append_header(out, type_end_request, request_id, end_request_body_bytes);
    out.append(4, '\0');  // appStatus 0, big-endian
    append_byte(out, request_complete);
    out.append(3, '\0');  // reserved
}

std::string answer_for_nginx(std::string_view head, std::string_view body) {
    std::string out;
    append_answer(out, nginx_request_id, head, body);
    return out;
}

}  // namespace vitae::fastcgi
