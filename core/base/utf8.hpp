// UTF-8 as RFC 3629 defines it: what a request path, a BibTeX file or a
// message must be before it is used as text; and where a character starts,
// so that a cut or a quote never splits one.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace vitae {

// Rejects overlong forms, surrogates and code points past U+10FFFF.
bool is_valid_utf8(std::string_view text);

// One code point as UTF-8 (the caller keeps it a valid scalar value).
inline void append_utf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// The bytes of the UTF-8 sequence `lead` starts; 1 for ASCII and for a byte
// that starts none (a stray continuation byte is one unit on its own).
inline std::size_t utf8_sequence_length(unsigned char lead) {
    if (lead < 0x80) return 1;
    if ((lead >> 5) == 0x6) return 2;
    if ((lead >> 4) == 0xE) return 3;
    if ((lead >> 3) == 0x1E) return 4;
    return 1;
}

// The whole character that starts at byte `at` (empty at the end): what a
// message quotes when it says "found 'x'".
inline std::string_view utf8_char_at(std::string_view text, std::size_t at) {
    if (at >= text.size()) return {};
    return text.substr(at, utf8_sequence_length(static_cast<unsigned char>(text[at])));
}

// At most `max_bytes` of `text`, cut where a character starts, never inside one.
inline std::string_view utf8_prefix(std::string_view text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return text;
    std::size_t end = max_bytes;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    return text.substr(0, end);
}

}  // namespace vitae
