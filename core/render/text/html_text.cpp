#include "render/text/html_text.hpp"

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

// Where the element opened by a <script>, <style> or <annotation> tag ends (after its close tag).
std::size_t skip_raw_text(std::string_view html, std::size_t from, std::string_view name) {
    for (auto at = html.find("</", from); at != std::string_view::npos; at = html.find("</", at + 2))
        if (equals_ignoring_case(html.substr(at + 2, name.size()), name)) {
            auto end = html.find('>', at);
            return end == std::string_view::npos ? html.size() : end + 1;
        }
    return html.size();
}

// The text as it is put together: as written, or (plain) with whitespace folded.
class TextOut {
public:
    explicit TextOut(bool fold) : fold_(fold) {}
    void put(std::string_view text) {
        if (!fold_) {
            out_ += text;
            return;
        }
        for (char c : text) {
            if (is_blank(c)) {
                space_ = true;
                continue;
            }
            if (space_ && !out_.empty()) out_ += ' ';
            space_ = false;
            out_ += c;
        }
    }
    void word_break() { space_ = true; }
    std::string take() { return std::move(out_); }

private:
    bool fold_;
    bool space_ = false;
    std::string out_;
};

}  // namespace

std::string strip_tags(std::string_view html, TagText variant) {
    TextOut out(variant == TagText::plain);
    for (std::size_t i = 0; i < html.size();) {
        char c = html[i];
        if (c == '<') {
            auto end = html.find('>', i);
            if (end == std::string_view::npos) break;  // a cut tag shows nothing
            std::string_view tag = html.substr(i + 1, end - i - 1);
            std::string_view name = tag_name(tag);
            i = end + 1;
            if (tag.starts_with('!') || tag.starts_with('?')) continue;  // a comment, a doctype
            if (variant != TagText::plain) continue;
            if (breaks_words(name)) out.word_break();
            // A formula's TeX annotation is its source, not its text (the MathML around it is).
            if (!tag.starts_with('/') && (equals_ignoring_case(name, "script") || equals_ignoring_case(name, "style") ||
                                          equals_ignoring_case(name, "annotation")))
                i = skip_raw_text(html, i, name);
            continue;
        }
        if (c == '&' && variant == TagText::heading_id) {
            auto end = html.find(';', i);
            if (end == std::string_view::npos) break;
            i = end + 1;  // &amp; &lt; &quot;…: punctuation, which an id drops anyway
            continue;
        }
        if (c == '&' && variant == TagText::plain) {
            if (auto reference = character_reference(html, i); reference.length > 0) {
                out.put(reference.text);
                i += reference.length;
                continue;
            }
        }
        out.put(html.substr(i, 1));
        ++i;
    }
    return out.take();
}

}  // namespace vitae
