// Accounts for vitae-admin, the editor in the browser: users (a name, an
// Argon2id password hash, admin or not, the sites granted), logins throttled
// per account and per address, sessions found by a random token of which
// only the SHA-256 is stored. Everything lives in the accounts database
// (store/auth, AUTH = /var/lib/vitae/auth.db), never in a site's, so the
// state is shared by every admin process and `vitae user`. Time is a
// parameter (now_s, seconds since the epoch): tests move it, nothing sleeps.
// Bad input to the CLI's calls throws UsageError with one line naming the
// value and the reason; every change is one transaction, so a refusal
// changes nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/auth/user_rows.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// crypto_pwhash's opslimit (passes) and memlimit (bytes).
struct HashCost { unsigned long long ops = 0; std::size_t mem_bytes = 0; };
// libsodium's INTERACTIVE (2 passes, 64 MiB) unless VITAE_ARGON2_OPS or
// VITAE_ARGON2_MEM_MB says otherwise; throws Error naming the variable when
// its value is not a whole number within limits (core/auth/limits.hpp).
HashCost default_hash_cost();

struct AccountUser { std::int64_t id = 0; std::string name; bool admin = false; std::vector<std::string> sites; };
// An admin may edit every site; anyone else the sites granted.
bool may_edit(const AccountUser& user, std::string_view site);
// What `user` may edit, for people: "every site (admin)", "no site", "ann, lab".
std::string may_edit_text(const AccountUser& user);

struct Session { AccountUser user; std::string csrf_token; std::int64_t started = 0; };
enum class LoginOutcome { ok, refused, throttled };
// refused: unknown user and wrong password alike. throttled: too many recent
// failures for the name or the address; retry_after_s says when to try again.
struct LoginResult { LoginOutcome outcome = LoginOutcome::refused; std::optional<AccountUser> user; int retry_after_s = 0; };
struct SessionLimits { int idle_s = 30 * 60; int absolute_s = 12 * 3600; };

// Secrets compared in constant time (sodium_memcmp): for the CSRF token of a
// form against the session's. Different lengths are unequal.
bool same_secret(std::string_view a, std::string_view b);

// One Accounts per thread: it owns one SQLite connection (no mutex), as a
// worker thread owns its Db. Several, in several processes, share one AUTH.
class Accounts {
public:
    // OpenMode::create makes AUTH (mode 0600, the schema) when it is missing.
    static Accounts open(const std::string& path, OpenMode mode);

    // users: the CLI
    void add_user(std::string_view name, std::string_view password, UserRole role, const std::vector<std::string>& sites,
                  HashCost cost);
    void set_password(std::string_view name, std::string_view password, HashCost cost);  // ends every session of that user
    void grant(std::string_view name, std::string_view site);   // already granted: nothing changes
    void revoke(std::string_view name, std::string_view site);  // not granted: UsageError
    // The grants become exactly `sites` (the editor's checkboxes), in one transaction.
    void set_sites(std::string_view name, const std::vector<std::string>& sites);
    void remove_user(std::string_view name);   // and its sessions
    std::vector<AccountUser> users() const;    // sorted by name
    std::optional<AccountUser> user(std::string_view name) const;

    // the editor
    // Takes as long for an unknown name as for a wrong password (both verify
    // a hash of the same cost); a success clears the name's failures.
    LoginResult log_in(std::string_view name, std::string_view password, std::string_view address, std::int64_t now_s);
    // Returns the token (base64url of 32 random bytes); only its SHA-256 is
    // stored. Sessions past `limits` are dropped meanwhile, and a user's
    // oldest beyond limits::max_sessions_per_user.
    std::string start_session(const AccountUser& user, std::int64_t now_s, SessionLimits limits = {});
    // Touches last-seen (at most once per limits::session_touch_interval_s);
    // expired or unknown: nullopt. The user as stored now (a revoke counts at once).
    std::optional<Session> find_session(std::string_view token, std::int64_t now_s, SessionLimits limits = {});
    void end_session(std::string_view token);  // unknown: nothing to do

    const std::string& path() const { return db_.path(); }

private:
    explicit Accounts(Db db) : db_(std::move(db)) {}
    const std::string& dummy_hash();

    Db db_;
    std::string dummy_hash_;  // made at the first login, at the cost of the newest stored hash
};

}  // namespace vitae
