// Smaller copies of a picture, made once when it is added (never per
// request): WebP and AVIF at a few widths, for <picture>/srcset, so a phone
// downloads a few kilobytes instead of the camera's original.
//
// Made by libvips in a child process, `vitae-picture-copies`
// (picturecopies/main.cpp), started with posix_spawn for each picture and
// bounded there: in address space and CPU time (setrlimit), in wall time
// (killed at the deadline), to one libvips thread, and in log lines (a
// truncated PNG of 100,000 rows once wrote 700,000 of them). A child rather
// than libvips in the editor's process: a decoder given a hostile file
// (libwebp and libheif have had heap overflows) can only break or exhaust
// a process that holds nothing else, and the editor and the vitae tool
// never load libvips and its ~100 libraries at all. The caller has read the
// picture's header and refused more than limits::max_picture_pixels; the
// child checks libvips's own reading of the header again before decoding.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace vitae {

namespace limits {
// Beside their one user. Under nginx's fastcgi_read_timeout for the editor
// (30 s), so an upload that takes all of it still gets an answer.
inline constexpr int picture_copies_timeout_ms = 20000;
// The child's address space (RLIMIT_AS): twice the most a 50-megapixel
// picture took (756 MB; picturecopies/main.cpp has the measurements).
inline constexpr long picture_copies_address_space_mb = 1536;
inline constexpr int picture_copies_cpu_seconds = 60;  // a backstop to the wall-clock deadline
inline constexpr int picture_copies_log_lines = 10;    // libvips's warnings shown per picture; the rest counted
}  // namespace limits

struct PictureCopy {
    int width = 0;
    std::string extension;  // "webp" or "avif"
    std::string bytes;
};

// The widths made for a picture `width` pixels wide: each of 160, 320, 640
// and 1280 below it, and its own (up to 1280): a <source> must offer the
// size the page shows, or a browser that picks that format gets only the
// smaller ones (Lighthouse: low resolution). For a photo shown at ~9rem
// (144 CSS px) up to a figure across a page, at 1x to 3x density.
std::vector<int> copy_widths(int width);

// Whether copies are made of a picture of MIME type `mime`: a PNG, JPEG,
// WebP or AVIF; not a GIF (it may move) nor an SVG (it scales).
bool has_copies(std::string_view mime);

// The copies of `original`, a picture `width` pixels wide by its header,
// made by the child. Throws Error naming `name` and what went wrong:
// libvips cannot read it, reads more pixels than the bound, or the child
// failed (killed at the deadline, out of memory).
std::vector<PictureCopy> picture_copies(std::string_view name, std::string_view original, int width);

// The program run: $VITAE_PICTURE_COPIES if set (tests); else
// vitae-picture-copies beside the running program or one folder up (a build
// tree: vitae is in cli/); else the installed one (libexec/vitae/).
const std::string& picture_copies_program();

}  // namespace vitae
