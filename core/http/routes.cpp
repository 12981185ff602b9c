#include "http/routes.hpp"

#include <array>

#include "store/model/content.hpp"
#include "store/model/slug.hpp"

namespace vitae {

namespace {

// A citation's formats, in the enum's order: how its URL ends, its Content-Type.
struct FormatRow {
    CitationFormat format;
    std::string_view extension;  // the {format} placeholder: after the dot
    std::string_view content_type;
};
constexpr std::array<FormatRow, 3> citation_formats{{
    {CitationFormat::bibtex, "bib", bibtex_type},
    {CitationFormat::ris, "ris", "application/x-research-info-systems; charset=utf-8"},
    {CitationFormat::csl_json, "json", "application/vnd.citationstyles.csl+json; charset=utf-8"},
}};

const FormatRow& format_row(CitationFormat format) { return citation_formats[static_cast<std::size_t>(format)]; }

bool is_digest_prefix(std::string_view s) {
    if (s.size() != url_digest_hex_digits) return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

// Puts one placeholder's value into `r`; false when it is not one.
bool capture(std::string_view placeholder, std::string_view value, Route& r) {
    if (placeholder == "slug" || placeholder == "tag" || placeholder == "token") {
        r.slug = value;
        return is_slug(value);
    }
    if (placeholder == "name") {
        r.slug = value;
        return is_file_name(value);
    }
    if (placeholder == "digest") {
        r.digest = value;
        return is_digest_prefix(value);
    }
    if (placeholder == "kind") {
        r.filter = kind_named(value);
        return r.filter.has_value();
    }
    if (placeholder == "format")
        for (const auto& row : citation_formats)
            if (value == row.extension) {
                r.format = row.format;
                return true;
            }
    return false;
}

}  // namespace

std::string_view citation_extension(CitationFormat format) {
    constexpr std::array<std::string_view, 3> dotted{".bib", ".ris", ".json"};  // the pattern's ".{format}"
    return dotted[static_cast<std::size_t>(format)];
}

std::string_view citation_type(CitationFormat format) { return format_row(format).content_type; }

std::optional<Route> match_pattern(std::string_view pattern, std::string_view path) {
    Route r;
    while (!pattern.empty()) {
        if (pattern.starts_with("[{")) {  // "[{x}/]": x and a slash, or nothing when no slash is left
            std::size_t close = pattern.find("}/]");
            std::size_t slash = path.find('/');
            if (slash != std::string_view::npos) {
                if (!capture(pattern.substr(2, close - 2), path.substr(0, slash), r)) return std::nullopt;
                path.remove_prefix(slash + 1);
            }
            pattern.remove_prefix(close + 3);
        } else if (pattern.front() == '{') {  // up to the next literal character, or the end
            std::size_t close = pattern.find('}');
            std::string_view placeholder = pattern.substr(1, close - 1);
            pattern.remove_prefix(close + 1);
            std::size_t end = pattern.empty() ? path.size() : path.find(pattern.front());
            if (end == std::string_view::npos) return std::nullopt;
            if (!capture(placeholder, path.substr(0, end), r)) return std::nullopt;
            path.remove_prefix(end);
        } else {
            std::size_t literal = std::min(pattern.find_first_of("{["), pattern.size());
            if (!path.starts_with(pattern.substr(0, literal))) return std::nullopt;
            path.remove_prefix(literal);
            pattern.remove_prefix(literal);
        }
    }
    if (!path.empty()) return std::nullopt;
    return r;
}

std::string url_for(RouteKind kind, const UrlParts& parts) {
    std::string_view pattern = route_path(kind).pattern;
    std::string url(parts.prefix);
    while (!pattern.empty()) {
        std::size_t open = pattern.find_first_of("{[");
        url += pattern.substr(0, open);
        if (open == std::string_view::npos) break;
        bool optional = pattern[open] == '[';
        std::size_t close = pattern.find('}', open);
        std::string_view placeholder = pattern.substr(open + (optional ? 2 : 1), close - open - (optional ? 2 : 1));
        std::string_view value;
        if (placeholder == "kind") value = parts.kind ? kind_row(*parts.kind).name : std::string_view();
        else if (placeholder == "format") value = format_row(parts.format).extension;
        else if (placeholder == "digest") value = parts.digest.substr(0, url_digest_hex_digits);
        else value = parts.slug;
        url += value;
        if (optional && !value.empty()) url += '/';
        pattern.remove_prefix(close + (optional ? 3 : 1));
    }
    return url;
}

std::string url_for(const StoredFile& file) {
    return url_for(RouteKind::file, {.slug = file.name, .digest = file.digest});
}

}  // namespace vitae
