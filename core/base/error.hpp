// The two ways anything in Vitae fails, shared by vitae-fcgi and vitae:
// Error names the file (or subject) and the problem in one line, ready for a
// log or a terminal; UsageError names a bad argument or option. The worker
// exits 1 / 2 on them at start-up, the CLI likewise; a reload that throws
// Error keeps the last good site. Parse errors with a position derive from
// Error (cli/bibtex.hpp's BibError).
#pragma once

#include <stdexcept>

namespace vitae {

class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace vitae
