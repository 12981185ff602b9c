// Running a helper program as a short-lived child: posix_spawn (no fork of
// a large multithreaded process), the bytes given on its stdin, its stdout
// read back whole up to a bound, a deadline after which it is killed, and a
// cancel flag polled while waiting (a stopping worker does not wait for it).
// Its stderr is the caller's (the journal); no other descriptor is inherited.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace vitae {

struct ChildRun {
    std::vector<std::string> argv;  // argv[0] is the program's path (not searched in PATH)
    std::string input;              // written to its stdin, then closed
    std::chrono::milliseconds timeout{0};
    std::size_t max_output_bytes = 0;
    const std::atomic<bool>* cancel = nullptr;  // set: kill it and throw
};

// Its stdout. Throws Error naming the program and what went wrong (could not
// start, killed at the deadline or on cancel, output over the bound, exit
// status or signal); the child is always reaped before this returns.
std::string run_child(const ChildRun& run);

// run_child for a memory-heavy helper (a picture's copies, a PDF read): one
// such child at a time in this process, so their bounded memories never add
// up; a second caller waits. A failure is rethrown as "`what` (why)".
std::string run_heavy_child(const ChildRun& run, const std::string& what);

// The helper's own side, first thing in main: bound its address space
// (not under AddressSanitizer, which reserves terabytes of shadow memory at
// start: the test preset only; the deadline and the CPU bound still hold)
// and its CPU time. Throws Error when the kernel refuses.
struct SelfBounds {
    std::size_t address_space_mb;
    unsigned cpu_seconds;
};
void bound_this_process(const SelfBounds& bounds);

// Where a helper program is: $`env` if set (tests); else `name` beside the
// running program or one folder up (a build tree: vitae-fcgi and
// vitae-admin at its top, vitae in cli/); else `installed` (libexec/vitae/).
std::string find_helper_program(const char* env, const char* name, const char* installed);

}  // namespace vitae
