#define BOOST_TEST_MODULE cli_export
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>
#include <zlib.h>

#include <sstream>

#include "base/error.hpp"
#include "cli/commands/static_export.hpp"
#include "cli/run/commands.hpp"
#include "http/static_files.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli;
using namespace vitae::test;
namespace fs = std::filesystem;

namespace {

std::string gunzip(const std::string& data) {
    z_stream stream{};
    BOOST_REQUIRE(inflateInit2(&stream, 15 + 16) == Z_OK);  // gzip wrapper only
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    stream.avail_in = static_cast<uInt>(data.size());
    std::string out;
    char buffer[16384];
    int rc = Z_OK;
    while (rc == Z_OK) {
        stream.next_out = reinterpret_cast<Bytef*>(buffer);
        stream.avail_out = sizeof buffer;
        rc = inflate(&stream, Z_NO_FLUSH);
        out.append(buffer, sizeof buffer - stream.avail_out);
    }
    inflateEnd(&stream);
    BOOST_TEST(rc == Z_STREAM_END);
    return out;
}

struct Fixture {
    TempDir dir;
    fs::path db = make_db(dir, fixture_content());
    fs::path out = dir / "www";

    int run_export(std::string& stdout_text, std::string& stderr_text) {
        std::ostringstream o, e;
        std::vector<std::string> argv = {"export", db.string(), (source_dir / "templates").string(), out.string(),
                                         "--base-url", "https://cdn.example"};
        int status = run(argv, o, e);
        stdout_text = o.str();
        stderr_text = e.str();
        return status;
    }
};

const char* expected_files[] = {"index.html",
                                "blog/index.html",
                                "blog/notes-on-sketches/index.html",
                                "blog/reading-list/index.html",
                                "publications/index.html",
                                "publications/conference/index.html",
                                "publications/tidepool/index.html",
                                "404.html"};

// Home and blog index + each post + 4 publication lists + each paper x (page,
// .bib, .ris, .json) + publications.bib, feed, sitemap, robots + the 404 page
// + the CV, its PDF and its JSON Resume + the accessibility statement.
constexpr std::size_t exported_pages = 2 + fixture::posts + 4 + fixture::publications * 4 + 4 + 1 + 3 + 1;

}  // namespace

BOOST_AUTO_TEST_CASE(writes_every_page_and_a_gzip_of_each) {
    Fixture f;
    std::string out, err;
    BOOST_TEST(f.run_export(out, err) == 0, err);
    for (const char* file : expected_files) {
        auto html = read_file(f.out / file);
        BOOST_TEST(html.find("<html") != std::string::npos, file);
        BOOST_TEST(gunzip(read_file(f.out / (std::string(file) + ".gz"))) == html, file);
        struct stat st {};
        BOOST_REQUIRE(::stat((f.out / file).c_str(), &st) == 0);
        BOOST_TEST((st.st_mode & 0777) == 0644u);  // readable by the web server
    }
    BOOST_TEST(read_file(f.out / "index.html").find("Tidepool") != std::string::npos);
    BOOST_TEST(read_file(f.out / "blog/notes-on-sketches/index.html").find("Notes on Sketches") != std::string::npos);
    BOOST_TEST(out.find("/blog/ -> blog/index.html (+ .gz)") != std::string::npos, out);
    BOOST_TEST(out.find("ok: " + std::to_string(exported_pages) + " pages in ") != std::string::npos, out);
    BOOST_TEST(read_file(f.out / "publications/tidepool.bib").starts_with("@inproceedings{tidepool,"));
    BOOST_TEST(read_file(f.out / "robots.txt").find("Sitemap: https://cdn.example/sitemap.xml") != std::string::npos);
    BOOST_TEST(read_file(f.out / "feed.xml").find("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"en\">") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_second_export_replaces_files_and_leaves_no_temp_files) {
    Fixture f;
    std::string out, err;
    BOOST_TEST(f.run_export(out, err) == 0, err);
    write_file(f.out / "index.html", "stale");
    BOOST_TEST(f.run_export(out, err) == 0, err);
    BOOST_TEST(read_file(f.out / "index.html") != "stale");
    std::size_t files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(f.out)) {
        BOOST_TEST(entry.path().filename().string().find(".tmp-") == std::string::npos, entry.path());
        files += entry.is_regular_file();
    }
    // Each page, and a .gz beside each one of 1 KB or more (the list says which).
    std::size_t gzipped = 0;
    for (auto at = out.find("(+ .gz)"); at != std::string::npos; at = out.find("(+ .gz)", at + 1)) ++gzipped;
    BOOST_TEST(gzipped > 0u);
    BOOST_TEST(gzipped < exported_pages);  // the citation exports are small
    BOOST_TEST(files == exported_pages + gzipped);
}

BOOST_AUTO_TEST_CASE(never_writes_through_a_symlink_inside_the_output_directory) {
    Fixture f;
    fs::create_directories(f.out);
    fs::create_directory(f.dir / "elsewhere");
    fs::create_directory_symlink(f.dir / "elsewhere", f.out / "blog");
    std::string out, err;
    BOOST_TEST(f.run_export(out, err) == 1);
    BOOST_TEST(err.find("symlink") != std::string::npos, err);
    BOOST_TEST(fs::is_empty(f.dir / "elsewhere"));
}

BOOST_AUTO_TEST_CASE(refuses_a_bad_database_before_writing_anything) {
    Fixture f;
    exec_sql(f.db, "DELETE FROM profile;");
    std::string out, err;
    BOOST_TEST(f.run_export(out, err) == 1);
    BOOST_TEST(!fs::exists(f.out));
}

BOOST_AUTO_TEST_CASE(a_page_of_the_owners_own_is_exported_at_its_slug) {
    Fixture f;
    exec_sql(f.db, "INSERT INTO page (slug, position, title, body, in_menu) VALUES ('teaching', 1, 'Teaching', 'Linear *algebra*.', 1);");
    std::string out, err;
    BOOST_TEST(f.run_export(out, err) == 0, err);
    auto html = read_file(f.out / "teaching/index.html");
    BOOST_TEST(html.find("<h1>Teaching</h1>") != std::string::npos, html);
    BOOST_TEST(html.find("<em>algebra</em>") != std::string::npos, html);
    BOOST_TEST(read_file(f.out / "index.html").find("href=\"/teaching/\"") != std::string::npos);
    BOOST_TEST(read_file(f.out / "sitemap.xml").find("https://cdn.example/teaching/</loc>") != std::string::npos);
    BOOST_TEST(out.find("ok: " + std::to_string(exported_pages + 1) + " pages in ") != std::string::npos, out);
}
