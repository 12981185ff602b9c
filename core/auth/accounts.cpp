// Accounts: the users (what `vitae user` calls). Each change checks its
// input first, then reads and writes inside one write transaction.
#include "auth/accounts.hpp"
#include "auth/account_user.hpp"

#include <algorithm>

#include "auth/limits.hpp"
#include "auth/names.hpp"
#include "auth/password.hpp"
#include "auth/throttle.hpp"
#include "base/error.hpp"
#include "base/log.hpp"
#include "store/auth/auth_db.hpp"
#include "store/auth/session_rows.hpp"
#include "store/auth/user_rows.hpp"

namespace vitae {

namespace {

void check(const std::optional<std::string>& problem) {
    if (problem) throw UsageError(*problem);
}

void check_site(std::string_view site) { check(granted_site_problem(site)); }

UserRow existing_user(const Db& db, std::string_view name) {
    check(user_name_problem(name));
    auto row = read_user(db, name);
    if (!row)
        throw UsageError("no user " + in_quotes(name) + " in " + db.path() + " (vitae user ls " + db.path() + ")");
    return *row;
}

}  // namespace

bool may_edit(const AccountUser& user, std::string_view site) {
    return user.admin || std::find(user.sites.begin(), user.sites.end(), site) != user.sites.end();
}

std::string may_edit_text(const AccountUser& user) {
    if (user.admin) return "every site (admin)";
    if (user.sites.empty()) return "no site";
    std::string text;
    for (const auto& site : user.sites) text += (text.empty() ? "" : ", ") + site;
    return text;
}

Accounts Accounts::open(const std::string& path, OpenMode mode) { return Accounts(open_auth_db(path, mode)); }

void Accounts::add_user(std::string_view name, std::string_view password, UserRole role, const std::vector<std::string>& sites,
                        HashCost cost) {
    check(new_user_problem(name, sites, password));
    auto hash = hash_password(password, cost);  // before the lock: it takes a while
    Transaction transaction(db_);
    if (read_user(db_, name))
        throw UsageError("user " + in_quotes(name) + " exists in " + db_.path() + " (vitae user passwd to change it)");
    auto id = insert_user(db_, name, hash, role);
    for (const auto& site : sites) insert_grant(db_, id, site);
    transaction.commit();
}

void Accounts::set_password(std::string_view name, std::string_view password, HashCost cost) {
    check(user_name_problem(name));
    check(password_problem(password));
    auto hash = hash_password(password, cost);
    Transaction transaction(db_);
    auto row = existing_user(db_, name);
    update_password_hash(db_, row.id, hash);
    delete_user_sessions(db_, row.id);  // whoever knew the old one is logged out
    transaction.commit();
}

void Accounts::grant(std::string_view name, std::string_view site) {
    check_site(site);
    Transaction transaction(db_);
    insert_grant(db_, existing_user(db_, name).id, site);
    transaction.commit();
}

void Accounts::revoke(std::string_view name, std::string_view site) {
    check_site(site);
    Transaction transaction(db_);
    // Strict, unlike grant: a mistyped site must not look like a revoked one.
    if (!delete_grant(db_, existing_user(db_, name).id, site))
        throw UsageError("user " + in_quotes(name) + " has no grant for site " + in_quotes(site));
    transaction.commit();
}

void Accounts::set_sites(std::string_view name, const std::vector<std::string>& sites) {
    for (const auto& site : sites) check_site(site);
    Transaction transaction(db_);
    auto row = existing_user(db_, name);
    for (const auto& site : row.sites)
        if (std::find(sites.begin(), sites.end(), site) == sites.end()) delete_grant(db_, row.id, site);
    for (const auto& site : sites) insert_grant(db_, row.id, site);
    transaction.commit();
}

void Accounts::remove_user(std::string_view name) {
    Transaction transaction(db_);
    auto row = existing_user(db_, name);
    delete_user_sessions(db_, row.id);
    delete_user(db_, row.id);
    transaction.commit();
}

std::vector<AccountUser> Accounts::users() const {
    Transaction transaction(db_, Transaction::Mode::read);
    std::vector<AccountUser> out;
    for (const auto& row : read_users(db_)) out.push_back(to_user(row));
    return out;
}

std::optional<AccountUser> Accounts::user(std::string_view name) const {
    if (user_name_problem(name)) return std::nullopt;
    Transaction transaction(db_, Transaction::Mode::read);
    auto row = read_user(db_, name);
    if (!row) return std::nullopt;
    return to_user(*row);
}

}  // namespace vitae
