// Stored files: the type comes from the bytes (never the name), pictures
// carry their size and are held to the pixel bound from their header alone,
// HTML and SVG outside the allowlist are refused (the hostile corpus in
// tests/fixtures/svg/hostile), real drawings are not (tests/fixtures/svg/
// benign), names are safe in a URL and on disk, and a replaced file gets a
// new digest.
#define BOOST_TEST_MODULE file_store
#include <boost/test/unit_test.hpp>

#include <sys/resource.h>
#include <zlib.h>

#include <chrono>
#include <filesystem>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "http/routes.hpp"
#include "store/model/file_type.hpp"
#include "store/model/slug.hpp"
#include "store/rows/file_store.hpp"
#include "store/write/files.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

std::string be32(std::uint32_t v) {
    return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8), static_cast<char>(v)};
}
std::string png_header(std::uint32_t w, std::uint32_t h) {
    return std::string("\x89PNG\r\n\x1a\n", 8) + be32(13) + "IHDR" + be32(w) + be32(h) + std::string(5, '\0');
}
// A baseline JPEG's start: SOI, an APP0 segment, then SOF0 with height and width.
std::string jpeg_header(std::uint16_t w, std::uint16_t h) {
    std::string app0 = std::string("\xFF\xE0\x00\x10JFIF\0", 9) + std::string(9, '\0');  // length 16: 2 + 14
    std::string sof = std::string("\xFF\xC0\x00\x11\x08", 5) + static_cast<char>(h >> 8) + static_cast<char>(h & 255) +
                      static_cast<char>(w >> 8) + static_cast<char>(w & 255) + std::string(10, '\0');
    return std::string("\xFF\xD8", 2) + app0 + sof;
}

std::string le16(unsigned v) { return {static_cast<char>(v & 255), static_cast<char>(v >> 8)}; }
std::string le24(unsigned v) { return le16(v & 0xFFFF) + static_cast<char>(v >> 16); }

// A decompression bomb: a whole PNG of 83 bytes (IHDR, one IDAT of a few
// compressed rows, IEND) that declares 100,000 x 100,000 pixels.
std::string png_bomb() {
    auto chunk = [](std::string type, std::string data) {
        std::string body = type + data;
        auto crc = static_cast<std::uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size())));
        return be32(static_cast<std::uint32_t>(data.size())) + body + be32(crc);
    };
    std::string rows(2713, '\0');  // part of a first row: 26 bytes compressed, 83 in all
    std::string idat(64, '\0');
    uLongf size = idat.size();
    compress2(reinterpret_cast<Bytef*>(idat.data()), &size, reinterpret_cast<const Bytef*>(rows.data()), rows.size(), 9);
    idat.resize(size);
    std::string ihdr = be32(100000) + be32(100000) + std::string("\x08\x02\x00\x00\x00", 5);
    return std::string("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", "");
}

// `text` as a gzip file (an .svgz).
std::string gzipped(const std::string& text) {
    z_stream z{};
    deflateInit2(&z, 9, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY);  // 31: a gzip header
    std::string out(deflateBound(&z, text.size()) + 32, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z.avail_in = static_cast<uInt>(text.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

long max_rss_kb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

std::vector<std::filesystem::path> svgs_in(const std::string& folder) {
    std::vector<std::filesystem::path> out;
    for (const auto& entry : std::filesystem::directory_iterator(fixtures_dir / "svg" / folder))
        if (entry.path().extension() == ".svg") out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

bool mentions(const Sniffed& s, std::string_view what) { return !s.type && s.why.find(what) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(the_type_comes_from_the_bytes_with_a_pictures_size) {
    auto pdf = sniff_file("%PDF-1.7\n...", "x.pdf");
    BOOST_REQUIRE(pdf.type);
    BOOST_TEST(pdf.type->mime == "application/pdf");
    auto png = sniff_file(png_header(640, 480), "x.png");
    BOOST_REQUIRE(png.type);
    BOOST_TEST(png.width == 640);
    BOOST_TEST(png.height == 480);
    auto jpeg = sniff_file(jpeg_header(1200, 800), "x.jpg");
    BOOST_REQUIRE(jpeg.type);
    BOOST_TEST(jpeg.type->mime == "image/jpeg");
    BOOST_TEST(jpeg.width == 1200);
    BOOST_TEST(jpeg.height == 800);
    auto gif = sniff_file(std::string("GIF89a\x20\x00\x10\x00", 10), "x.gif");
    BOOST_REQUIRE(gif.type);
    BOOST_TEST(gif.width == 32);
    BOOST_TEST(gif.height == 16);
    auto bib = sniff_file("@article{k, title = {Ünïcode}}\n", "refs.bib");
    BOOST_REQUIRE(bib.type);
    BOOST_TEST(bib.type->mime == "application/x-bibtex; charset=utf-8");
}

BOOST_AUTO_TEST_CASE(html_active_svg_binary_and_sizeless_pictures_are_refused) {
    BOOST_TEST(!sniff_file("<!DOCTYPE html><p>hi", "x.txt").type);
    BOOST_TEST(sniff_file("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>", "x.txt").why.find("SVG") !=
               std::string::npos);
    BOOST_TEST(!sniff_file(std::string("\x00\x01\x02garbage", 10), "x.bin").type);
    BOOST_TEST(!sniff_file(std::string("\xC3", 1), "x.txt").type);  // a cut UTF-8 sequence: not text
    BOOST_TEST(!sniff_file(std::string("\x89PNG\r\n\x1a\n", 8), "x.png").type);  // no header to read a size from
}

BOOST_AUTO_TEST_CASE(an_svg_drawing_is_a_picture_and_one_with_script_is_refused) {
    auto sized = sniff_file("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"460.8pt\" "
                            "height=\"345.6pt\" viewBox=\"0 0 460.8 345.6\"><path d=\"M0 0L10 10\"/></svg>",
                            "plot.svg");  // matplotlib's: sizes in pt, so the viewBox's
    BOOST_REQUIRE(sized.type);
    BOOST_TEST(sized.type->mime == "image/svg+xml");
    BOOST_TEST(sized.width == 461);
    BOOST_TEST(sized.height == 346);
    auto px = sniff_file("<svg xmlns='http://www.w3.org/2000/svg' width='640' height='480px'></svg>", "d.svg");
    BOOST_TEST(px.width == 640);
    BOOST_TEST(px.height == 480);
    for (auto active : {"<svg><script>alert(1)</script></svg>", "<svg width='1' height='1' onload='x()'></svg>",
                        "<svg width='1' height='1'><a href='javascript:x()'>a</a></svg>",
                        "<svg width='1' height='1'><foreignObject><p>hi</p></foreignObject></svg>"})
        BOOST_TEST(!sniff_file(active, "x.svg").type, active);
    BOOST_TEST(!sniff_file("<svg xmlns='http://www.w3.org/2000/svg'></svg>", "x.svg").type);  // no size at all
}

BOOST_AUTO_TEST_CASE(names_are_one_slug_a_dot_and_an_extension) {
    BOOST_TEST(is_file_name("cv-2026.pdf"));
    for (auto bad : {"CV.pdf", "cv", ".pdf", "cv.", "a/b.pdf", "../x.pdf", "cv.tar.gz", "-cv.pdf", "cv.p-f"})
        BOOST_TEST(!is_file_name(bad), bad);
    BOOST_TEST(file_name_from("CV_2026 final.PDF") == "cv-2026-final.pdf");
    BOOST_TEST(is_file_name(file_name_from("Héllo Wörld.JPG")));
}

BOOST_AUTO_TEST_CASE(a_file_is_stored_replaced_and_removed_with_its_digest) {
    TempDir dir;
    auto db = Db::open(make_db(dir, fixture_content()).string(), OpenMode::read_write);
    BOOST_TEST(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");  // FIPS 180-2
    auto first = put_file(db, "paper.pdf", "%PDF-1.4 one", "");
    BOOST_TEST(first.digest == sha256_hex("%PDF-1.4 one"));
    BOOST_TEST(url_for(first) == "/files/" + first.digest.substr(0, 12) + "/paper.pdf");
    auto second = put_file(db, "paper.pdf", "%PDF-1.4 two", "");
    BOOST_TEST(second.digest != first.digest);
    BOOST_TEST(list_files(db).size() == 1u);
    BOOST_TEST(!file_bytes(db, "paper.pdf", first.digest).has_value());  // that version is gone
    BOOST_TEST(*file_bytes(db, "paper.pdf", second.digest) == "%PDF-1.4 two");
    BOOST_TEST(remove_file(db, "paper.pdf"));
    BOOST_TEST(!remove_file(db, "paper.pdf"));
}

BOOST_AUTO_TEST_CASE(a_name_that_disagrees_with_the_bytes_is_refused_saying_which_extension) {
    TempDir dir;
    auto db = Db::open(make_db(dir, fixture_content()).string(), OpenMode::read_write);
    BOOST_CHECK_EXCEPTION(put_file(db, "photo.png", "%PDF-1.4", ""), Error, [](const Error& e) {
        return std::string(e.what()).find("must end in .pdf") != std::string::npos;
    });
    BOOST_CHECK_THROW(put_file(db, "Photo.PDF", "%PDF-1.4", ""), Error);
    BOOST_CHECK_THROW(put_file(db, "empty.txt", "", ""), Error);
    BOOST_TEST(list_files(db).empty());
}

BOOST_AUTO_TEST_CASE(every_hostile_svg_of_the_corpus_is_refused_saying_why) {
    auto hostile = svgs_in("hostile");
    BOOST_TEST(hostile.size() >= 35u);
    for (const auto& path : hostile) {
        auto sniffed = sniff_file(read_file(path), "figure.svg");
        BOOST_TEST(!sniffed.type, path.filename());
        BOOST_TEST(!sniffed.why.empty(), path.filename());
        BOOST_TEST_MESSAGE(path.filename().string() << ": " << sniffed.why);
    }
    // The four the substring filter let through, each named.
    auto hostile_file = [](const char* name) { return sniff_file(read_file(fixtures_dir / "svg" / "hostile" / name), "x.svg"); };
    BOOST_TEST(mentions(hostile_file("handler-after-newline.svg"), "onload= on <svg> (line 2)"));
    BOOST_TEST(mentions(hostile_file("handler-after-tab.svg"), "onclick= on <rect>"));
    BOOST_TEST(mentions(hostile_file("prefixed-svg-script.svg"), "<script>"));
    BOOST_TEST(mentions(hostile_file("xhtml-namespaced-script.svg"), "http://www.w3.org/1999/xhtml"));
    BOOST_TEST(mentions(hostile_file("entity-encoded-javascript.svg"), "a link to \"javascript:alert(1)\" on <use>"));
    BOOST_TEST(mentions(hostile_file("billion-laughs.svg"), "<!ENTITY"));
    BOOST_TEST(mentions(hostile_file("style-url-javascript.svg"), "a <style> with javascript:"));
    BOOST_TEST(mentions(hostile_file("use-external-file.svg"), "a link to \"other.svg#x\""));
    BOOST_TEST(mentions(hostile_file("xml-base.svg"), "xml:base= on <svg>"));
}

BOOST_AUTO_TEST_CASE(an_svg_in_utf16_or_gzipped_is_refused) {
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\" onload=\"alert(1)\"/>";
    std::string utf16 = "\xFF\xFE";
    for (char c : svg) utf16 += std::string{c, '\0'};
    BOOST_TEST(mentions(sniff_file(utf16, "x.svg"), "UTF-16"));
    BOOST_TEST(!sniff_file(utf16.substr(2), "x.svg").type);  // without its mark: NULs, so not text
    BOOST_TEST(!sniff_file(gzipped(svg), "x.svgz").type);
    BOOST_TEST(!sniff_file(gzipped(svg), "x.svg").type);
}

BOOST_AUTO_TEST_CASE(every_real_svg_of_the_corpus_is_a_picture_with_its_size) {
    auto benign = svgs_in("benign");
    BOOST_TEST(benign.size() >= 8u);
    for (const auto& path : benign) {
        auto sniffed = sniff_file(read_file(path), path.filename().string());
        BOOST_TEST(sniffed.why == "", path.filename());
        BOOST_REQUIRE(sniffed.type);
        BOOST_TEST(sniffed.type->mime == "image/svg+xml");
        BOOST_TEST(sniffed.width > 0, path.filename());
        BOOST_TEST(sniffed.height > 0, path.filename());
    }
    BOOST_TEST(served_policy("image/svg+xml").find("sandbox") != std::string_view::npos);
    BOOST_TEST(served_policy("image/png").empty());
}

BOOST_AUTO_TEST_CASE(an_svg_over_its_byte_bound_is_refused_naming_it) {
    std::string big = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\">" +
                      std::string(limits::max_svg_bytes, ' ') + "</svg>";
    BOOST_TEST(mentions(sniff_file(big, "x.svg"), limits::size_text(limits::max_svg_bytes)));
}

BOOST_AUTO_TEST_CASE(a_picture_over_the_pixel_bound_is_refused_from_its_header_at_once) {
    std::string bomb = png_bomb();
    BOOST_TEST(bomb.size() == 83u);
    std::string vp8x = "RIFF" + std::string(4, '\0') + "WEBPVP8X" + std::string(8, '\0') + le24(16383) + le24(16383);
    std::string avif = std::string("\0\0\0\x1C", 4) + "ftypavif" + std::string(16, '\0') + std::string(4, '\0') + "ispe" +
                       std::string(4, '\0') + be32(100000) + be32(100000);
    const std::pair<std::string, std::string> bombs[] = {
        {"bomb.png", bomb},
        {"bomb.jpg", jpeg_header(65500, 65500)},
        {"bomb.gif", std::string("GIF89a", 6) + le16(65535) + le16(65535)},
        {"bomb.webp", vp8x},
        {"bomb.avif", avif},
    };
    long rss_before = max_rss_kb();
    for (const auto& [name, bytes] : bombs) {
        auto start = std::chrono::steady_clock::now();
        auto sniffed = sniff_file(bytes, name);
        auto took = std::chrono::steady_clock::now() - start;
        BOOST_TEST(mentions(sniffed, "at most 50 megapixels"), name << ": " << sniffed.why);
        BOOST_TEST((took < std::chrono::seconds(1)), name);
    }
    BOOST_TEST(max_rss_kb() - rss_before < 16 * 1024);  // nothing decoded: no growth worth a picture
    // At the bound exactly: taken.
    BOOST_TEST(sniff_file(png_header(10000, 5000), "big.png").type.has_value());
    BOOST_TEST(!sniff_file(png_header(10000, 5001), "big.png").type.has_value());
}
