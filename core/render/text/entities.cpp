#include "render/text/entities.hpp"

#include <charconv>
#include <cstdint>
#include <utility>

#include "base/utf8.hpp"

namespace vitae {

CharacterReference character_reference(std::string_view text, std::size_t at) {
    auto semi = text.find(';', at);
    if (semi == std::string_view::npos || semi - at > 10) return {};
    std::string_view name = text.substr(at + 1, semi - at - 1);
    std::size_t length = semi + 1 - at;
    static constexpr std::pair<std::string_view, std::string_view> named[] = {
        {"amp", "&"}, {"lt", "<"}, {"gt", ">"}, {"quot", "\""}, {"apos", "'"}, {"nbsp", " "},
        {"ndash", "–"}, {"mdash", "—"}, {"hellip", "…"}, {"rsquo", "’"}, {"lsquo", "‘"}, {"rdquo", "”"}, {"ldquo", "“"}};
    for (auto [entity, value] : named)
        if (name == entity) return {std::string(value), length};
    if (name.size() < 2 || name[0] != '#') return {};
    bool hex = name[1] == 'x' || name[1] == 'X';
    std::uint32_t cp = 0;
    auto digits = name.substr(hex ? 2 : 1);
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), cp, hex ? 16 : 10);
    if (ec != std::errc() || end != digits.data() + digits.size() || cp == 0 || cp > 0x10FFFF ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return {};
    std::string out;
    append_utf8(out, static_cast<char32_t>(cp));
    return {out, length};
}

}  // namespace vitae
