// /cv.pdf: the CV typeset from the rows /cv/ shows, by Pango (shaping, line
// breaking, font fallback through fontconfig: accents, CJK) on a Cairo PDF
// surface (text stays text, fonts embedded as subsets). A4, a heading per
// section, entries wrapped and carried over pages line by line, page numbers.
// Linked by vitae-cv-pdf (cvpdf/) alone: the serving processes run that as a
// short-lived child (core/site/cv_pdf_child.hpp), so Pango's font map and
// caches never stay in them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "render/views/views.hpp"

namespace vitae {

// The fonts asked for, in order; fontconfig falls back per character (Debian:
// fonts-dejavu-core for Latin, Greek and Cyrillic, fonts-wqy-microhei for
// Chinese, Japanese and Korean). WenQuanYi Micro Hei rather than Noto Sans
// CJK: Noto's outlines are CFF, and Cairo's CFF subsetter reads a font's
// whole CFF table (about 16 MB for Noto CJK) to embed a few names, where
// the TrueType one reads only the glyphs used. A 3,000-paper CV with CJK
// co-authors peaked at 68 MB in vitae-cv-pdf with Noto, 35 MB with this.
inline constexpr const char* cv_pdf_fonts = "DejaVu Sans, WenQuanYi Micro Hei, sans-serif";

// The PDF's bytes. `modified_unix` is the content's time, written as the
// document's creation date, so the same content gives the same bytes.
// Throws Error when Cairo fails. Calls are serialized (one font map).
std::string cv_pdf(const Views& views, const Catalogue& t, std::string_view base_url, std::int64_t modified_unix);

}  // namespace vitae
