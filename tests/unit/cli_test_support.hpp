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

// A 1x1 PNG: a picture the file store takes (import-site tests put one
// where a real site keeps its pictures, which the fixtures leave out).
inline std::string tiny_png() {
    static const unsigned char png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1,
                                        0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde, 0, 0, 0, 12, 'I', 'D', 'A', 'T', 0x08,
                                        0xd7, 0x63, 0xf8, 0xcf, 0xc0, 0, 0, 0x03, 0x01, 0x01, 0, 0x18, 0xdd, 0x8d, 0xb0, 0, 0, 0,
                                        0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
    return std::string(reinterpret_cast<const char*>(png), sizeof png);
}

}  // namespace vitae::test
