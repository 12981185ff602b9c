// What a file is, from its first bytes, never from its name: the types
// Vitae serves (an allowlist), the extension a name of that type must end
// in, and a picture's size in pixels read from its header. HTML is refused
// (served from the site's origin it could run script), and so is an SVG
// that holds anything but drawing (svg_check.hpp); other SVG drawings are
// pictures.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vitae {

struct FileType {
    std::string_view mime;                     // "application/pdf"
    std::vector<std::string_view> extensions;  // ".pdf"; the first is the usual one
    bool picture = false;                      // shown with <img>: width and height known
};

struct Sniffed {
    std::optional<FileType> type;  // none: refused, `why` says so
    std::string why;
    int width = 0, height = 0;     // pictures, from the header; 0 when not read
};

// `name` only picks between text types (.bib, .txt, .md, .csv), all plain
// text to a browser, and has text named .svg checked as an SVG.
Sniffed sniff_file(std::string_view bytes, std::string_view name);

// The Content-Security-Policy a stored file of type `mime` is served with
// by the worker, and by nginx's shipped config for its fast path, whatever
// else the front end adds: an SVG opened by itself is a document of the
// site's origin, so it is sandboxed (no script, no forms, an origin of its
// own) and loads nothing but its inline style and embedded pictures, even
// if the allowlist missed something. "" for other types.
std::string_view served_policy(std::string_view mime);

// Whether `name` ends in one of the type's extensions (case-insensitive).
bool has_extension_of(std::string_view name, const FileType& type);

}  // namespace vitae
