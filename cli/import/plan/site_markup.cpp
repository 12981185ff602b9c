#include "cli/import/plan/site_markup.hpp"

#include <algorithm>
#include <map>
#include <regex>

#include "base/text.hpp"
#include "base/utf8.hpp"

namespace vitae::cli {

namespace {

int markup_line(std::string_view text, std::size_t offset, int first_line) {
    return first_line + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

bool markup_fence(std::string_view line) {
    std::string_view t = trim(line);
    return t.starts_with("```") || t.starts_with("~~~");
}

// A tag's name and arguments: positional ("note", "abc123") and named (src="x.png", id=abc).
struct TagArgs {
    std::string name;
    std::vector<std::string> positional;
    std::map<std::string, std::string> named;
    std::string get(const char* key, std::size_t position = 99) const {
        if (auto it = named.find(key); it != named.end()) return it->second;
        return position < positional.size() ? positional[position] : std::string();
    }
};

TagArgs tag_args(std::string_view inner) {
    TagArgs out;
    std::size_t i = 0;
    auto skip = [&] { while (i < inner.size() && is_blank(inner[i])) ++i; };
    auto token = [&]() -> std::string {
        skip();
        if (i >= inner.size()) return {};
        char q = inner[i];
        if (q == '"' || q == '\'' || q == '`') {
            std::size_t end = inner.find(q, i + 1);
            if (end == std::string_view::npos) end = inner.size();
            std::string value(inner.substr(i + 1, end - i - 1));
            i = std::min(end + 1, inner.size());
            return value;
        }
        std::size_t start = i;
        while (i < inner.size() && !is_blank(inner[i]) && inner[i] != '=') ++i;
        return std::string(inner.substr(start, i - start));
    };
    out.name = ascii_lower(token());
    while (true) {
        skip();
        if (i >= inner.size()) break;
        std::size_t before = i;
        std::string word = token();
        skip();
        if (i < inner.size() && inner[i] == '=') {
            ++i;
            out.named[ascii_lower(word)] = token();
        } else if (!word.empty()) {
            out.positional.push_back(word);
        }
        if (i == before) ++i;  // never stuck on a stray character
    }
    return out;
}

std::string quoted_block(std::string_view label, std::string_view text) {
    std::string out = label.empty() ? "" : "> **" + std::string(label) + "**";
    std::string body(trim(text));
    if (!body.empty() && !out.empty()) out += "\n>\n";
    std::size_t pos = 0;
    while (pos <= body.size() && !body.empty()) {
        std::size_t eol = body.find('\n', pos);
        std::string_view line = std::string_view(body).substr(pos, eol == std::string::npos ? std::string::npos : eol - pos);
        out += line.empty() ? ">\n" : "> " + std::string(line) + "\n";
        if (eol == std::string::npos) break;
        pos = eol + 1;
    }
    while (out.ends_with('\n')) out.pop_back();
    return "\n\n" + out + "\n\n";
}

std::string capitalised(std::string word) {
    if (!word.empty() && word[0] >= 'a' && word[0] <= 'z') word[0] = static_cast<char>(word[0] - 'a' + 'A');
    return word;
}

std::string image_markdown(const std::string& src, std::string alt, const std::string& caption, const std::string& title) {
    if (alt.empty()) alt = !caption.empty() ? caption : title;
    std::string out = "![" + alt + "](" + src + (title.empty() ? "" : " \"" + title + "\"") + ")";
    if (!caption.empty()) out += "\n\n*" + caption + "*";
    return "\n\n" + out + "\n\n";
}

// Hugo's: blocks whose inner text is a quoted note; the key is the label's source.
bool is_callout(const std::string& name) {
    static constexpr std::string_view names[] = {"callout", "alert", "notice", "admonition", "hint", "note", "warning", "tip",
                                                 "info", "important", "caution", "danger", "details", "spoiler", "toggle",
                                                 "expand", "collapse", "blockquote", "quote", "aside", "box", "message"};
    return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

bool is_decoration(const std::string& name) {
    static constexpr std::string_view names[] = {"icon", "ai", "fa", "fab", "fas", "emoji", "param", "toc", "br", "hr",
                                                 "space", "spacer", "clear", "newline", "lead", "badge", "chart", "katex", "mathjax", "math"};
    return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

// What one shortcode becomes; `inner` is a paired one's converted content.
std::string shortcode_markdown(const TagArgs& a, const std::string* inner, std::string& what) {
    const std::string& n = a.name;
    if (n == "figure" || n == "fig" || n == "image" || n == "img") {
        what = "an image" + std::string(a.get("caption").empty() ? "" : ", its caption below");
        return image_markdown(a.get("src", 0), a.get("alt"), a.get("caption"), a.get("title"));
    }
    if (n == "youtube" || n == "vimeo" || n == "bilibili" || n == "video") {
        std::string id = a.get("id", 0);
        std::string url = n == "youtube" ? "https://www.youtube.com/watch?v=" + id
                          : n == "vimeo" ? "https://vimeo.com/" + id
                          : n == "bilibili" ? "https://www.bilibili.com/video/" + id : a.get("src", 0);
        what = "a link to the video";
        return "\n\n[" + (a.get("title").empty() ? "Video" : a.get("title")) + "](" + url + ")\n\n";
    }
    if (n == "gist") {
        what = "a link to the gist";
        return "\n\n[Gist](https://gist.github.com/" + a.get("user", 0) + "/" + a.get("id", 1) + ")\n\n";
    }
    if (n == "tweet" || n == "x" || n == "twitter") {
        what = "a link to the post";
        return "\n\n[Post on X](https://x.com/" + a.get("user", 0) + "/status/" + a.get("id", 1) + ")\n\n";
    }
    if (n == "ref" || n == "relref") {
        std::string path = a.get("path", 0);
        for (const char* ext : {"/index.md", "/_index.md", ".md"})
            if (path.ends_with(ext)) path.resize(path.size() - std::string_view(ext).size());
        what = "the page's address";
        return (path.starts_with('/') ? "" : "/") + path + "/";
    }
    if (n == "button" || n == "cta" || n == "link") {
        std::string text = inner ? std::string(trim(*inner)) : a.get("text", 1);
        if (text.empty()) text = a.get("label");
        what = "a link";
        return "[" + (text.empty() ? "Link" : text) + "](" + (a.get("href").empty() ? (a.get("url").empty() ? a.get("link", 0) : a.get("url")) : a.get("href")) + ")";
    }
    if (inner && (n == "highlight" || n == "code")) {
        what = "a fenced code block";
        std::string code = *inner;
        while (code.starts_with('\n')) code.erase(0, 1);
        while (code.ends_with('\n')) code.pop_back();
        return "\n```" + a.get("lang", 0) + "\n" + code + "\n```\n";
    }
    if (inner && (n == "math" || n == "katex" || n == "latex" || n == "mathjax")) {
        what = "display math";
        std::string t(trim(*inner));
        return t.starts_with("$$") || t.starts_with("\\[") ? "\n\n" + t + "\n\n" : "\n\n$$\n" + t + "\n$$\n\n";
    }
    if (inner && is_callout(n)) {
        std::string label = a.get("title");
        if (label.empty()) label = a.get("summary");
        if (label.empty()) label = a.get("type", 0);
        if (label.empty() && n != "blockquote" && n != "quote") label = n;
        what = "a block quote";
        return quoted_block(capitalised(label), *inner);
    }
    if (inner && (n == "rawhtml" || n == "html" || n == "raw" || n == "markdown" || n == "md" || n == "center")) {
        what = "its content kept";
        return *inner;
    }
    if (is_decoration(n)) {
        what = "decoration, removed";
        return {};
    }
    if (inner) {
        what = "not known here: its text kept, the tags removed";
        return *inner;
    }
    what = "not known here: removed";
    return {};
}

// The offset of the closing tag {{< /name >}} (or %) of a pair opened before `from`, npos when none.
std::pair<std::size_t, std::size_t> closing_tag(std::string_view body, std::size_t from, const std::string& name) {
    std::string rest(body.substr(from));
    int depth = 0;
    static const std::regex any("\\{\\{[<%]\\s*(/?)\\s*([A-Za-z0-9_./-]+)[^}]*?[>%]\\}\\}");
    for (auto it = std::sregex_iterator(rest.begin(), rest.end(), any); it != std::sregex_iterator(); ++it) {
        if (ascii_lower((*it)[2].str()) != name) continue;
        if ((*it)[1].str().empty()) ++depth;
        else if (depth-- == 0) return {from + static_cast<std::size_t>(it->position(0)), static_cast<std::size_t>(it->length(0))};
    }
    return {std::string_view::npos, 0};
}

std::string convert_shortcodes(std::string_view body, int first_line, std::size_t offset_in_file_body, std::string_view whole,
                               std::vector<MarkupNote>& notes) {
    std::string out;
    std::size_t pos = 0;
    bool fenced = false;
    while (pos < body.size()) {
        std::size_t open = std::min(body.find("{{<", pos), body.find("{{%", pos));
        // Fenced code between here and the tag is copied as written.
        std::size_t eol = body.find('\n', pos);
        if (eol != std::string_view::npos && eol < open) {
            std::string_view line = body.substr(pos, eol + 1 - pos);
            if (markup_fence(line)) fenced = !fenced;
            out += line;
            pos = eol + 1;
            continue;
        }
        if (open == std::string_view::npos || fenced) {
            std::size_t end = eol == std::string_view::npos ? body.size() : eol + 1;
            out += body.substr(pos, end - pos);
            pos = end;
            continue;
        }
        std::string_view closer = body[open + 2] == '<' ? ">}}" : "%}}";
        std::size_t close = body.find(closer, open + 3);
        if (close == std::string_view::npos) {
            out += body.substr(pos);
            break;
        }
        out += body.substr(pos, open - pos);
        std::string inner(trim(body.substr(open + 3, close - open - 3)));
        int line = markup_line(whole, offset_in_file_body + open, first_line);
        std::string tag(body.substr(open, close + 3 - open));
        pos = close + 3;
        if (inner.starts_with("/*") && inner.ends_with("*/")) {  // {{</* x */>}}: Hugo shows the tag itself
            out += std::string(body.substr(open, 3)) + " " + std::string(trim(std::string_view(inner).substr(2, inner.size() - 4))) +
                   " " + std::string(closer);
            continue;
        }
        if (inner.starts_with('/')) {  // a closing tag without its opening one
            notes.push_back({line, "Hugo shortcode " + tag + ": a closing tag alone; removed"});
            continue;
        }
        bool self_closed = inner.ends_with('/');
        if (self_closed) inner.pop_back();
        TagArgs args = tag_args(inner);
        auto [end_at, end_width] = self_closed ? std::pair{std::string_view::npos, std::size_t{0}} : closing_tag(body, pos, args.name);
        std::string what, converted;
        if (end_at != std::string_view::npos) {
            std::string content = convert_shortcodes(body.substr(pos, end_at - pos), first_line, offset_in_file_body + pos, whole, notes);
            converted = shortcode_markdown(args, &content, what);
            pos = end_at + end_width;
        } else {
            converted = shortcode_markdown(args, nullptr, what);
        }
        out += converted;
        notes.push_back({line, "Hugo shortcode " + std::string(utf8_prefix(tag, 80)) + ": " + what});
    }
    return out;
}

// Liquid's `key="value"` / `key=value` arguments of an include.
std::map<std::string, std::string> liquid_args(std::string_view text) {
    static const std::regex arg("([A-Za-z_][A-Za-z0-9_-]*)\\s*=\\s*(\"([^\"]*)\"|'([^']*)'|([^\\s%]+))");
    std::map<std::string, std::string> out;
    std::string t(text);
    for (auto it = std::sregex_iterator(t.begin(), t.end(), arg); it != std::sregex_iterator(); ++it)
        out[(*it)[1].str()] = (*it)[3].matched ? (*it)[3].str() : (*it)[4].matched ? (*it)[4].str() : (*it)[5].str();
    return out;
}

std::string site_path(std::string path) {
    for (std::string_view base : {"{{ site.baseurl }}", "{{site.baseurl}}", "{{ site.url }}", "{{ base_path }}"})
        if (path.starts_with(base)) path.erase(0, base.size());
    if (path.find("://") == std::string::npos && !path.starts_with('/')) path.insert(0, "/");
    return path;
}

}  // namespace

std::string hugo_shortcodes_to_markdown(std::string_view body, int first_line, std::vector<MarkupNote>& notes) {
    return convert_shortcodes(body, first_line, 0, body, notes);
}

std::string liquid_includes_to_markdown(std::string_view body, int first_line, std::vector<MarkupNote>& notes) {
    static const std::regex tag("\\{%-?\\s*(include|include_relative|post_url|link)\\s+([^%]*?)\\s*-?%\\}");
    std::string text(body), out;
    std::size_t last = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), tag); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        std::string kind = m[1].str(), rest = m[2].str();
        std::string file = rest.substr(0, rest.find_first_of(" \t"));
        auto args = liquid_args(rest.substr(file.size()));
        std::string replacement, what;
        std::string stem = file.substr(file.rfind('/') == std::string::npos ? 0 : file.rfind('/') + 1);
        stem = stem.substr(0, stem.find('.'));
        if ((kind == "include" || kind == "include_relative") && (stem == "figure" || stem == "image" || stem == "img")) {
            std::string src = args.count("path") ? args["path"] : args.count("url") ? args["url"] : args["src"];
            if (src.empty() || (src.find("{{") != std::string::npos && src.find("site.baseurl") == std::string::npos)) continue;
            std::string caption = args.count("caption") ? args["caption"] : args["description"];
            replacement = image_markdown(site_path(src), args["alt"], caption, args["title"]);
            what = "an image";
        } else if ((kind == "include" || kind == "include_relative") && (stem == "video" || stem == "youtube")) {
            std::string src = args.count("path") ? args["path"] : args.count("url") ? args["url"] : args["id"];
            if (src.empty()) continue;
            if (stem == "youtube" && src.find("://") == std::string::npos) src = "https://www.youtube.com/watch?v=" + src;
            replacement = "\n\n[" + (args["title"].empty() ? "Video" : args["title"]) + "](" + site_path(src) + ")\n\n";
            what = "a link to the video";
        } else if (kind == "post_url") {
            auto dated = file.size() > 11 ? file.substr(11) : file;  // "2010-07-21-name" -> "name"
            replacement = "/blog/" + dated;
            what = "the post's address";
        } else if (kind == "link") {
            replacement = site_path(file);
            what = "the page's address";
        } else {
            continue;  // another include: read in place or reported by the Liquid pass
        }
        out.append(text, last, static_cast<std::size_t>(m.position(0)) - last);
        out += replacement;
        last = static_cast<std::size_t>(m.position(0) + m.length(0));
        notes.push_back({markup_line(text, static_cast<std::size_t>(m.position(0)), first_line),
                         "Liquid " + std::string(utf8_prefix(m.str(), 80)) + ": " + what});
    }
    out.append(text, last);
    return out;
}

std::string without_kramdown_attributes(std::string_view body, int& removed) {
    std::string out;
    bool fenced = false, comment = false;
    std::size_t pos = 0;
    while (pos < body.size()) {
        std::size_t eol = body.find('\n', pos);
        std::size_t end = eol == std::string_view::npos ? body.size() : eol + 1;
        std::string line(body.substr(pos, end - pos));
        pos = end;
        if (!comment && markup_fence(line)) fenced = !fenced;
        if (fenced) {
            out += line;
            continue;
        }
        std::string t(trim(line));
        if (comment) {
            if (t.find("{:/comment}") != std::string::npos || t.find("{:/}") != std::string::npos) comment = false;
            continue;
        }
        if (t.starts_with("{::comment}")) {
            ++removed;
            comment = t.find("{:/comment}") == std::string::npos;
            continue;
        }
        if (t == "* TOC" || t == "- TOC" || t == "1. TOC") {  // kramdown's table of contents, with {:toc} below
            ++removed;
            continue;
        }
        // Every {:...} and {::...} span of the line; {::nomarkdown} and {:/} keep what they wrap.
        for (std::size_t at; (at = line.find("{:")) != std::string::npos;) {
            std::size_t close = line.find('}', at);
            if (close == std::string::npos) break;
            line.erase(at, close + 1 - at);
            ++removed;
        }
        if (trim(line).empty() && !t.empty()) continue;  // the line held only attribute lists
        out += line;
    }
    return out;
}

}  // namespace vitae::cli
