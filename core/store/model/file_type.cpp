#include "store/model/file_type.hpp"

#include <cstdint>
#include <cstdio>
#include <string>

#include "base/limits.hpp"
#include "base/text.hpp"
#include "store/model/svg_check.hpp"

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

// An SVG drawing (a chart from matplotlib, a diagram): parsed and checked
// against an allowlist (svg_check.hpp); one that holds anything but drawing
// is refused, naming it. Served with a sandboxing policy besides
// (served_policy), and shown with <img>, which runs no script either.
Sniffed svg(std::string_view b) {
    SvgCheck check = check_svg(b);
    if (!check.refused.empty()) return {std::nullopt, std::move(check.refused), 0, 0};
    return {svg_type, "", check.width, check.height};
}

Sniffed refused(std::string why) { return {std::nullopt, std::move(why), 0, 0}; }

}  // namespace

std::string_view served_policy(std::string_view mime) {
    return mime == svg_type.mime ? "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox" : "";
}

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
    } else if (b.starts_with("\xFF\xFE") || b.starts_with("\xFE\xFF")) {
        return refused("UTF-16 text is not served: save it as UTF-8");
    } else if (is_utf8_text(b)) {
        std::string head = ascii_lower(b.substr(0, 4096));
        if (head.find("<svg") != std::string::npos || has_extension_of(name, svg_type)) {
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
    // An SVG is drawn at the size a page gives it; every other picture is
    // decoded whole, by libvips for its copies and by each visitor's browser.
    if (s.type->picture && s.type->mime != svg_type.mime &&
        std::int64_t{s.width} * s.height > limits::max_picture_pixels)
        return refused(std::string(s.type->mime) + " of " + std::to_string(s.width) + " x " + std::to_string(s.height) +
                       " pixels is not stored: at most " + std::to_string(limits::max_picture_pixels / 1'000'000) +
                       " megapixels (" + std::to_string(limits::max_picture_pixels) + " pixels); make it smaller first");
    return s;
}

}  // namespace vitae
