// Text an owner gives a command: inline (--text) or from a file (--text-file),
// read whole and bounded, with errors that name the file or the option.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "cli/commands/args.hpp"

namespace vitae::cli {

// The text of --text or --text-file: exactly one of them when `required`,
// else at most one ("" for none). Throws UsageError naming `command`.
std::string text_option(const Args& args, std::string_view command, std::size_t max_bytes, bool required = true);

}  // namespace vitae::cli
