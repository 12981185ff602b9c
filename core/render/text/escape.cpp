#include "render/text/escape.hpp"

#include <cstdio>

namespace vitae {

namespace {

// The one escaping loop: runs of plain bytes are copied whole (the renderer
// escapes every variable of every page through here).
template <bool drop_xml_forbidden>
void append_escaped(std::string& out, std::string_view text) {
    const char* p = text.data();
    const char* end = p + text.size();
    auto plain = [](char c) {
        if (c == '&' || c == '<' || c == '>' || c == '"' || c == '\'') return false;
        if constexpr (drop_xml_forbidden)
            return !(static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r');
        return true;
    };
    while (p < end) {
        const char* run = p;
        while (p < end && plain(*p)) ++p;
        out.append(run, static_cast<std::size_t>(p - run));
        if (p == end) break;
        switch (*p) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            default: break;  // a character XML forbids: dropped
        }
        ++p;
    }
}

}  // namespace

void append_html_escaped(std::string& out, std::string_view text) { append_escaped<false>(out, text); }

std::string html_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    append_escaped<false>(out, text);
    return out;
}

std::string xml_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    append_escaped<true>(out, text);
    return out;
}

std::string json_string(std::string_view text) {
    std::string out = "\"";
    out.reserve(text.size() + 8);
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '"': out += "\\\""; continue;
        case '\\': out += "\\\\"; continue;
        case '\n': out += "\\n"; continue;
        case '\r': out += "\\r"; continue;
        case '\t': out += "\\t"; continue;
        default: break;
        }
        // U+2028 and U+2029 are E2 80 A8 / E2 80 A9 in UTF-8.
        if (u == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
            (static_cast<unsigned char>(text[i + 2]) == 0xA8 || static_cast<unsigned char>(text[i + 2]) == 0xA9)) {
            out += static_cast<unsigned char>(text[i + 2]) == 0xA8 ? "\\u2028" : "\\u2029";
            i += 2;
            continue;
        }
        if (u < 0x20 || c == '<' || c == '>' || c == '&') {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", u);
            out += buf;
            continue;
        }
        out += c;
    }
    out += '"';
    return out;
}

std::string ris_value(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        auto u = static_cast<unsigned char>(c);
        if (c == '\n' || c == '\r' || c == '\t') c = ' ';
        else if (u < 0x20 || u == 0x7F) continue;
        if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
        out += c;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

}  // namespace vitae
