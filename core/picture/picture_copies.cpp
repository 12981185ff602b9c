// The parent's half: which copies, the child found and run, its answer read.
// The child's answer on stdout is either "refused <why>\n" (libvips cannot
// read the picture, or reads too many pixels) or, for each copy,
// "copy <width> <extension> <bytes>\n" and those bytes.
#include "picture/picture_copies.hpp"

#include <charconv>
#include <mutex>
#include <optional>

#include "base/child_process.hpp"
#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "picture/picture_copies_program.hpp"

namespace vitae {

namespace {

constexpr int widths_made[] = {160, 320, 640, 1280};

// One number of the answer's header line, or none.
std::optional<std::size_t> number(std::string_view text) {
    std::size_t n = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return n;
}

std::vector<PictureCopy> read_answer(std::string_view answer, const std::string& what) {
    if (answer.starts_with("refused ")) {
        auto line = answer.substr(8, answer.find('\n') - 8);
        throw Error(what + ": " + std::string(line));
    }
    std::vector<PictureCopy> copies;
    while (!answer.empty()) {
        auto end = answer.find('\n');
        std::string_view line = answer.substr(0, end);
        auto first = line.find(' '), second = line.find(' ', first + 1), third = line.find(' ', second + 1);
        auto width = number(line.substr(first + 1, second - first - 1));
        auto size = number(line.substr(third + 1));
        if (end == std::string_view::npos || !line.starts_with("copy ") || third == std::string_view::npos || !width ||
            !size || *size > answer.size() - end - 1)
            throw Error(what + ": the copies' program answered what it should not (" + in_quotes(line.substr(0, 60)) + ")");
        copies.push_back({.width = static_cast<int>(*width),
                          .extension = std::string(line.substr(second + 1, third - second - 1)),
                          .bytes = std::string(answer.substr(end + 1, *size))});
        answer.remove_prefix(end + 1 + *size);
    }
    return copies;
}

}  // namespace

std::vector<int> copy_widths(int width) {
    std::vector<int> out;
    for (int w : widths_made)
        if (w < width) out.push_back(w);
    if (width <= widths_made[std::size(widths_made) - 1]) out.push_back(width);
    return out;
}

bool has_copies(std::string_view mime) {
    return mime == "image/png" || mime == "image/jpeg" || mime == "image/webp" || mime == "image/avif";
}

const std::string& picture_copies_program() {
    static const std::string program =
        find_helper_program("VITAE_PICTURE_COPIES", "vitae-picture-copies", picture_copies_installed_program);
    return program;
}

std::vector<PictureCopy> picture_copies(std::string_view name, std::string_view original, int width) {
    std::string what = "add file " + in_quotes(name) + ": cannot make its smaller copies";
    std::string widths;
    for (int w : copy_widths(width)) widths += (widths.empty() ? "" : ",") + std::to_string(w);
    ChildRun run{.argv = {picture_copies_program(), "--widths", widths},
                 .input = std::string(original),
                 .timeout = std::chrono::milliseconds(limits::picture_copies_timeout_ms),
                 .max_output_bytes = limits::max_file_bytes,
                 .cancel = nullptr};
    // One child at a time per process: their memory never adds up (each is
    // bounded); a second upload waits for the first's copies.
    static std::mutex one_child;
    std::string answer;
    try {
        std::lock_guard child(one_child);
        answer = run_child(run);
    } catch (const Error& e) {
        throw Error(what + " (" + e.what() + ")");
    }
    return read_answer(answer, what);
}

}  // namespace vitae
