// Text an owner gives a command: inline (--text) or from a file (--text-file),
// read whole and bounded, with errors that name the file or the option.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "cli/args/args.hpp"

namespace vitae::cli {

// Which options carry the text, and whether one must: `{.required = false}`,
// `{.inline_text = "--body", .file = "--body-file"}`.
struct TextOption {
    bool required = true;                   // exactly one of the two; else at most one ("" for none)
    std::string_view inline_text = "--text";  // the text itself
    std::string_view file = "--text-file";    // a file holding it
};

// The text of the options `option` names. Throws UsageError naming `command`.
std::string text_option(const Args& args, std::string_view command, std::size_t max_bytes, const TextOption& option = {});

}  // namespace vitae::cli
