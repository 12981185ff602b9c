// Reading an upload (core/picture/upload): a picture's pixels are bounded
// from its header before anything decodes it, its copies are made by the
// bounded child, which checks libvips's own reading of the header again,
// and a truncated picture ends in one refusal, not a warning per row.
#define BOOST_TEST_MODULE upload
#include <boost/test/unit_test.hpp>

#include <sys/resource.h>
#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>

#include "base/error.hpp"
#include "picture/upload.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

std::string be32(std::uint32_t v) {
    return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8), static_cast<char>(v)};
}

std::string chunk(const std::string& type, const std::string& data) {
    std::string body = type + data;
    auto crc = static_cast<std::uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size())));
    return be32(static_cast<std::uint32_t>(data.size())) + body + be32(crc);
}

std::string deflated(const std::string& raw) {
    uLongf size = compressBound(raw.size());
    std::string out(size, '\0');
    compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(raw.data()), raw.size(), 6);
    out.resize(size);
    return out;
}

// An RGB PNG, `width` x `height`, of a gradient; `keep` bytes of its
// compressed rows (all by default: a truncated one otherwise).
std::string png(std::uint32_t width, std::uint32_t height, std::size_t keep = std::string::npos) {
    std::string rows;
    rows.reserve((3 * width + 1) * height);
    for (std::uint32_t y = 0; y < height; ++y) {
        rows += '\0';
        for (std::uint32_t x = 0; x < width; ++x) rows += {static_cast<char>(x), static_cast<char>(y), static_cast<char>(x + y)};
    }
    std::string ihdr = be32(width) + be32(height) + std::string("\x08\x02\x00\x00\x00", 5);
    return std::string("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", ihdr) + chunk("IDAT", deflated(rows).substr(0, keep)) +
           chunk("IEND", "");
}

// A decompression bomb: 83 bytes declaring 100,000 x 100,000 pixels.
std::string png_bomb() {
    std::string ihdr = be32(100000) + be32(100000) + std::string("\x08\x02\x00\x00\x00", 5);
    return std::string("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", ihdr) + chunk("IDAT", deflated(std::string(2713, '\0'))) +
           chunk("IEND", "");
}

std::string message_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return {};
}

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// What the child writes on stderr, run by hand on `picture`.
std::string child_stderr(const std::string& picture, const std::string& widths) {
    TempDir dir;
    write_file(dir.path() / "in", picture);
    std::string command = picture_copies_program() + " --widths " + widths + " < " + (dir.path() / "in").string() +
                          " 2>&1 >/dev/null";
    std::unique_ptr<FILE, decltype(&pclose)> pipe(popen(command.c_str(), "r"), pclose);
    std::string out;
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe.get())) out.append(buffer, n);
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_png_gets_its_webp_and_avif_copies_without_a_database) {
    Upload upload = read_upload("chart.png", png(400, 300));
    BOOST_TEST(upload.file.type == "image/png");
    BOOST_TEST(upload.file.width == 400);
    BOOST_REQUIRE(upload.copies.size() == 6u);  // 160, 320 and its own 400, each as WebP and AVIF
    BOOST_TEST(upload.copies[0].width == 160);
    BOOST_TEST(upload.copies[0].extension == "webp");
    BOOST_TEST(upload.copies[0].bytes.substr(8, 4) == "WEBP");
    BOOST_TEST(upload.copies[1].extension == "avif");
    BOOST_TEST(upload.copies[1].bytes.substr(4, 8) == "ftypavif");
    BOOST_TEST(upload.copies[5].width == 400);
    BOOST_TEST((copy_widths(2000) == std::vector<int>{160, 320, 640, 1280}));
}

BOOST_AUTO_TEST_CASE(the_83_byte_pixel_bomb_is_refused_at_once_from_its_header) {
    std::string bomb = png_bomb();
    BOOST_TEST(bomb.size() == 83u);
    rusage before{};
    getrusage(RUSAGE_SELF, &before);
    auto start = std::chrono::steady_clock::now();
    std::string why = message_of([&] { read_upload("bomb.png", bomb); });
    auto took = std::chrono::steady_clock::now() - start;
    rusage after{};
    getrusage(RUSAGE_SELF, &after);
    BOOST_TEST(contains(why, "100000 x 100000 pixels is not stored: at most 50 megapixels"), why);
    BOOST_TEST((took < std::chrono::seconds(1)));
    BOOST_TEST(after.ru_maxrss - before.ru_maxrss < 16 * 1024);  // KiB: nothing decoded
    // A huge JPEG's header, the same.
    std::string sof = std::string("\xFF\xD8\xFF\xC0\x00\x11\x08\xFF\xDC\xFF\xDC", 11) + std::string(12, '\0');
    BOOST_TEST(contains(message_of([&] { read_upload("bomb.jpg", sof); }), "65500 x 65500 pixels"));
}

BOOST_AUTO_TEST_CASE(the_child_holds_libvips_reading_of_the_header_to_the_bound_too) {
    // As if the caller's header reader had been fooled: the child, not the caller, refuses.
    auto start = std::chrono::steady_clock::now();
    std::string why = message_of([] { picture_copies("bomb.png", png_bomb(), 640); });
    BOOST_TEST(contains(why, "libvips reads 100000 x 100000 pixels"), why);
    BOOST_TEST((std::chrono::steady_clock::now() - start < std::chrono::seconds(5)));
}

BOOST_AUTO_TEST_CASE(a_truncated_picture_is_one_refusal_with_few_log_lines) {
    std::string cut = png(2000, 1500, 20000);  // its rows stop a few hundred rows in
    std::string why = message_of([&] { read_upload("cut.png", cut); });
    BOOST_TEST(contains(why, "cannot make its smaller copies"), why);
    BOOST_TEST(contains(why, "libvips cannot"), why);
    std::string log = child_stderr(cut, "160,320");
    auto lines = std::count(log.begin(), log.end(), '\n');
    BOOST_TEST(lines <= limits::picture_copies_log_lines + 1, log);
}

BOOST_AUTO_TEST_CASE(what_is_not_a_picture_has_no_copies_and_a_bad_name_is_refused_first) {
    Upload pdf = read_upload("paper.pdf", tiny_pdf());
    BOOST_TEST(pdf.copies.empty());
    Upload svg = read_upload("d.svg", "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>");
    BOOST_TEST(svg.file.is_picture());
    BOOST_TEST(svg.copies.empty());
    BOOST_TEST(contains(message_of([] { read_upload("Bad Name.png", png(10, 10)); }), "a file name is"));
}
