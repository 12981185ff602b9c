// Shared by the cli/ unit tests: run the `vitae` tool in-process and keep
// its exit status and both output streams.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "cli/run/commands.hpp"

namespace vitae::test {

struct Ran {
    int status;
    std::string out;
    std::string err;
};

inline Ran vitae_cli(std::vector<std::string> argv) {
    std::ostringstream out, err;
    int status = cli::run(argv, out, err);
    return {status, out.str(), err.str()};
}

}  // namespace vitae::test
