#include "cli/commands/cv_commands.hpp"

#include <charconv>
#include <optional>

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/rows/content_store.hpp"
#include "store/write/awards.hpp"
#include "store/write/edit_log.hpp"
#include "store/write/teaching.hpp"

namespace vitae::cli {

namespace {

// A year as people write one on a CV: four digits.
std::optional<int> checked_year(const Args& args) {
    if (!args.has("--year")) return std::nullopt;
    const std::string& text = args.get("--year");
    int year = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), year);
    if (ec != std::errc() || end != text.data() + text.size() || text.size() != 4 || year < 1000)
        throw UsageError("add award: --year " + in_quotes(text) + ": not a year as YYYY");
    return year;
}

std::string required(std::string_view command, const Args& args, std::string_view option) {
    std::string value = args.get(option);
    if (value.empty()) throw UsageError(std::string(command) + ": " + std::string(option) + " is empty");
    return value;
}

std::string optional_text(const Args& args, std::string_view option) {
    return args.has(option) ? args.get(option) : std::string();
}

}  // namespace

int run_add_award(const Args& args, std::ostream& out) {
    std::string name = required("add award", args, "--name");
    auto year = checked_year(args);
    std::string issuer = optional_text(args, "--issuer");
    auto db = open_checked(args.positional[0]);
    LoggedTransaction transaction(db, cli_editor_name(), {"award"});
    auto position = insert_award(db, {.year = year, .name = name, .issuer = issuer});
    transaction.commit();
    out << "added award " << position << " (" << name << ") to " << args.positional[0] << "\n";
    return 0;
}

int run_add_teaching(const Args& args, std::ostream& out) {
    std::string course = required("add teaching", args, "--course");
    std::string title = required("add teaching", args, "--title");
    std::string term = required("add teaching", args, "--term");
    std::string role = optional_text(args, "--role");
    auto db = open_checked(args.positional[0]);
    LoggedTransaction transaction(db, cli_editor_name(), {"teaching"});
    auto position = insert_teaching(db, {.course = course, .title = title, .term = term, .role = role});
    transaction.commit();
    out << "added teaching " << position << " (" << course << ", " << (role.empty() ? "no role" : role) << ") to "
        << args.positional[0] << "\n";
    return 0;
}

}  // namespace vitae::cli
