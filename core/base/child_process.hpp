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

// Where a helper program is: $`env` if set (tests); else `name` beside the
// running program or one folder up (a build tree: vitae-fcgi and
// vitae-admin at its top, vitae in cli/); else `installed` (libexec/vitae/).
std::string find_helper_program(const char* env, const char* name, const char* installed);

}  // namespace vitae
