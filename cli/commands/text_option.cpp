#include "cli/commands/text_option.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/read_file.hpp"

namespace vitae::cli {

std::string text_option(const Args& args, std::string_view command, std::size_t max_bytes, const TextOption& option) {
    bool inline_text = args.has(option.inline_text), file = args.has(option.file);
    std::string either = std::string(option.inline_text) + " or " + std::string(option.file);
    if (inline_text && file) throw UsageError(std::string(command) + ": give the text with " + either + ", not both");
    if (!inline_text && !file) {
        if (option.required) throw UsageError(std::string(command) + ": give the text with " + either);
        return {};
    }
    std::string text = file ? read_whole_file(args.get(option.file), max_bytes) : args.get(option.inline_text);
    if (text.size() > max_bytes)
        throw UsageError(std::string(command) + ": the text is " + std::to_string(text.size()) + " bytes, more than " +
                         std::to_string(max_bytes));
    return text;
}

}  // namespace vitae::cli
