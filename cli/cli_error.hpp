// The two ways a `vitae` command fails, which run() maps to exit codes: a
// UsageError (exit 2) names the bad argument; an Error (exit 1) names the
// file and the problem. Both messages are one line, printed as they are.
#pragma once

#include <stdexcept>

namespace vitae::cli {

class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace vitae::cli
