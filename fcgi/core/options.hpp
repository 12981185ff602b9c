// A program's options as one table (name, environment variable, argument,
// help, how it applies), read from the environment and then the command
// line by one loop: vitae-fcgi's Config and vitae-admin's AdminConfig both
// use it, so both take --opt VALUE, --opt=VALUE and VITAE_* alike.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "base/error.hpp"

namespace vitae {

template <class C>
struct Option {
    std::string_view name;
    const char* env;  // nullptr: command line only
    std::string_view argument;
    std::string_view help;
    void (*apply)(C&, std::string_view value);
    // The help's "(default N)", from the constant the option's field starts
    // at, so the help cannot say another number than the program uses.
    std::optional<std::int64_t> default_value = std::nullopt;
};

// `value` as an integer in [min, max] (`base` 8 for modes); UsageError naming `option` otherwise.
int parse_int(std::string_view option, std::string_view value, int base, int min, int max);
// unix:PATH or HOST:PORT, else UsageError naming --listen.
std::string listen_address(std::string_view value);

template <class C>
void parse_options(std::span<const Option<C>> table, C& config, int argc, const char* const* argv,
                   const char* (*getenv_fn)(const char*)) {
    for (const auto& option : table)
        if (option.env != nullptr)
            if (const char* value = getenv_fn(option.env); value != nullptr && *value != '\0') option.apply(config, value);
    for (int i = 1; i < argc; ++i) {
        std::string_view arg = argv[i];
        std::string_view name = arg.substr(0, arg.find('='));
        auto option = std::find_if(table.begin(), table.end(), [&](const Option<C>& o) { return o.name == name; });
        if (option == table.end()) throw UsageError("unknown option \"" + std::string(arg) + "\"");
        if (option->argument.empty()) {
            if (name != arg) throw UsageError(std::string(name) + " takes no value");
            option->apply(config, {});
        } else if (name != arg) {
            option->apply(config, arg.substr(name.size() + 1));
        } else if (i + 1 < argc) {
            option->apply(config, argv[++i]);
        } else {
            throw UsageError(std::string(name) + " needs a value (" + std::string(option->argument) + ")");
        }
    }
}

// One line per option: name, argument, help, its default, its environment variable.
template <class C>
std::string options_help(std::span<const Option<C>> table) {
    std::string text;
    for (const auto& o : table) {
        std::string left = "  " + std::string(o.name) + (o.argument.empty() ? "" : " " + std::string(o.argument));
        left.resize(std::max<std::size_t>(left.size() + 2, 24), ' ');
        std::string shown_default = o.default_value ? " (default " + std::to_string(*o.default_value) + ")" : "";
        text += left + std::string(o.help) + shown_default + (o.env ? " [env " + std::string(o.env) + "]" : "") + "\n";
    }
    return text;
}

}  // namespace vitae
