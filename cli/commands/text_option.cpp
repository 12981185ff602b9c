#include "cli/commands/text_option.hpp"

#include <fstream>
#include <sstream>

#include "base/error.hpp"
#include "base/log.hpp"

namespace vitae::cli {

std::string read_text_file(const std::string& path, std::size_t max_bytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error("read " + in_quotes(path) + ": cannot open file");
    std::ostringstream body;
    body << in.rdbuf();
    if (in.bad()) throw Error("read " + in_quotes(path) + ": read error");
    if (body.view().size() > max_bytes)
        throw Error("read " + in_quotes(path) + ": larger than " + std::to_string(max_bytes) + " bytes");
    return std::move(body).str();
}

std::string text_option(const Args& args, std::string_view command, std::size_t max_bytes, bool required,
                        TextOptionNames names) {
    bool inline_text = args.has(names.inline_text), file = args.has(names.file);
    std::string either = std::string(names.inline_text) + " or " + std::string(names.file);
    if (inline_text && file) throw UsageError(std::string(command) + ": give the text with " + either + ", not both");
    if (!inline_text && !file) {
        if (required) throw UsageError(std::string(command) + ": give the text with " + either);
        return {};
    }
    std::string text = file ? read_text_file(args.get(names.file), max_bytes) : args.get(names.inline_text);
    if (text.size() > max_bytes)
        throw UsageError(std::string(command) + ": the text is " + std::to_string(text.size()) + " bytes, more than " +
                         std::to_string(max_bytes));
    return text;
}

}  // namespace vitae::cli
