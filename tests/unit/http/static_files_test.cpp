// core/http/static_files: the one URL -> file layout and atomic writer that
// the fast path and `vitae export` share.
#define BOOST_TEST_MODULE static_files
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include "base/error.hpp"
#include "http/static_files.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_CASE(maps_url_paths_to_index_files_or_named_files) {
    BOOST_TEST(file_for_path("/") == fs::path("index.html"));
    BOOST_TEST(file_for_path("/blog/") == fs::path("blog/index.html"));
    BOOST_TEST(file_for_path("/blog/a-post") == fs::path("blog/a-post/index.html"));
    BOOST_TEST(file_for_path("/publications/x.bib") == fs::path("publications/x.bib"));
    BOOST_TEST(file_for_path("/feed.xml") == fs::path("feed.xml"));
    BOOST_TEST(file_for_path("/robots.txt") == fs::path("robots.txt"));
}

BOOST_AUTO_TEST_CASE(refuses_paths_that_could_leave_the_root) {
    for (std::string_view path : {"", "blog", "/../x", "/a/../b", "/./x", "/a//b", "/A", "/a b", "/x.", "/.x", "/a%2f",
                                  "/../etc/passwd", "/blog/..", "/blog/./x", "//x", "/.bib", "/a.b/c", "/x..bib", "/x.b.c"})
        BOOST_CHECK_THROW(file_for_path(path), Error);
}

BOOST_AUTO_TEST_CASE(writes_a_page_and_its_gzip_readable_by_others) {
    TempDir dir;
    StaticTree tree(dir / "out", Durability::fsync);
    tree.write("blog/a/index.html", "<p>a</p>", "GZ");
    BOOST_TEST(read_file(dir / "out/blog/a/index.html") == "<p>a</p>");
    BOOST_TEST(read_file(dir / "out/blog/a/index.html.gz") == "GZ");
    struct stat st {};
    BOOST_REQUIRE(::stat((dir / "out/blog/a/index.html").c_str(), &st) == 0);
    BOOST_TEST((st.st_mode & 0777) == 0644u);
    for (const auto& entry : fs::recursive_directory_iterator(dir.path()))
        BOOST_TEST(entry.path().string().find(".tmp-") == std::string::npos, entry.path());
}

BOOST_AUTO_TEST_CASE(replaces_a_file_whole) {
    TempDir dir;
    StaticTree tree(dir.path(), Durability::rebuilt_on_start);
    tree.write("index.html", std::string(100000, 'a'), "1");
    tree.write("index.html", "short", "2");
    BOOST_TEST(read_file(dir / "index.html") == "short");
}

BOOST_AUTO_TEST_CASE(refuses_to_write_through_a_symlinked_directory) {
    TempDir dir;
    fs::create_directories(dir / "outside");
    fs::create_directories(dir / "root");
    fs::create_directory_symlink(dir / "outside", dir / "root/blog");
    StaticTree tree(dir / "root", Durability::fsync);
    BOOST_CHECK_THROW(tree.write("blog/x/index.html", "x", "x"), Error);
    BOOST_TEST(fs::is_empty(dir / "outside"));
}

BOOST_AUTO_TEST_CASE(a_failed_write_leaves_no_temp_file) {
    TempDir dir;
    StaticTree tree(dir.path(), Durability::fsync);
    fs::create_directories(dir / "taken/index.html");  // a directory where the file must go: rename fails
    BOOST_CHECK_THROW(tree.write("taken/index.html", "x", "x"), Error);
    for (const auto& entry : fs::recursive_directory_iterator(dir.path()))
        BOOST_TEST(entry.path().string().find(".tmp-") == std::string::npos, entry.path());
}

BOOST_AUTO_TEST_CASE(removes_a_page_its_gzip_and_its_directory_once_empty) {
    TempDir dir;
    StaticTree tree(dir.path(), Durability::rebuilt_on_start);
    tree.write("blog/old/index.html", "old", "o");
    tree.write("blog/kept/index.html", "kept", "k");
    tree.remove("blog/old/index.html");
    BOOST_TEST(!fs::exists(dir / "blog/old"));
    BOOST_TEST(read_file(dir / "blog/kept/index.html") == "kept");
    BOOST_TEST(fs::exists(dir / "blog/kept/index.html.gz"));
}

BOOST_AUTO_TEST_CASE(clear_empties_a_directory_it_marked_and_keeps_the_root) {
    TempDir dir;
    StaticTree tree(dir / "root", Durability::rebuilt_on_start);
    tree.clear();  // empty: marked as ours
    BOOST_TEST(fs::exists(dir / "root" / std::string(publish_marker)));
    tree.write("blog/x/index.html", "x", "x");
    tree.write("feed.xml", "f", "f");
    StaticTree again(dir / "root", Durability::rebuilt_on_start);  // a later process
    again.clear();
    BOOST_TEST(fs::is_directory(dir / "root"));
    std::size_t left = 0;
    for (const auto& entry : fs::directory_iterator(dir / "root")) left += entry.path().filename() != publish_marker;
    BOOST_TEST(left == 0u);
}

BOOST_AUTO_TEST_CASE(clear_refuses_a_directory_of_someone_elses_files) {
    TempDir dir;
    fs::create_directories(dir / "www");
    write_file(dir / "www/index.html", "theirs");
    StaticTree tree(dir / "www", Durability::rebuilt_on_start);
    BOOST_CHECK_EXCEPTION(tree.clear(), Error, [](const Error& e) {
        return std::string(e.what()).find("refusing to empty it") != std::string::npos;
    });
    BOOST_TEST(read_file(dir / "www/index.html") == "theirs");
}
