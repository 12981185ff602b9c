// Dispatch: argv -> the command in the table, exceptions -> exit codes and
// one line on stderr. Top-level --help and --version live here.
#include <algorithm>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/version.hpp"
#include "cli/run/commands.hpp"

namespace vitae::cli {

namespace {

constexpr std::string_view help_line = "vitae --help | --version | COMMAND --help";

std::string general_help() {
    std::string out =
        "usage: vitae COMMAND ARGS...   (vitae COMMAND --help for one command)\n\n"
        "Edit, check and publish a Vitae site database.\n\ncommands:\n";
    for (const auto& command : commands()) out += "  " + usage_line(command.spec) + "\n";
    out += "\n  " + std::string(help_line) + "\n\nexit status: 0 ok, 1 the work failed, 2 bad arguments, 3 done in part\n";
    return out;
}

// The kinds a two-word command's first word takes, in table order: "add" ->
// "post, news, ...". Empty when no command starts with `verb` and a space.
std::string kinds_of(std::string_view verb) {
    std::string kinds;
    for (const auto& command : commands()) {
        std::string_view name = command.spec.name;
        auto space = name.find(' ');
        if (space == std::string_view::npos || name.substr(0, space) != verb) continue;
        kinds += (kinds.empty() ? "" : ", ") + std::string(name.substr(space + 1));
    }
    return kinds;
}

// "add post", "ls files"…: two words; the others one.
const Command* find_command(std::span<const std::string> words, std::size_t& used) {
    for (const auto& command : commands()) {
        std::string_view name = command.spec.name;
        auto space = name.find(' ');
        if (space == std::string_view::npos && words[0] == name) {
            used = 1;
            return &command;
        }
        if (space != std::string_view::npos && words[0] == name.substr(0, space) && words.size() > 1 &&
            words[1] == name.substr(space + 1)) {
            used = 2;
            return &command;
        }
    }
    return nullptr;
}

int run_command(std::span<const std::string> words, std::ostream& out, std::string& help_hint) {
    std::size_t used = 0;
    const Command* command = find_command(words, used);
    if (std::string kinds = command == nullptr ? kinds_of(words[0]) : ""; !kinds.empty())
        throw UsageError(words.size() > 1 ? words[0] + ": unknown kind " + in_quotes(words[1]) + " (expected: " + kinds + ")"
                                          : words[0] + ": missing kind (expected: " + kinds + ")");
    if (command == nullptr) throw UsageError("unknown command " + in_quotes(words[0]));
    help_hint = "vitae " + std::string(command->spec.name) + " --help";
    Args args = parse_args(command->spec, words.subspan(used));
    if (args.help) {
        out << command_help(command->spec);
        return 0;
    }
    return command->run(args, out);
}

}  // namespace

std::string synopsis() {
    std::string out;
    for (const auto& command : commands()) out += usage_line(command.spec) + "\n";
    return out + std::string(help_line) + "\n";
}

// man(7): no filling, so one command a line; a '-' is a minus sign in roff
// unless escaped, and '\\' starts an escape.
std::string synopsis_roff() {
    std::string out = ".nf\n";
    for (char c : synopsis()) {
        if (c == '-' || c == '\\') out += '\\';
        out += c;
    }
    return out + ".fi\n";
}

int run(std::span<const std::string> words, std::ostream& out, std::ostream& err) {
    if (words.empty()) {
        err << "vitae: missing command (see vitae --help)\n";
        return 2;
    }
    if (words[0] == "help" && words.size() == 2 && words[1] == "--synopsis") {
        out << synopsis();
        return 0;
    }
    if (words[0] == "help" && words.size() == 2 && words[1] == "--synopsis-roff") {
        out << synopsis_roff();
        return 0;
    }
    if (words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
        out << general_help();
        return 0;
    }
    if (words[0] == "--version") {
        out << "vitae " << version << "\n";
        return 0;
    }
    std::string help_hint = "vitae --help";
    try {
        return run_command(words, out, help_hint);
    } catch (const UsageError& e) {
        err << "vitae: " << e.what() << " (see " << help_hint << ")\n";
        return 2;
    } catch (const std::exception& e) {
        err << "vitae: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace vitae::cli
