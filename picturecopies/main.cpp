// vitae-picture-copies: a picture's smaller WebP and AVIF copies, made by
// libvips in a short-lived child of the editor, `vitae add file` and
// import-site (core/picture/picture_copies.hpp says why a child).
//
//   vitae-picture-copies --widths 160,320,640,1280  < picture  > answer
//
// The answer is "refused <why>\n" when libvips cannot read the picture or
// reads more pixels than limits::max_picture_pixels, else for each copy
// "copy <width> <webp|avif> <bytes>\n" and its bytes. Exit 0 with an
// answer; 1 with one line on stderr when it cannot work at all; 2 for a
// usage error. Bounded before libvips starts: address space and CPU time
// (setrlimit), one libvips thread, no operation cache, and
// at most limits::picture_copies_log_lines log lines (the rest counted).
//
// Measured on the 2-core test box (Debian 12, libvips 8.14): a 50-megapixel
// PNG (8,000 x 6,250) to its eight copies peaked at 138 MB resident and
// 756 MB of address space (libheif's AV1 encoder reserves thread stacks and
// arenas it never touches), in 2.9 s of CPU; a 400 x 300 PNG's at 98 MB and
// 719 MB. Hence 1.5 GB of address space: twice the most seen.
#include <unistd.h>
#include <vips/vips.h>

#include <charconv>
#include <cstdlib>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "base/child_process.hpp"
#include "base/error.hpp"
#include "base/limits.hpp"
#include "picture/picture_copies.hpp"
#include "vips_copies.hpp"

namespace {

std::vector<int> parse_widths(int argc, char** argv) {
    if (argc != 3 || std::string_view(argv[1]) != "--widths") throw vitae::UsageError("usage: --widths W[,W...]");
    std::vector<int> widths;
    std::string_view list = argv[2];
    while (!list.empty()) {
        auto comma = list.find(',');
        std::string_view item = list.substr(0, comma);
        int w = 0;
        auto [end, error] = std::from_chars(item.data(), item.data() + item.size(), w);
        if (error != std::errc() || end != item.data() + item.size() || w <= 0 || w > 100000)
            throw vitae::UsageError("--widths: " + std::string(item) + " is not a width");
        widths.push_back(w);
        list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    }
    return widths;
}

std::string read_picture() {
    std::string bytes((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    if (bytes.size() > vitae::limits::max_file_bytes)
        throw vitae::Error("the picture on stdin: over " + vitae::limits::size_text(vitae::limits::max_file_bytes));
    return bytes;
}

// libvips's and GLib's warnings (a decoder's, one per row of a truncated
// picture), the first few shown on stderr (the caller's journal), the rest
// counted; info and debug messages are GLib's to drop, as by default.
struct LogCap {
    int shown = 0;
    long more = 0;
};
LogCap log_cap;

void capped_log(const gchar* domain, GLogLevelFlags level, const gchar* message, gpointer) {
    if (level & (G_LOG_LEVEL_INFO | G_LOG_LEVEL_DEBUG)) return;
    if (log_cap.shown >= vitae::limits::picture_copies_log_lines) {
        ++log_cap.more;
        return;
    }
    ++log_cap.shown;
    std::fprintf(stderr, "vitae-picture-copies: %s: %s\n", domain ? domain : "glib", message ? message : "");
}

void write_answer(const vitae::VipsAnswer& answer) {
    if (!answer.refused.empty()) {
        std::string line = "refused " + answer.refused + "\n";
        std::fwrite(line.data(), 1, line.size(), stdout);
        return;
    }
    for (const auto& copy : answer.copies) {
        std::string head = "copy " + std::to_string(copy.width) + " " + copy.extension + " " +
                           std::to_string(copy.bytes.size()) + "\n";
        std::fwrite(head.data(), 1, head.size(), stdout);
        std::fwrite(copy.bytes.data(), 1, copy.bytes.size(), stdout);
    }
}

int make_copies(int argc, char** argv) {
    // Before any library is loaded or thread started; not niced (as vitae-cv-pdf
    // is): an owner waits for it, within the deadline.
    vitae::bound_this_process({.address_space_mb = vitae::limits::picture_copies_address_space_mb, .cpu_seconds = vitae::limits::picture_copies_cpu_seconds});
    std::vector<int> widths = parse_widths(argc, argv);
    std::string picture = read_picture();
    g_log_set_default_handler(capped_log, nullptr);
    auto shown = static_cast<GLogLevelFlags>(G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING |
                                             G_LOG_LEVEL_MESSAGE | G_LOG_FLAG_FATAL);
    g_log_set_handler("VIPS", shown, capped_log, nullptr);
    // liborc's code generator wants memory both writable and executable,
    // which the editor's unit refuses (MemoryDenyWriteExecute, with
    // VIPS_NOVECTOR=1 there): the plain C paths, here as there.
    ::setenv("VIPS_NOVECTOR", "1", 1);
    if (VIPS_INIT(argv[0]) != 0) throw vitae::Error(std::string("libvips: cannot start: ") + vips_error_buffer());
    vips_concurrency_set(1);  // one picture, one thread: its memory and CPU are one core's
    vips_cache_set_max(0);    // one picture: nothing to reuse
    vitae::VipsAnswer answer = vitae::vips_copies(picture, widths);
    write_answer(answer);
    if (log_cap.more > 0) std::fprintf(stderr, "vitae-picture-copies: %ld more messages not shown\n", log_cap.more);
    return std::fflush(stdout) == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return make_copies(argc, argv);
    } catch (const vitae::UsageError& e) {
        std::fprintf(stderr, "vitae-picture-copies: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "vitae-picture-copies: %s\n", e.what());
        return 1;
    }
}
