// Replaces a file so a reader (nginx serving the export) sees the old bytes or
// the new ones, never a part: write a temp file beside it, fsync, rename.
#pragma once

#include <filesystem>
#include <string_view>

namespace vitae::cli {

// Mode 0644: the web server reads what we write. Throws Error naming the file.
void write_file_atomically(const std::filesystem::path& path, std::string_view data);

}  // namespace vitae::cli
