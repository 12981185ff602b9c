#include "bibtex/field_markup.hpp"

#include "base/text.hpp"
#include "render/cite/latex.hpp"
#include "render/text/entities.hpp"

namespace vitae {

namespace {

// Tags dropped with their text kept (lower case; "mml:" ones by prefix).
constexpr std::string_view plain_tags[] = {"i",  "b",    "em",   "strong", "u",    "span", "scp", "sc",   "small",
                                           "p",  "div",  "br",   "a",      "font", "italic", "bold", "jats:p",
                                           "jats:italic", "jats:bold", "jats:sub", "jats:sup", "title", "abstract"};

bool is_tag_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ':' || c == '-';
}

// At `at` ('<'): a tag of one of the names we know, as {name, length}; else length 0.
std::pair<std::string, std::size_t> known_tag(std::string_view text, std::size_t at) {
    std::size_t i = at + 1;
    if (i < text.size() && text[i] == '/') ++i;
    std::size_t start = i;
    while (i < text.size() && is_tag_name_char(text[i])) ++i;
    std::string name = ascii_lower(text.substr(start, i - start));
    auto close = text.find('>', i);
    if (name.empty() || close == std::string_view::npos) return {"", 0};
    if (i < close && text[i] != ' ' && text[i] != '/') return {"", 0};  // "<Top-k>" has no such shape
    bool known = name == "inline-formula" || name == "tex-math" || name == "sub" || name == "sup" ||
                 name.starts_with("mml:");
    for (auto tag : plain_tags) known = known || name == tag;
    if (!known) return {"", 0};
    if (text[at + 1] == '/') name.insert(name.begin(), '/');
    return {name, close + 1 - at};
}

// At `at` ('&'): a character reference, as the text it stands for and its
// length (0 if none); a literal ampersand as the LaTeX reader wants it.
std::pair<std::string, std::size_t> latex_character_reference(std::string_view text, std::size_t at) {
    auto reference = character_reference(text, at);
    if (reference.text == "&") reference.text = "\\&";
    return {reference.text, reference.length};
}

// Whether `so_far` (markup already resolved) ends inside a <tex-math>
// element: the math there is the producer's XML text, its references meant.
bool inside_tex_math(std::string_view so_far) {
    std::string lower = ascii_lower(so_far);
    auto open = lower.rfind("<tex-math"), close = lower.rfind("</tex-math");
    return open != std::string::npos && (close == std::string::npos || close < open);
}

// At `at`: the length of what is kept as written, for both passes: a math
// span (TeX, where "<" is less-than and "&" an alignment: the export writes
// math as the owner did) outside the producer's <tex-math>, or a control
// symbol ("\&" is TeX's ampersand, "\$" a dollar); 0 for anything else.
std::size_t kept_as_written(std::string_view text, std::size_t at, std::string_view so_far) {
    if (text[at] == '\\' && at + 1 < text.size() && text[at + 1] != '(') return 2;
    if (text[at] != '$' && text[at] != '\\') return 0;
    std::size_t math = tex_math_length(text, at);
    return math > 0 && !inside_tex_math(so_far) ? math : 0;
}

}  // namespace

ResolvedMarkup resolve_field_markup(std::string_view raw) {
    bool changed = false;
    // ACM writes the markup escaped: &lt;inline-formula&gt;... Resolve references first.
    std::string text;
    for (std::size_t i = 0; i < raw.size();) {
        if (std::size_t kept = kept_as_written(raw, i, text); kept > 0) {
            text += raw.substr(i, kept);
            i += kept;
            continue;
        }
        if (raw[i] == '&') {
            if (auto [value, length] = latex_character_reference(raw, i); length > 0) {
                // &lt; and &gt; stay markup-like only inside what is then read as tags below.
                text += value;
                i += length;
                changed = true;
                continue;
            }
        }
        text += raw[i++];
    }
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        if (std::size_t kept = kept_as_written(text, i, out); kept > 0) {
            out += text.substr(i, kept);
            i += kept;
            continue;
        }
        if (text[i] != '<') {
            out += text[i++];
            continue;
        }
        auto [name, length] = known_tag(text, i);
        if (length == 0) {
            out += text[i++];
            continue;
        }
        changed = true;
        i += length;
        if (name == "tex-math") {
            // The TeX inside is the math; IEEE writes it with $...$, some without.
            auto close = ascii_lower(text).find("</tex-math>", i);
            if (close == std::string::npos) continue;
            auto math = trim(std::string_view(text).substr(i, close - i));
            bool delimited = math.starts_with('$') || math.starts_with("\\(");
            out += delimited ? std::string(math) : "$" + std::string(math) + "$";
            i = close + 11;
        } else if (name == "sub" || name == "sup") {
            // <sub>2</sub> -> $_{2}$: the closing tag closes the group.
            auto close = text.find("</" + name + ">", i);
            if (close == std::string::npos) continue;
            out += std::string("$") + (name == "sub" ? "_{" : "^{") + text.substr(i, close - i) + "}$";
            i = close + name.size() + 3;
        }
    }
    return {.text = std::move(out), .changed = changed};
}

}  // namespace vitae
