#include "render/text/accessibility.hpp"

#include <algorithm>
#include <optional>

#include "base/text.hpp"
#include "render/text/html_text.hpp"

namespace vitae {

namespace {

struct RuleText {
    AccessibilityRule rule;
    std::string_view name;
    std::string_view fix;
};

constexpr RuleText rule_texts[] = {
    {AccessibilityRule::image_description, "image-description",
     "say what the picture shows: ![what it shows](file) in Markdown, `vitae add file --alt TEXT`, or mark it "
     "decorative (--decorative; in a body <img src=\"...\" alt=\"\">)"},
    {AccessibilityRule::empty_link, "empty-link",
     "give the link words and a target ([words](https://...)); the page shows it without the link meanwhile"},
    {AccessibilityRule::heading_jump, "heading-jump",
     "use the next heading level (## under #, ### under ##): headings are the outline a screen reader jumps by"},
    {AccessibilityRule::unknown_script, "unknown-script",
     "say which language the text is in: <span lang=\"zh\">...</span> (zh, ja, ar, fa, ru, hi...)"},
    {AccessibilityRule::vague_link_text, "vague-link-text",
     "make the link's words say where it goes ([the slides](...), not [here](...))"},
    {AccessibilityRule::bare_url_link, "bare-url-link",
     "give the link words ([the dataset](https://...)): a screen reader spells a URL out letter by letter"},
};

const RuleText& text_of_rule(AccessibilityRule rule) {
    for (const auto& t : rule_texts)
        if (t.rule == rule) return t;
    return rule_texts[0];
}

// ---- headings -----------------------------------------------------------

// The level of an <hN ...> (open) or </hN> (close) tag at `at`, else 0.
int heading_tag_level(std::string_view html, std::size_t at, bool closing) {
    std::size_t digit = at + (closing ? 3 : 2);
    if (digit + 1 >= html.size() || html.compare(at, closing ? 3 : 2, closing ? "</h" : "<h") != 0) return 0;
    char d = html[digit];
    char after = html[digit + 1];
    if (d < '1' || d > '6') return 0;
    if (closing ? after != '>' : (after != '>' && after != ' ')) return 0;
    return d - '0';
}

std::string shift_headings(std::string_view html, std::vector<AccessibilityFinding>& findings) {
    std::vector<std::pair<std::size_t, int>> opens;  // where, level
    int lowest = 7;
    for (std::size_t at = html.find("<h"); at != std::string_view::npos; at = html.find("<h", at + 2))
        if (int level = heading_tag_level(html, at, false)) {
            opens.emplace_back(at, level);
            lowest = std::min(lowest, level);
        }
    int shift = lowest < 2 ? 2 - lowest : 0;
    std::string out(html);
    if (shift > 0)
        for (std::size_t at = 0; at < out.size(); ++at) {
            if (out[at] != '<') continue;
            bool closing = at + 1 < out.size() && out[at + 1] == '/';
            if (int level = heading_tag_level(out, at, closing))
                out[at + (closing ? 3 : 2)] = static_cast<char>('0' + std::min(6, level + shift));
        }
    int previous = 1;  // the page's own h1
    for (auto [at, level] : opens) {
        int shown = std::min(6, level + shift);
        if (shown > previous + 1) {
            auto close = html.find("</h", at);
            auto open_end = html.find('>', at);
            std::string text = close == std::string_view::npos || open_end > close
                                   ? std::string()
                                   : strip_tags(html.substr(open_end + 1, close - open_end - 1), TagText::plain);
            findings.push_back({AccessibilityRule::heading_jump, "h" + std::to_string(previous) + " then h" +
                                                                     std::to_string(shown) + " \"" + text + "\""});
        }
        previous = shown;
    }
    return out;
}

// ---- links --------------------------------------------------------------

// The value of attribute `name` in the tag `tag` ("<a href=\"x\" ...>"), or
// nullopt when the tag has none. Values are double-quoted: body HTML is
// written by cmark or by the sanitizer, which both quote.
std::optional<std::string_view> attribute_in_tag(std::string_view tag, std::string_view name) {
    std::string key = " " + std::string(name) + "=\"";
    auto at = tag.find(key);
    if (at == std::string_view::npos) {
        // A boolean attribute or one written without a value.
        std::string bare = " " + std::string(name);
        auto b = tag.find(bare);
        if (b != std::string_view::npos && b + bare.size() < tag.size() &&
            (tag[b + bare.size()] == ' ' || tag[b + bare.size()] == '>' || tag[b + bare.size()] == '/'))
            return std::string_view();
        return std::nullopt;
    }
    auto begin = at + key.size();
    auto end = tag.find('"', begin);
    if (end == std::string_view::npos) return std::nullopt;
    return tag.substr(begin, end - begin);
}

// Words that say nothing of where a link goes, in the site's shipped
// languages where a short list is clear.
constexpr std::string_view vague_words[] = {
    "here", "click here", "link", "this", "this link", "more", "read more", "click", "go",
    "hier", "hier klicken", "ici", "cliquez ici", "lien", "aquí", "aqui", "haga clic aquí", "enlace",
    "clique aqui", "这里", "點擊這裡", "点击这里", "ここ", "여기"};

bool is_vague_link_text(std::string_view text) {
    std::string t = ascii_lower(trim(text));
    while (!t.empty() && (t.back() == '.' || t.back() == ':' || t.back() == '!')) t.pop_back();
    return std::find(std::begin(vague_words), std::end(vague_words), trim(t)) != std::end(vague_words);
}

bool looks_like_url(std::string_view text) {
    std::string t = ascii_lower(trim(text));
    return t.starts_with("http://") || t.starts_with("https://") || t.starts_with("www.");
}

// The name a reader hears for a link's content: its text, else a
// picture's alt.
std::string link_content_name(std::string_view content) {
    std::string text(trim(strip_tags(content, TagText::plain)));
    for (std::size_t at = content.find("<img"); text.empty() && at != std::string_view::npos;
         at = content.find("<img", at + 4)) {
        auto end = content.find('>', at);
        auto alt = attribute_in_tag(content.substr(at, end == std::string_view::npos ? end : end - at + 1), "alt");
        if (alt && !trim(*alt).empty()) text = std::string(trim(*alt));
    }
    return text;
}

bool is_link_open(std::string_view html, std::size_t at) {
    return html.compare(at, 2, "<a") == 0 && at + 2 < html.size() && (html[at + 2] == ' ' || html[at + 2] == '>');
}

std::string check_links(std::string_view html, std::vector<AccessibilityFinding>& findings) {
    std::string out;
    std::size_t from = 0;
    for (std::size_t at = html.find("<a"); at != std::string_view::npos; at = html.find("<a", at + 2)) {
        if (!is_link_open(html, at)) continue;
        auto open_end = html.find('>', at);
        auto close = html.find("</a>", at);
        if (open_end == std::string_view::npos || close == std::string_view::npos || close < open_end) break;
        std::string_view tag = html.substr(at, open_end - at + 1);
        std::string_view content = html.substr(open_end + 1, close - open_end - 1);
        auto href = attribute_in_tag(tag, "href");
        if (!href) continue;  // an anchor to link to, not a link
        std::string name = link_content_name(content);
        auto label = attribute_in_tag(tag, "aria-label");
        bool named = !name.empty() || (label && !trim(*label).empty());
        bool no_target = trim(*href).empty();
        if (no_target || !named) {
            findings.push_back({AccessibilityRule::empty_link,
                                no_target ? "a link to nothing: \"" + name + "\""
                                          : "a link with no text to \"" + std::string(*href) + "\""});
            out.append(html.substr(from, at - from));
            if (no_target) out.append(content);  // its words stay, as text
            from = close + 4;
            at = close;
            continue;
        }
        if (name.empty()) continue;  // named by aria-label alone
        if (is_vague_link_text(name))
            findings.push_back({AccessibilityRule::vague_link_text, "\"" + name + "\" -> " + std::string(*href)});
        else if (looks_like_url(name))
            findings.push_back({AccessibilityRule::bare_url_link, "\"" + name + "\""});
        at = close;
    }
    out.append(html.substr(from));
    return out;
}

// ---- scripts ------------------------------------------------------------

enum class Script { common, latin, greek, cyrillic, hebrew, arabic, devanagari, thai, hangul, kana, han };

Script script_of(char32_t c) {
    if (c < 0x80) return is_ascii_letter(static_cast<char>(c)) ? Script::latin : Script::common;
    if ((c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7) || (c >= 0x1E00 && c <= 0x1EFF)) return Script::latin;
    if ((c >= 0x370 && c <= 0x3FF) || (c >= 0x1F00 && c <= 0x1FFF)) return Script::greek;
    if (c >= 0x400 && c <= 0x52F) return Script::cyrillic;
    if (c >= 0x5D0 && c <= 0x5FF) return Script::hebrew;  // letters; the points above 0x590 are marks
    if ((c >= 0x620 && c <= 0x64A) || (c >= 0x66E && c <= 0x6D3) || (c >= 0x750 && c <= 0x77F) ||
        (c >= 0x8A0 && c <= 0x8FF) || (c >= 0xFB50 && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFF))
        return Script::arabic;
    if (c >= 0x900 && c <= 0x97F) return Script::devanagari;
    if (c >= 0xE00 && c <= 0xE7F) return Script::thai;
    if ((c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F) || (c >= 0xAC00 && c <= 0xD7AF))
        return Script::hangul;
    if ((c >= 0x3041 && c <= 0x30FA) || (c >= 0x30FC && c <= 0x30FF) || (c >= 0x31F0 && c <= 0x31FF) ||
        (c >= 0xFF66 && c <= 0xFF9F))
        return Script::kana;
    if ((c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) ||
        (c >= 0x20000 && c <= 0x2FFFF))
        return Script::han;
    return Script::common;
}

using ScriptSet = unsigned;
constexpr ScriptSet bit(Script s) { return 1u << static_cast<unsigned>(s); }

// The scripts a page in `lang` is written in; Latin is never foreign (a
// name or a term in Latin letters is common in every language's pages).
ScriptSet native_scripts(std::string_view lang) {
    std::string primary = ascii_lower(lang.substr(0, lang.find('-')));
    constexpr std::pair<std::string_view, ScriptSet> table[] = {
        {"zh", bit(Script::han)},
        {"ja", bit(Script::han) | bit(Script::kana)},
        {"ko", bit(Script::hangul) | bit(Script::han)},
        {"ar", bit(Script::arabic)}, {"fa", bit(Script::arabic)}, {"ur", bit(Script::arabic)}, {"ps", bit(Script::arabic)},
        {"he", bit(Script::hebrew)}, {"yi", bit(Script::hebrew)},
        {"el", bit(Script::greek)},
        {"ru", bit(Script::cyrillic)}, {"uk", bit(Script::cyrillic)}, {"bg", bit(Script::cyrillic)},
        {"sr", bit(Script::cyrillic)}, {"be", bit(Script::cyrillic)}, {"mk", bit(Script::cyrillic)},
        {"kk", bit(Script::cyrillic)},
        {"hi", bit(Script::devanagari)}, {"mr", bit(Script::devanagari)}, {"ne", bit(Script::devanagari)},
        {"th", bit(Script::thai)},
    };
    ScriptSet set = bit(Script::latin) | bit(Script::common);
    for (auto [code, scripts] : table)
        if (code == primary) set |= scripts;
    return set;
}

// The language a run of foreign letters is in when its scripts say so;
// "" when they do not (Han alone: Chinese or Japanese; Arabic: Arabic,
// Persian or Urdu; Cyrillic; Devanagari: Hindi, Marathi, Nepali...).
std::string_view language_of_run(ScriptSet scripts) {
    ScriptSet han = bit(Script::han);
    if ((scripts & ~han) == bit(Script::kana)) return "ja";
    if ((scripts & ~han) == bit(Script::hangul)) return "ko";
    if (scripts == bit(Script::hebrew)) return "he";
    if (scripts == bit(Script::thai)) return "th";
    if (scripts == bit(Script::greek)) return "el";
    return "";
}

std::string_view script_name(ScriptSet scripts) {
    constexpr std::pair<Script, std::string_view> names[] = {
        {Script::han, "Han"}, {Script::arabic, "Arabic"}, {Script::cyrillic, "Cyrillic"},
        {Script::devanagari, "Devanagari"}, {Script::greek, "Greek"}, {Script::hebrew, "Hebrew"}};
    for (auto [s, name] : names)
        if (scripts == bit(s)) return name;
    return "mixed scripts";
}

char32_t decode_at(std::string_view text, std::size_t at, std::size_t& length) {
    auto lead = static_cast<unsigned char>(text[at]);
    length = std::min(utf8_sequence_length(lead), text.size() - at);
    if (length == 1) return lead < 0x80 ? lead : 0xFFFD;
    char32_t cp = lead & (0x7F >> length);
    for (std::size_t i = 1; i < length; ++i) cp = (cp << 6) | (static_cast<unsigned char>(text[at + i]) & 0x3F);
    return cp;
}

// One text node's worth (between two tags) with its foreign runs wrapped.
struct ScriptRuns {
    ScriptSet native;
    std::vector<AccessibilityFinding>& findings;
    std::string& out;

    void close_run(std::string_view run, ScriptSet scripts, int letters) {
        if (scripts == bit(Script::greek) && letters < 2) {  // a symbol: α, μ
            out.append(run);
            return;
        }
        std::string_view lang = language_of_run(scripts);
        if (lang.empty()) {
            findings.push_back({AccessibilityRule::unknown_script, std::string(script_name(scripts)) + " \"" +
                                                                       std::string(utf8_prefix(run, 60)) + "\""});
            out.append(run);
            return;
        }
        out += "<span lang=\"" + std::string(lang) + "\"" + (lang == "he" ? " dir=\"rtl\"" : "") + ">";
        out.append(run);
        out += "</span>";
    }

    void scan(std::string_view text) {
        std::size_t copied = 0, run_begin = 0, run_end = 0;
        ScriptSet scripts = 0;
        int letters = 0;
        auto flush = [&] {
            if (scripts == 0) return;
            out.append(text.substr(copied, run_begin - copied));
            close_run(text.substr(run_begin, run_end - run_begin), scripts, letters);
            copied = run_end;
            scripts = 0;
            letters = 0;
        };
        for (std::size_t at = 0, length = 1; at < text.size(); at += length) {
            Script s = script_of(decode_at(text, at, length));
            if (s == Script::common) continue;
            if (native & bit(s)) {
                flush();
                continue;
            }
            // A run is one script, or Han with Kana or Hangul (Japanese, Korean):
            // "שלום, ไทย" is two runs.
            constexpr ScriptSet cjk = bit(Script::han) | bit(Script::kana) | bit(Script::hangul);
            bool joins = (scripts & bit(s)) || ((scripts | bit(s)) & ~cjk) == 0;
            if (scripts != 0 && !joins) flush();
            if (scripts == 0) run_begin = at;
            scripts |= bit(s);
            ++letters;
            run_end = at + length;
        }
        flush();
        out.append(text.substr(copied));
    }
};

// Elements whose text is not prose in the page's language: code, math.
constexpr std::string_view not_prose[] = {"code", "pre", "kbd", "samp", "math", "script", "style"};

std::string tag_name_of(std::string_view tag) {
    std::size_t begin = tag.starts_with("</") ? 2 : 1;
    std::size_t end = begin;
    while (end < tag.size() && tag[end] != ' ' && tag[end] != '>' && tag[end] != '/' && tag[end] != '\n') ++end;
    return ascii_lower(tag.substr(begin, end - begin));
}

std::string mark_scripts(std::string_view html, std::string_view page_lang, std::vector<AccessibilityFinding>& findings) {
    std::string out;
    ScriptRuns runs{native_scripts(page_lang), findings, out};
    std::string skipped;  // the element whose content is left alone, while inside it
    int depth = 0;
    std::size_t at = 0;
    while (at < html.size()) {
        auto open = html.find('<', at);
        std::string_view text = html.substr(at, open == std::string_view::npos ? std::string_view::npos : open - at);
        if (skipped.empty()) runs.scan(text);
        else out.append(text);
        if (open == std::string_view::npos) break;
        auto close = html.find('>', open);
        if (close == std::string_view::npos) close = html.size() - 1;
        std::string_view tag = html.substr(open, close - open + 1);
        out.append(tag);
        at = close + 1;
        if (tag.starts_with("<!") || tag.starts_with("<?")) continue;
        std::string name = tag_name_of(tag);
        bool closing = tag.starts_with("</");
        bool self_closing = tag.ends_with("/>") || name == "br" || name == "hr" || name == "img" || name == "source" ||
                            name == "input" || name == "wbr" || name == "col" || name == "mspace";
        if (name == "img" && !attribute_in_tag(tag, "alt")) {
            auto src = attribute_in_tag(tag, "src");
            findings.push_back({AccessibilityRule::image_description, "<img src=\"" + std::string(src.value_or("")) + "\">"});
        }
        if (!skipped.empty()) {
            if (name == skipped && !self_closing) depth += closing ? -1 : 1;
            if (depth == 0) skipped.clear();
            continue;
        }
        if (closing || self_closing) continue;
        bool prose = std::find(std::begin(not_prose), std::end(not_prose), name) == std::end(not_prose);
        if (!prose || attribute_in_tag(tag, "lang")) {
            skipped = name;
            depth = 1;
        }
    }
    return out;
}

}  // namespace

std::string_view rule_name(AccessibilityRule rule) { return text_of_rule(rule).name; }
std::string_view rule_fix(AccessibilityRule rule) { return text_of_rule(rule).fix; }

AccessibleHtml accessible_html(std::string_view html, std::string_view page_lang) {
    AccessibleHtml result;
    std::string headed = shift_headings(html, result.findings);
    std::string linked = check_links(headed, result.findings);
    result.html = mark_scripts(linked, page_lang, result.findings);
    return result;
}

std::string picture_description_problem(std::string_view alt, bool decorative) {
    if (decorative && !trim(alt).empty())
        return "a picture is either described (--alt) or decorative (--decorative), not both";
    if (decorative || !trim(alt).empty()) return {};
    return "a picture needs a description of what it shows for readers who cannot see it (--alt TEXT), "
           "or --decorative when it shows nothing a reader needs";
}

}  // namespace vitae
