#include "cli/commands/text_option.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/read_file.hpp"

namespace vitae::cli {

std::string text_option(const Args& args, std::string_view command, std::size_t max_bytes, bool required) {
    bool inline_text = args.has("--text"), file = args.has("--text-file");
    if (inline_text && file)
        throw UsageError(std::string(command) + ": give the text with --text or --text-file, not both");
    if (!inline_text && !file) {
        if (required) throw UsageError(std::string(command) + ": give the text with --text or --text-file");
        return {};
    }
    std::string text = file ? read_whole_file(args.get("--text-file"), max_bytes) : args.get("--text");
    if (text.size() > max_bytes)
        throw UsageError(std::string(command) + ": the text is " + std::to_string(text.size()) + " bytes, more than " +
                         std::to_string(max_bytes));
    return text;
}

}  // namespace vitae::cli
