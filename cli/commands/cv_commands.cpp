#include "cli/commands/cv_commands.hpp"

#include <charconv>
#include <optional>

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/rows/content_store.hpp"

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

// The table's next position: after the last one, so a new row comes last.
std::int64_t next_position(const Db& db, const char* table) {
    auto stmt = db.prepare(std::string("SELECT COALESCE(MAX(position), 0) + 1 FROM ") + table);
    stmt.step();
    return stmt.int_at(0);
}

}  // namespace

int run_add_award(const Args& args, std::ostream& out) {
    std::string name = required("add award", args, "--name");
    auto year = checked_year(args);
    std::string issuer = optional_text(args, "--issuer");
    auto db = open_checked(args.positional[0]);
    Transaction transaction(db);
    auto position = next_position(db, "award");
    auto insert = db.prepare("INSERT INTO award (position, year, name, issuer) VALUES (?, ?, ?, ?)");
    insert.bind(1, position);
    insert.bind(2, year);
    insert.bind(3, name);
    insert.bind(4, issuer);
    insert.step();
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
    Transaction transaction(db);
    auto position = next_position(db, "teaching");
    auto insert = db.prepare("INSERT INTO teaching (position, course, title, term, role) VALUES (?, ?, ?, ?, ?)");
    insert.bind(1, position);
    insert.bind(2, course);
    insert.bind(3, title);
    insert.bind(4, term);
    insert.bind(5, role);
    insert.step();
    transaction.commit();
    out << "added teaching " << position << " (" << course << ", " << (role.empty() ? "no role" : role) << ") to "
        << args.positional[0] << "\n";
    return 0;
}

}  // namespace vitae::cli
