#include "store/model/file_type.hpp"

#include <cstdint>
#include <cstdio>
#include <string>

#include "base/text.hpp"

namespace vitae {

namespace {

const FileType pdf{"application/pdf", {".pdf"}, false};
const FileType png{"image/png", {".png"}, true};
const FileType jpeg{"image/jpeg", {".jpg", ".jpeg"}, true};
const FileType gif{"image/gif", {".gif"}, true};
const FileType webp{"image/webp", {".webp"}, true};
const FileType avif{"image/avif", {".avif"}, true};
const FileType bibtex{"application/x-bibtex; charset=utf-8", {".bib"}, false};  // as a paper's .bib export
const FileType markdown{"text/markdown; charset=utf-8", {".md"}, false};
const FileType csv{"text/csv; charset=utf-8", {".csv"}, false};
const FileType text_type{"text/plain; charset=utf-8", {".txt"}, false};
const FileType svg_type{"image/svg+xml", {".svg"}, true};

std::uint32_t be16(std::string_view b, std::size_t at) {
    return (static_cast<std::uint32_t>(static_cast<unsigned char>(b[at])) << 8) | static_cast<unsigned char>(b[at + 1]);
}
std::uint32_t be32(std::string_view b, std::size_t at) { return (be16(b, at) << 16) | be16(b, at + 2); }
std::uint32_t le16(std::string_view b, std::size_t at) {
    return static_cast<unsigned char>(b[at]) | (static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 1])) << 8);
}
std::uint32_t le24(std::string_view b, std::size_t at) { return le16(b, at) | (static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 2])) << 16); }

// JPEG: walk the segments to the first start-of-frame.
void jpeg_size(std::string_view b, Sniffed& s) {
    std::size_t at = 2;
    while (at + 9 < b.size()) {
        if (static_cast<unsigned char>(b[at]) != 0xFF) return;
        auto marker = static_cast<unsigned char>(b[at + 1]);
        if (marker == 0xFF) { ++at; continue; }  // fill byte
        bool frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
        if (frame) {
            s.height = static_cast<int>(be16(b, at + 5));
            s.width = static_cast<int>(be16(b, at + 7));
            return;
        }
        at += 2 + be16(b, at + 2);
    }
}

// WebP: VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk.
void webp_size(std::string_view b, Sniffed& s) {
    if (b.size() < 30) return;
    std::string_view chunk = b.substr(12, 4);
    if (chunk == "VP8 " && b.size() >= 30) {
        s.width = static_cast<int>(le16(b, 26) & 0x3FFF);
        s.height = static_cast<int>(le16(b, 28) & 0x3FFF);
    } else if (chunk == "VP8L" && b.size() >= 25) {
        std::uint32_t bits = le16(b, 21) | (le16(b, 23) << 16);
        s.width = static_cast<int>((bits & 0x3FFF) + 1);
        s.height = static_cast<int>(((bits >> 14) & 0x3FFF) + 1);
    } else if (chunk == "VP8X") {
        s.width = static_cast<int>(le24(b, 24) + 1);
        s.height = static_cast<int>(le24(b, 27) + 1);
    }
}

// AVIF (ISOBMFF): the 'ispe' property holds the image's size.
void avif_size(std::string_view b, Sniffed& s) {
    auto at = b.find("ispe");
    if (at == std::string_view::npos || at + 16 > b.size()) return;
    s.width = static_cast<int>(be32(b, at + 8));
    s.height = static_cast<int>(be32(b, at + 12));
}

bool is_utf8_text(std::string_view b) {
    for (std::size_t i = 0; i < b.size();) {
        auto c = static_cast<unsigned char>(b[i]);
        if (c < 0x80) {
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f') return false;  // NUL and controls: binary
            ++i;
            continue;
        }
        std::size_t more = c >= 0xF0 && c <= 0xF4 ? 3 : c >= 0xE0 && c < 0xF0 ? 2 : c >= 0xC2 && c < 0xE0 ? 1 : 0;
        if (more == 0 || i + more >= b.size()) return false;
        for (std::size_t k = 1; k <= more; ++k)
            if ((static_cast<unsigned char>(b[i + k]) & 0xC0) != 0x80) return false;
        i += more + 1;
    }
    return true;
}

// Markup a browser would run as a page: refused. `head`: the start, lower case.
bool is_html(std::string_view head) {
    for (std::string_view tag : {"<!doctype html", "<html", "<script", "<head", "<body", "<iframe"})
        if (head.find(tag) != std::string_view::npos) return true;
    return false;
}

// A number at the start of an SVG length ("640", "640px", "12.5"); 0 when none or in other units.
int svg_pixels(std::string_view v) {
    double value = 0;
    std::size_t i = 0;
    for (; i < v.size() && ((v[i] >= '0' && v[i] <= '9') || v[i] == '.'); ++i) {
    }
    if (i == 0) return 0;
    std::string unit(v.substr(i));
    if (!unit.empty() && unit != "px") return 0;
    try {
        value = std::stod(std::string(v.substr(0, i)));
    } catch (const std::exception&) {
        return 0;
    }
    return static_cast<int>(value + 0.5);
}

// An attribute of the root <svg> element: its value, or "".
std::string_view svg_attribute(std::string_view svg_tag, std::string_view name) {
    for (auto at = svg_tag.find(name); at != std::string_view::npos; at = svg_tag.find(name, at + 1)) {
        bool starts = at > 0 && (svg_tag[at - 1] == ' ' || svg_tag[at - 1] == '\n' || svg_tag[at - 1] == '\t');
        auto eq = at + name.size();
        if (!starts || eq + 1 >= svg_tag.size() || svg_tag[eq] != '=' || (svg_tag[eq + 1] != '"' && svg_tag[eq + 1] != '\'')) continue;
        auto close = svg_tag.find(svg_tag[eq + 1], eq + 2);
        if (close == std::string_view::npos) return {};
        return svg_tag.substr(eq + 2, close - eq - 2);
    }
    return {};
}

// An SVG drawing (a chart from matplotlib, a diagram). Served under the
// site's Content-Security-Policy (default-src 'none') and shown with <img>,
// neither of which runs script; one that carries script anyway (a <script>,
// an event handler, a javascript: link, <foreignObject> HTML) is refused,
// so it cannot run on a server set up otherwise either.
Sniffed svg(std::string_view b) {
    std::string lower = ascii_lower(b);
    for (std::string_view active : {"<script", "javascript:", "<foreignobject", "<iframe", "<embed", "<object"})
        if (lower.find(active) != std::string::npos)
            return {std::nullopt, "SVG with " + std::string(active) + " is not served: it could run script", 0, 0};
    for (auto at = lower.find(" on"); at != std::string::npos; at = lower.find(" on", at + 1)) {
        std::size_t j = at + 3;
        while (j < lower.size() && lower[j] >= 'a' && lower[j] <= 'z') ++j;
        if (j > at + 3 && j < lower.size() && lower[j] == '=')
            return {std::nullopt, "SVG with an event handler (" + lower.substr(at + 1, j - at - 1) + ") is not served: it could run script", 0, 0};
    }
    auto open = lower.find("<svg");
    auto end = lower.find('>', open);
    std::string_view tag = std::string_view(b).substr(open, end == std::string::npos ? std::string_view::npos : end - open);
    Sniffed s{svg_type, "", svg_pixels(svg_attribute(tag, "width")), svg_pixels(svg_attribute(tag, "height"))};
    if (s.width <= 0 || s.height <= 0) {  // the viewBox's size, "min-x min-y width height"
        std::string box(svg_attribute(tag, "viewBox"));
        double x = 0, y = 0, w = 0, h = 0;
        if (std::sscanf(box.c_str(), "%lf %lf %lf %lf", &x, &y, &w, &h) == 4 ||
            std::sscanf(box.c_str(), "%lf,%lf,%lf,%lf", &x, &y, &w, &h) == 4) {
            s.width = static_cast<int>(w + 0.5);
            s.height = static_cast<int>(h + 0.5);
        }
    }
    return s;
}

Sniffed refused(std::string why) { return {std::nullopt, std::move(why), 0, 0}; }

}  // namespace

bool has_extension_of(std::string_view name, const FileType& type) {
    std::string lower = ascii_lower(name);
    for (auto ext : type.extensions)
        if (lower.size() > ext.size() && std::string_view(lower).ends_with(ext)) return true;
    return false;
}

Sniffed sniff_file(std::string_view b, std::string_view name) {
    Sniffed s;
    if (b.starts_with("%PDF-")) s.type = pdf;
    else if (b.starts_with("\x89PNG\r\n\x1a\n") && b.size() >= 24) {
        s.type = png;
        s.width = static_cast<int>(be32(b, 16));
        s.height = static_cast<int>(be32(b, 20));
    } else if (b.size() >= 3 && b.starts_with("\xFF\xD8\xFF")) {
        s.type = jpeg;
        jpeg_size(b, s);
    } else if ((b.starts_with("GIF87a") || b.starts_with("GIF89a")) && b.size() >= 10) {
        s.type = gif;
        s.width = static_cast<int>(le16(b, 6));
        s.height = static_cast<int>(le16(b, 8));
    } else if (b.size() >= 16 && b.starts_with("RIFF") && b.substr(8, 4) == "WEBP") {
        s.type = webp;
        webp_size(b, s);
    } else if (b.size() >= 12 && b.substr(4, 4) == "ftyp" && (b.substr(8, 4) == "avif" || b.substr(8, 4) == "avis")) {
        s.type = avif;
        avif_size(b, s);
    } else if (is_utf8_text(b)) {
        std::string head = ascii_lower(b.substr(0, 4096));
        if (head.find("<svg") != std::string::npos) {
            s = svg(b);
            if (!s.type) return s;
        } else if (is_html(head)) {
            return refused("HTML is not served: from the site's own origin it could run script");
        }
        if (!s.type)
            for (const FileType* t : {&bibtex, &markdown, &csv})
                if (has_extension_of(name, *t)) s.type = *t;
        if (!s.type) s.type = text_type;
    } else {
        return refused("not a type Vitae serves (PDF, PNG, JPEG, GIF, WebP, AVIF, or UTF-8 text such as .bib, .txt, .md, .csv)");
    }
    if (s.type->picture && (s.width <= 0 || s.height <= 0))
        return refused(std::string(s.type->mime) + " whose size in pixels cannot be read from its header");
    return s;
}

}  // namespace vitae
