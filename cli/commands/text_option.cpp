#include "cli/commands/text_option.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/read_file.hpp"

namespace vitae::cli {

std::string text_option(const Args& args, std::string_view command, std::size_t max_bytes, bool required,
                        TextOptionNames names) {
    bool inline_text = args.has(names.inline_text), file = args.has(names.file);
    std::string either = std::string(names.inline_text) + " or " + std::string(names.file);
    if (inline_text && file) throw UsageError(std::string(command) + ": give the text with " + either + ", not both");
    if (!inline_text && !file) {
        if (required) throw UsageError(std::string(command) + ": give the text with " + either);
        return {};
    }
    std::string text = file ? read_whole_file(args.get(names.file), max_bytes) : args.get(names.inline_text);
    if (text.size() > max_bytes)
        throw UsageError(std::string(command) + ": the text is " + std::to_string(text.size()) + " bytes, more than " +
                         std::to_string(max_bytes));
    return text;
}

}  // namespace vitae::cli
