// Text folded for comparing, never for showing: two spellings of a name or
// a title that differ only in case, accents or typographic spaces, hyphens
// and apostrophes fold to the same bytes. Latin letters lose their accents
// (U+00C0..U+017F and the Romanian, Pinyin and Vietnamese letters of Latin
// Extended-B), other scripts stay as they are, and a byte that is not UTF-8
// stays too, so nothing is lost for comparing. Names (store/model's
// owner_names) and titles (work_identity) fold here.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace vitae {

// "Ångström O’Brien" -> "angstrom o'brien".
std::string fold_for_comparing(std::string_view text);

// One code point read from UTF-8: a byte that starts no valid sequence is
// `not_utf8 + byte`, one byte long (so a reader keeps it as it is).
struct CodePoint {
    char32_t value;
    std::size_t length;
};
inline constexpr char32_t not_utf8 = 0x110000;
CodePoint code_point_at(std::string_view text, std::size_t at);

}  // namespace vitae
