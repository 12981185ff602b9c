// Text an owner gives a command: inline (--text) or from a file (--text-file),
// read whole and bounded, with errors that name the file or the option.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "cli/commands/args.hpp"

namespace vitae::cli {

// The file's bytes; throws Error naming the file when it cannot be read or
// is larger than `max_bytes`.
std::string read_text_file(const std::string& path, std::size_t max_bytes);

// The names of an inline text option and of its from-a-file twin.
struct TextOptionNames {
    std::string_view inline_text = "--text";
    std::string_view file = "--text-file";
};

// The text of --text or --text-file (or the options `names` names): exactly
// one of them when `required`, else at most one ("" for none). Throws
// UsageError naming `command`.
std::string text_option(const Args& args, std::string_view command, std::size_t max_bytes, bool required = true,
                        TextOptionNames names = {});

}  // namespace vitae::cli
