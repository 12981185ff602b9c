#include "cli/args/args.hpp"

#include <algorithm>

#include "base/error.hpp"
#include "base/log.hpp"

namespace vitae::cli {

namespace {

[[noreturn]] void usage_error(const CommandSpec& spec, const std::string& message) {
    throw UsageError(std::string(spec.name) + ": " + message);
}

const OptionSpec* find_option(const CommandSpec& spec, std::string_view name) {
    auto it = std::find_if(spec.options.begin(), spec.options.end(), [&](const auto& o) { return o.name == name; });
    return it == spec.options.end() ? nullptr : &*it;
}

// --name=value, --name value, or --flag; returns how many words it took.
std::size_t parse_option(const CommandSpec& spec, std::span<const std::string> words, std::size_t i, Args& args) {
    std::string_view word = words[i];
    auto equals = word.find('=');
    std::string name(word.substr(0, equals));
    const OptionSpec* option = find_option(spec, name);
    if (option == nullptr) usage_error(spec, "unknown option " + in_quotes(name));
    if (args.has(name) && !option->repeatable) usage_error(spec, "option " + name + " given twice");
    if (option->value_name.empty()) {
        if (equals != std::string_view::npos) usage_error(spec, "option " + name + " takes no value");
        args.options[name] = "";
        return 1;
    }
    auto store = [&](std::string value) {
        if (option->repeatable) args.repeated[name].push_back(value);
        args.options[name] = std::move(value);
    };
    if (equals != std::string_view::npos) {
        store(std::string(word.substr(equals + 1)));
        return 1;
    }
    if (i + 1 >= words.size())
        usage_error(spec, "option " + name + " needs a value (" + std::string(option->value_name) + ")");
    store(words[i + 1]);
    return 2;
}

void check_counts(const CommandSpec& spec, const Args& args) {
    const auto& required = spec.required_args;
    if (args.positional.size() < required.size())
        usage_error(spec, "missing argument " + std::string(required[args.positional.size()]));
    if (args.positional.size() > required.size() + spec.optional_args.size())
        usage_error(spec,
                    "unexpected argument " + in_quotes(args.positional[required.size() + spec.optional_args.size()]));
    for (std::size_t i = 0; i < args.positional.size(); ++i) {
        auto name = i < required.size() ? required[i] : spec.optional_args[i - required.size()];
        if (args.positional[i].empty()) usage_error(spec, "argument " + std::string(name) + " is empty");
    }
    for (const auto& option : spec.options)
        if (option.required && !args.has(option.name))
            usage_error(spec, "missing option " + std::string(option.name) + " " + std::string(option.value_name));
}

}  // namespace

std::string Args::get(std::string_view option) const {
    auto it = options.find(option);
    return it == options.end() ? std::string() : it->second;
}

std::vector<std::string> Args::get_all(std::string_view option) const {
    auto it = repeated.find(option);
    return it == repeated.end() ? std::vector<std::string>() : it->second;
}

std::string Args::optional_arg(std::size_t index) const {
    return index < positional.size() ? positional[index] : std::string();
}

Args parse_args(const CommandSpec& spec, std::span<const std::string> words) {
    Args args;
    bool options_done = false;
    for (std::size_t i = 0; i < words.size();) {
        const std::string& word = words[i];
        if (!options_done && (word == "--help" || word == "-h")) {
            args.help = true;
            return args;
        }
        if (!options_done && word == "--") {
            options_done = true;
            ++i;
        } else if (!options_done && word.starts_with("--")) {
            i += parse_option(spec, words, i, args);
        } else if (!options_done && word.size() > 1 && word.starts_with('-')) {
            usage_error(spec, "unknown option " + in_quotes(word));
        } else {
            args.positional.push_back(word);
            ++i;
        }
    }
    check_counts(spec, args);
    return args;
}

std::string usage_line(const CommandSpec& spec) {
    std::string line = "vitae " + std::string(spec.name);
    for (auto arg : spec.required_args) line += " " + std::string(arg);
    for (auto arg : spec.optional_args) line += " [" + std::string(arg) + "]";
    for (const auto& option : spec.options) {
        std::string text = std::string(option.name);
        if (!option.value_name.empty()) text += " " + std::string(option.value_name);
        if (option.choice == Choice::or_previous && !line.empty()) line.insert(line.size() - 1, " | " + text);
        else if (option.choice == Choice::first_of_needed) line += " (" + text + ")";
        else line += option.required ? " " + text : " [" + text + "]";
        if (option.repeatable) line += "...";
    }
    return line;
}

std::string command_help(const CommandSpec& spec) {
    std::string out = "usage: " + usage_line(spec) + "\n\n" + std::string(spec.summary) + "\n";
    if (!spec.options.empty()) {
        out += "\noptions:\n";
        for (const auto& option : spec.options) {
            std::string left = "  " + std::string(option.name);
            if (!option.value_name.empty()) left += " " + std::string(option.value_name);
            left.resize(std::max<std::size_t>(left.size() + 2, 24), ' ');
            out += left + std::string(option.help) + "\n";
        }
    }
    if (!spec.details.empty()) out += "\n" + std::string(spec.details);
    return out;
}

}  // namespace vitae::cli
