// /cv.pdf made by a child process. Pango, Cairo and fontconfig
// keep font maps, glyph caches and mapped fonts for the life of a process
// (+42 MB of heap and +23 MB of mapped CJK fonts for a 1,000-paper CV,
// measured when the worker typeset it itself): typeset in `vitae-cv-pdf`
// (cvpdf/main.cpp), a short-lived child started with posix_spawn, they die
// with it, and the serving processes never load Pango at all (they do not
// link it). The child reads the site's database itself (read-only, like a
// load); the worker hands it what only the worker knows: the language, the
// base URL, the version's time (the PDF's date, so the same content gives
// the same bytes) and the language's interface strings (on its stdin, JSON).
//
// Bounded: limits::cv_pdf_timeout_ms (then killed), limits::max_cv_pdf_bytes
// of output. One child at a time per process (its memory is the peak), and
// callers asking for the same version's PDF while one is being made share
// that one child's answer.
#pragma once

#include <atomic>
#include <cstddef>
#include <string>
#include <string_view>

#include "site/site.hpp"

namespace vitae {

namespace limits {
// Beside their one user rather than in base/limits.hpp, which every file
// includes. A 3,000-paper CV took ~1.5 s on 2 vCPU; the bound is under
// nginx's fastcgi_read_timeout (10 s), so a request that waits for it gets
// an answer. Its PDF is at most this big (3,000 papers: ~1 MB), so a
// runaway child cannot fill the worker's memory.
inline constexpr int cv_pdf_timeout_ms = 8000;
// The fast path's thread has no client waiting: a big CV on a busy box (a
// 1,000-paper one took 3-6 s with the box's 2 cores shared) is given longer.
inline constexpr int cv_pdf_background_timeout_ms = 60000;
inline constexpr std::size_t max_cv_pdf_bytes = 32 * 1024 * 1024;
inline constexpr int cv_pdf_retry_min_ms = 1000;  // the fast path's next try after a failed child, doubling
inline constexpr int cv_pdf_retry_max_ms = 60000;
// The fast path typesets the PDF once edits pause for this long, and at most
// this long after the first edit it has not typeset: a burst of saves costs
// one PDF, not one each (3 languages: ~90 ms of CPU per PDF round on the
// shipped site, competing with the next save's HTML pages), and steady
// editing cannot keep the PDF stale for longer than the bound.
inline constexpr int cv_pdf_quiet_ms = 500;
inline constexpr int cv_pdf_max_delay_ms = 5000;
}  // namespace limits

// The program run: $VITAE_CV_PDF if set (tests); else vitae-cv-pdf beside
// the running program or one folder up (a build tree: vitae is in cli/);
// else the installed one (libexec/vitae/).
const std::string& cv_pdf_program();

// The PDF of `site`'s CV in language `language`, its links under `base`
// (the site's base URL and the language's prefix). Throws Error naming the
// child's failure (its own message is on stderr: the journal).
std::string cv_pdf_by_child(const Site& site, std::size_t language, std::string_view base);

// While one lives, a child this thread starts is killed as soon as `flag`
// is set (the fast path's PDF thread: a stopping worker does not wait), and
// has `timeout_ms` instead of limits::cv_pdf_timeout_ms.
class CvPdfCancel {
public:
    CvPdfCancel(const std::atomic<bool>& flag, int timeout_ms);
    ~CvPdfCancel();
    CvPdfCancel(const CvPdfCancel&) = delete;
    CvPdfCancel& operator=(const CvPdfCancel&) = delete;

private:
    const std::atomic<bool>* previous_;
    int previous_timeout_ms_;
};

// The child's side of the exchange: what the worker writes on its stdin, and
// reading it back (throws Error on a malformed one).
std::string cv_pdf_request(const Catalogue& strings);
Catalogue cv_pdf_strings(std::string_view request);

}  // namespace vitae
