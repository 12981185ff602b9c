// Command-line parsing for `vitae`. Each command declares its arguments and
// options once (commands.cpp); parse_args checks argv against that and throws
// UsageError naming the argument that is wrong, and --help is built from it.
#pragma once

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vitae::cli {

// Options that stand for one another (--text or --text-file): the usage line
// shows them as one group, "(A | B)" when the command needs one of them (it
// checks that itself, naming the options), "[A | B]" when it needs none.
enum class Choice { alone, first_of_needed, first_of_optional, or_previous };

struct OptionSpec {
    std::string_view name;             // "--dry-run"
    std::string_view value_name = {};  // "S" for `--slug S`; empty: a flag
    bool required = false;
    std::string_view help = {};
    bool repeatable = false;  // may be given more than once (--tag a --tag b)
    Choice choice = Choice::alone;
};

struct CommandSpec {
    std::string_view name;  // "import-bibtex", "add post"
    std::string summary;
    std::vector<std::string_view> required_args;  // "DB", "FILE.bib"
    std::vector<std::string_view> optional_args;  // after the required ones
    std::vector<OptionSpec> options;
    std::string details;  // --help text after the options: notes, an example; may print a bound (limits::size_text)
};

struct Args {
    std::vector<std::string> positional;
    std::map<std::string, std::string, std::less<>> options;  // a flag maps to ""; a repeated option, its last value
    std::map<std::string, std::vector<std::string>, std::less<>> repeated;  // a repeatable option's values, in order
    bool help = false;

    bool has(std::string_view option) const { return options.find(option) != options.end(); }
    std::string get(std::string_view option) const;     // "" when absent
    std::vector<std::string> get_all(std::string_view option) const;  // a repeatable option's values
    std::string optional_arg(std::size_t index) const;  // "" when absent
};

// `words`: what follows the command name. With --help the rest is not checked.
Args parse_args(const CommandSpec& spec, std::span<const std::string> words);

std::string usage_line(const CommandSpec& spec);  // "vitae check DB [TEMPLATES]", "[--tag T]..." when repeatable
std::string command_help(const CommandSpec& spec);

}  // namespace vitae::cli
