#include "render/text/page_text.hpp"

#include "base/text.hpp"
#include "render/text/entities.hpp"

namespace vitae {

namespace {

// Tags that end a word: a block, a line break, a cell, a picture. Inline
// ones (<em>, <a>, <span>, <math> and MathML's) join the text around them as
// written: "the <math>…</math>-axis" is one word.
bool breaks_words(std::string_view name) {
    static constexpr std::string_view blocks[] = {
        "p",  "br", "div", "li", "ul",  "ol",  "dd",     "dt",         "dl",      "tr",       "td",     "th",
        "h1", "h2", "h3",  "h4", "h5",  "h6",  "hr",     "blockquote", "pre",     "table",    "figure", "figcaption",
        "section", "article", "header", "footer", "aside", "nav", "img", "picture", "source",
    };
    for (auto block : blocks)
        if (equals_ignoring_case(name, block)) return true;
    return false;
}

// The tag's name, without '/' and attributes.
std::string_view tag_name(std::string_view tag) {
    if (tag.starts_with('/')) tag.remove_prefix(1);
    std::size_t end = 0;
    while (end < tag.size() && !is_blank(tag[end]) && tag[end] != '/' && tag[end] != '>') ++end;
    return tag.substr(0, end);
}

// Where the element opened by a <script> or <style> tag ends (after its close tag).
std::size_t skip_raw_text(std::string_view html, std::size_t from, std::string_view name) {
    for (auto at = html.find("</", from); at != std::string_view::npos; at = html.find("</", at + 2))
        if (equals_ignoring_case(html.substr(at + 2, name.size()), name)) {
            auto end = html.find('>', at);
            return end == std::string_view::npos ? html.size() : end + 1;
        }
    return html.size();
}

}  // namespace

std::string plain_text_of_html(std::string_view html) {
    std::string out;
    bool space = false;
    auto put = [&](std::string_view text) {
        for (char c : text) {
            if (is_blank(c)) {
                space = true;
                continue;
            }
            if (space && !out.empty()) out += ' ';
            space = false;
            out += c;
        }
    };
    for (std::size_t i = 0; i < html.size();) {
        char c = html[i];
        if (c == '<') {
            auto end = html.find('>', i);
            if (end == std::string_view::npos) break;  // a cut tag shows nothing
            std::string_view tag = html.substr(i + 1, end - i - 1);
            std::string_view name = tag_name(tag);
            i = end + 1;
            if (tag.starts_with('!') || tag.starts_with('?')) continue;  // a comment, a doctype
            if (breaks_words(name)) space = true;
            // A formula's TeX annotation is its source, not its text (the MathML around it is).
            if (!tag.starts_with('/') && (equals_ignoring_case(name, "script") || equals_ignoring_case(name, "style") ||
                                          equals_ignoring_case(name, "annotation")))
                i = skip_raw_text(html, i, name);
            continue;
        }
        if (c == '&') {
            if (auto reference = character_reference(html, i); reference.length > 0) {
                put(reference.text);
                i += reference.length;
                continue;
            }
        }
        put(html.substr(i, 1));
        ++i;
    }
    return out;
}

std::string cut_at_word(std::string_view text, std::size_t max_chars) {
    text = trim(text);
    // The bytes of the first max_chars - 1 characters: one is kept for the ellipsis.
    std::size_t chars = 0, limit = 0, at = 0;
    for (; at < text.size(); ++chars) {
        if (chars + 1 == max_chars) limit = at;
        at += utf8_sequence_length(static_cast<unsigned char>(text[at]));
    }
    if (chars <= max_chars) return std::string(text);
    std::string_view head = text.substr(0, limit);
    if (!is_blank(text[limit]))  // the cut is inside a word: back to its start, unless it is the first
        if (auto space = head.find_last_of(' '); space != std::string_view::npos) head = head.substr(0, space);
    head = trim(head);
    while (!head.empty() && (head.back() == ',' || head.back() == ';' || head.back() == ':')) head = trim(head.substr(0, head.size() - 1));
    return std::string(head) + "…";
}

std::string description_of_html(std::string_view html, std::size_t max_chars) {
    return cut_at_word(plain_text_of_html(html), max_chars);
}

}  // namespace vitae
