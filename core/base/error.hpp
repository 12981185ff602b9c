// The two ways anything in Vitae fails, shared by vitae-fcgi and vitae:
// Error names the file (or subject) and the problem in one line, ready for a
// log or a terminal; UsageError names a bad argument or option. The worker
// exits 1 / 2 on them at start-up, the CLI likewise; a reload that throws
// Error keeps the last good site. Parse errors with a position derive from
// Error (core/bibtex/bibtex.hpp's BibError).
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

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

// An expected failure as a value (a render that hit a bad lambda, a partial
// nested too deep): one line saying what went wrong, for the caller to
// wrap with its subject and throw, log or show.
struct Failure {
    std::string message;
};

// std::expected's shape in C++20: a T, or the Failure. Result<> is success
// or a Failure. Tested in tests/unit/base/result_test.cpp.
template <class T = void>
class [[nodiscard]] Result {
public:
    Result(T value) : value_(std::move(value)) {}
    Result(Failure failure) : value_(std::move(failure)) {}

    bool ok() const { return value_.index() == 0; }
    explicit operator bool() const { return ok(); }
    const T& value() const& { return std::get<0>(value_); }
    T&& value() && { return std::get<0>(std::move(value_)); }
    const std::string& error() const { return std::get<1>(value_).message; }

private:
    std::variant<T, Failure> value_;
};

template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Failure failure) : failure_(std::move(failure)) {}

    bool ok() const { return !failure_; }
    explicit operator bool() const { return ok(); }
    const std::string& error() const { return failure_->message; }

private:
    std::optional<Failure> failure_;
};

}  // namespace vitae
