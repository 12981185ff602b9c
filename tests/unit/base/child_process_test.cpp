// base/child_process: a helper program run as a bounded child (vitae-cv-pdf
// runs through it). Real programs: /bin/sh and coreutils.
#define BOOST_TEST_MODULE child_process
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "base/child_process.hpp"
#include "base/error.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace std::chrono_literals;

namespace {

ChildRun shell(const std::string& script, std::string input = {}) {
    return {.argv = {"/bin/sh", "-c", script}, .input = std::move(input), .timeout = 5000ms, .max_output_bytes = 4u << 20,
            .cancel = nullptr};
}

std::string error_of(const ChildRun& run) {
    try {
        run_child(run);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

BOOST_AUTO_TEST_CASE(stdin_goes_in_and_stdout_comes_back_whole_even_past_a_pipe_buffer) {
    std::string input(1 << 20, 'x');  // 1 MB each way: both pipes fill, neither side may block the other
    for (std::size_t i = 0; i < input.size(); i += 997) input[i] = static_cast<char>('a' + i % 26);
    BOOST_TEST(run_child(shell("cat", input)) == input);
    BOOST_TEST(run_child(shell("printf 'no input'")) == "no input");
}

BOOST_AUTO_TEST_CASE(a_failing_child_names_its_status_or_signal) {
    BOOST_TEST(error_of(shell("echo partial; exit 3")).find("exited with status 3") != std::string::npos);
    BOOST_TEST(error_of(shell("kill -9 $$")).find("killed by signal") != std::string::npos);
    BOOST_TEST(error_of({.argv = {"/nonexistent/vitae-cv-pdf"}, .input = {}, .timeout = 1000ms, .max_output_bytes = 10, .cancel = nullptr})
                   .find("posix_spawn") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_child_past_its_deadline_is_killed_at_once) {
    auto run = shell("sleep 30");
    run.timeout = 200ms;
    auto before = std::chrono::steady_clock::now();
    BOOST_TEST(error_of(run).find("no answer within 200 ms") != std::string::npos);
    BOOST_TEST((std::chrono::steady_clock::now() - before < 2s));
    run = shell("exec >&-; sleep 30");  // closes stdout, then lingers
    run.timeout = 200ms;
    BOOST_TEST(error_of(run).find("no answer within") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(output_over_the_bound_is_refused) {
    auto run = shell("head -c 100000 /dev/zero");
    run.max_output_bytes = 1000;
    BOOST_TEST(error_of(run).find("wrote more than") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_cancel_kills_the_child_it_waits_for) {
    std::atomic<bool> cancel{false};
    test::TempDir dir;
    auto started = dir / "started";  // the child is running: the cancel must reach it, not a spawn yet to come
    auto run = shell(": > '" + started.string() + "'; exec sleep 30");
    run.cancel = &cancel;
    std::thread stopper([&cancel, &started] {
        auto give_up = std::chrono::steady_clock::now() + 5s;
        while (!std::filesystem::exists(started) && std::chrono::steady_clock::now() < give_up)
            std::this_thread::sleep_for(1ms);
        cancel = true;
    });
    auto before = std::chrono::steady_clock::now();
    BOOST_TEST(error_of(run).find("cancelled") != std::string::npos);
    BOOST_TEST((std::chrono::steady_clock::now() - before < 2s));
    stopper.join();
}

BOOST_AUTO_TEST_CASE(the_child_inherits_no_descriptor_but_its_three) {
    int fd = ::open("/dev/null", O_RDONLY);  // not close-on-exec, as a listener's socket may be
    BOOST_REQUIRE(fd > 2);
    BOOST_TEST(run_child(shell("test -e /proc/$$/fd/" + std::to_string(fd) + " && echo leaked || echo none")) == "none\n");
    ::close(fd);
}
