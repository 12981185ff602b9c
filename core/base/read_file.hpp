// A whole small file's bytes (templates, their overrides): one reader, one message.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "base/error.hpp"
#include "base/log.hpp"

namespace vitae {

// Throws Error "read PATH: cannot read" when it cannot.
inline std::string read_whole_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) throw Error("read " + in_quotes(path.string()) + ": cannot read");
    return text.str();
}

}  // namespace vitae
