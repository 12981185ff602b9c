// The one whole-file reader (core/base/read_file.hpp): every byte, a bound
// that is never read past, and an Error naming the file and the system's reason.
#define BOOST_TEST_MODULE read_file
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <string>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/read_file.hpp"
#include "test_support.hpp"

using namespace vitae;
using vitae::test::TempDir;
using vitae::test::write_file;

namespace {

std::string error_of(const std::filesystem::path& path, std::size_t max_bytes = unbounded_bytes) {
    try {
        read_whole_file(path, max_bytes);
    } catch (const Error& e) {
        return e.what();
    }
    return "(read)";
}

}  // namespace

BOOST_AUTO_TEST_CASE(reads_every_byte) {
    TempDir dir;
    std::string bytes("a\0b\r\n\xff", 6);
    bytes += std::string(100'000, 'x');  // more than one read's buffer
    write_file(dir / "f", bytes);
    BOOST_TEST(read_whole_file(dir / "f") == bytes);
    BOOST_TEST(read_whole_file(dir / "f", bytes.size()) == bytes);  // the bound is inclusive
    write_file(dir / "empty", "");
    BOOST_TEST(read_whole_file(dir / "empty").empty());
}

BOOST_AUTO_TEST_CASE(a_file_over_its_bound_is_refused) {
    TempDir dir;
    write_file(dir / "f", "12345");
    BOOST_TEST(error_of(dir / "f", 4) == "read " + in_quotes((dir / "f").string()) + ": larger than 4 bytes");
}

BOOST_AUTO_TEST_CASE(a_missing_file_or_a_directory_is_an_error_naming_it) {
    TempDir dir;
    BOOST_TEST(error_of(dir / "none") == "read " + in_quotes((dir / "none").string()) + ": No such file or directory");
    BOOST_TEST(error_of(dir.path()) == "read " + in_quotes(dir.path().string()) + ": Is a directory");
}

BOOST_AUTO_TEST_CASE(a_pipe_is_read_to_its_end_and_bounded_too) {
    for (std::size_t bound : {unbounded_bytes, std::size_t{3}}) {
        int fds[2];
        BOOST_TEST_REQUIRE(::pipe(fds) == 0);
        BOOST_TEST_REQUIRE(::write(fds[1], "piped", 5) == 5);
        ::close(fds[1]);
        std::filesystem::path path = "/proc/self/fd/" + std::to_string(fds[0]);
        if (bound == unbounded_bytes) BOOST_TEST(read_whole_file(path) == "piped");
        else BOOST_TEST(error_of(path, bound).ends_with(": larger than 3 bytes"));
        ::close(fds[0]);
    }
}
