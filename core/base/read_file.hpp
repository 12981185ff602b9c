// A whole file's bytes: the one reader (templates, their overrides and
// strings, BibTeX, an imported site's files, a file to add, a --text-file),
// one message shape, one bound per caller. Tested in tests/unit/base/read_file_test.cpp.
#pragma once

#include <cstddef>
#include <filesystem>
#include <limits>
#include <string>

#include "base/error.hpp"  // what it throws

namespace vitae {

inline constexpr std::size_t unbounded_bytes = std::numeric_limits<std::size_t>::max();

// The file's bytes, read to its end (a pipe such as /dev/stdin too). Throws
// Error "read \"PATH\": <reason>" when it cannot be opened or read (the
// system's reason: "No such file or directory", "Is a directory") or holds
// more than `max_bytes` ("larger than N bytes"; only that much is ever read).
std::string read_whole_file(const std::filesystem::path& path, std::size_t max_bytes = unbounded_bytes);

}  // namespace vitae
