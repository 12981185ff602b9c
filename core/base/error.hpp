// The two ways anything in Vitae fails, shared by vitae-fcgi and vitae:
// Error names the file (or subject) and the problem in one line, ready for a
// log or a terminal; UsageError names a bad argument or option. The worker
// exits 1 / 2 on them at start-up, the CLI likewise; a reload that throws
// Error keeps the last good site. Parse errors with a position derive from
// Error (core/bibtex/bibtex.hpp's BibError).
#pragma once

#include <stdexcept>

namespace vitae {

class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The database stayed locked by a writer past the busy timeout: nothing is
// wrong with the file, and the same read will work once the writer is done.
class BusyError : public Error {
public:
    using Error::Error;
};

class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace vitae
