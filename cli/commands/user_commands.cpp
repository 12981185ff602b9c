#include "cli/commands/user_commands.hpp"

#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <vector>

#include "auth/accounts.hpp"
#include "auth/limits.hpp"
#include "auth/names.hpp"
#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"

namespace vitae::cli {

namespace {

// Echo off on a terminal for as long as the password is typed.
class NoEcho {
public:
    NoEcho() {
        if (::isatty(STDIN_FILENO) == 0 || ::tcgetattr(STDIN_FILENO, &saved_) != 0) return;
        termios quiet = saved_;
        quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
        active_ = ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet) == 0;
        if (active_) std::cerr << "password: " << std::flush;
    }
    ~NoEcho() {
        if (!active_) return;
        ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_);
        std::cerr << "\n";
    }
    NoEcho(const NoEcho&) = delete;
    NoEcho& operator=(const NoEcho&) = delete;

private:
    termios saved_{};
    bool active_ = false;
};

std::string password_from_stdin(std::string_view command) {
    NoEcho quiet;
    return read_password_line(std::cin, command);
}

// Accounts' refusals, prefixed with the command as every `vitae` refusal is.
template <class F>
void as(std::string_view command, F&& call) {
    try {
        call();
    } catch (const UsageError& e) {
        throw UsageError(std::string(command) + ": " + e.what());
    }
}

Accounts open_existing(const Args& args) { return Accounts::open(args.positional[0], OpenMode::read_write); }

// Before a password is asked for: whether there is such a user to give it to.
void require_user(const Accounts& accounts, std::string_view command, const std::string& name) {
    std::string prefix = std::string(command) + ": ";
    if (auto problem = user_name_problem(name)) throw UsageError(prefix + *problem);
    if (!accounts.user(name))
        throw UsageError(prefix + "no user " + in_quotes(name) + " in " + accounts.path() + " (vitae user ls " +
                         accounts.path() + ")");
}

}  // namespace

std::string read_password_line(std::istream& in, std::string_view command) {
    std::string line;
    char c = 0;
    while (line.size() <= limits::max_password_bytes && in.get(c) && c != '\n') line += c;
    if (line.size() > limits::max_password_bytes)
        throw UsageError(std::string(command) + ": --password-stdin: the line is longer than " +
                         limits::size_text(limits::max_password_bytes));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) throw UsageError(std::string(command) + ": --password-stdin: the line is empty");
    return line;
}

int run_user_add(const Args& args, std::ostream& out) {
    const std::string& name = args.positional[1];
    const auto sites = args.get_all("--site");
    // Everything checked before AUTH is made: a refusal leaves no file behind.
    if (auto problem = new_user_problem(name, sites, std::nullopt)) throw UsageError("user add: " + *problem);
    auto password = password_from_stdin("user add");
    if (auto problem = password_problem(password)) throw UsageError("user add: " + *problem);
    auto cost = default_hash_cost();
    auto accounts = Accounts::open(args.positional[0], OpenMode::create);
    as("user add", [&] { accounts.add_user(name, password, args.has("--admin") ? UserRole::admin : UserRole::member, sites, cost); });
    out << "added user " << name << " to " << args.positional[0] << ": " << may_edit_text(*accounts.user(name)) << "\n";
    return 0;
}

int run_user_passwd(const Args& args, std::ostream& out) {
    const std::string& name = args.positional[1];
    auto accounts = open_existing(args);
    require_user(accounts, "user passwd", name);
    auto password = password_from_stdin("user passwd");
    auto cost = default_hash_cost();
    as("user passwd", [&] { accounts.set_password(name, password, cost); });
    out << "changed the password of " << name << " in " << args.positional[0] << "; every session of " << name
        << " ended\n";
    return 0;
}

int run_user_grant(const Args& args, std::ostream& out) {
    auto accounts = open_existing(args);
    as("user grant", [&] { accounts.grant(args.positional[1], args.positional[2]); });
    out << "granted site " << args.positional[2] << " to " << args.positional[1] << "\n";
    return 0;
}

int run_user_revoke(const Args& args, std::ostream& out) {
    auto accounts = open_existing(args);
    as("user revoke", [&] { accounts.revoke(args.positional[1], args.positional[2]); });
    out << "revoked site " << args.positional[2] << " from " << args.positional[1] << "\n";
    return 0;
}

int run_user_ls(const Args& args, std::ostream& out) {
    auto accounts = Accounts::open(args.positional[0], OpenMode::read_only);
    std::vector<std::vector<std::string>> rows{{"NAME", "ADMIN", "SITES"}};
    for (const auto& user : accounts.users()) {
        std::string sites;
        for (const auto& site : user.sites) sites += (sites.empty() ? "" : ",") + site;
        rows.push_back({user.name, user.admin ? "admin" : "-", sites.empty() ? "-" : sites});
    }
    std::size_t width[2] = {0, 0};
    for (const auto& row : rows)
        for (std::size_t i = 0; i < 2; ++i) width[i] = std::max(width[i], row[i].size());
    for (const auto& row : rows)
        out << row[0] << std::string(width[0] - row[0].size() + 2, ' ') << row[1]
            << std::string(width[1] - row[1].size() + 2, ' ') << row[2] << "\n";
    return 0;
}

int run_user_rm(const Args& args, std::ostream& out) {
    auto accounts = open_existing(args);
    as("user rm", [&] { accounts.remove_user(args.positional[1]); });
    out << "removed user " << args.positional[1] << " from " << args.positional[0] << " (and every session of theirs)\n";
    return 0;
}

}  // namespace vitae::cli
