// Accounts: what the editor calls. A login checks the throttle and counts
// the attempt (one write transaction), verifies the password outside any
// lock (Argon2id takes tens of milliseconds), then settles the count; a
// session is a row keyed by the SHA-256 of its token.
#include <semaphore>

#include "auth/accounts.hpp"
#include "auth/account_user.hpp"
#include "auth/limits.hpp"
#include "auth/names.hpp"
#include "auth/password.hpp"
#include "auth/throttle.hpp"
#include "auth/tokens.hpp"
#include "store/auth/session_rows.hpp"
#include "store/auth/user_rows.hpp"

namespace vitae {

namespace {

// limits::max_concurrent_password_checks, held while one runs.
class PasswordCheckTurn {
public:
    PasswordCheckTurn() { turns().acquire(); }
    ~PasswordCheckTurn() { turns().release(); }
    PasswordCheckTurn(const PasswordCheckTurn&) = delete;
    PasswordCheckTurn& operator=(const PasswordCheckTurn&) = delete;

private:
    static std::counting_semaphore<>& turns() {
        static std::counting_semaphore<> semaphore(limits::max_concurrent_password_checks);
        return semaphore;
    }
};

std::optional<UserRow> login_user(const Db& db, std::string_view name) {
    if (user_name_problem(name)) return std::nullopt;
    Transaction transaction(db, Transaction::Mode::read);
    return read_user(db, name);
}

}  // namespace

// A hash of a random password at the cost of the newest stored hash (the
// cost the users' logins take), made once: an unknown name then costs what a
// wrong password does.
const std::string& Accounts::dummy_hash() {
    if (!dummy_hash_.empty()) return dummy_hash_;
    std::optional<std::string> newest;
    {
        Transaction transaction(db_, Transaction::Mode::read);
        newest = newest_password_hash(db_);
    }
    auto cost = newest ? hash_cost_of(*newest) : std::nullopt;
    dummy_hash_ = hash_password(random_token(), cost ? *cost : default_hash_cost());
    return dummy_hash_;
}

LoginResult Accounts::log_in(std::string_view name, std::string_view password, std::string_view address, std::int64_t now_s) {
    const std::string& dummy = dummy_hash();
    const auto account = throttle_account(name);
    const auto from = throttle_address(address);
    if (auto wait = claim_login_attempt(db_, account, from, now_s); wait > 0)
        return {.outcome = LoginOutcome::throttled, .user = std::nullopt, .retry_after_s = static_cast<int>(wait)};
    auto row = login_user(db_, name);
    bool usable = row && password.size() <= limits::max_password_bytes;
    // Both paths verify one hash: the user's, or the dummy of the same cost.
    bool good = [&] {
        PasswordCheckTurn turn;
        return verify_password(usable ? row->password_hash : dummy, password.substr(0, limits::max_password_bytes));
    }();
    if (!(usable && good)) return {.outcome = LoginOutcome::refused, .user = std::nullopt, .retry_after_s = 0};
    settle_login_success(db_, account, from);
    return {.outcome = LoginOutcome::ok, .user = to_user(*row), .retry_after_s = 0};
}

std::string Accounts::start_session(const AccountUser& user, std::int64_t now_s, SessionLimits limits) {
    auto token = random_token();
    SessionRow row{.token_hash = token_hash(token), .user_id = user.id, .csrf_token = random_token(),
                   .started = now_s, .last_seen = now_s};
    Transaction transaction(db_);
    delete_sessions_before(db_, now_s - limits.absolute_s, now_s - limits.idle_s);
    insert_session(db_, row);
    delete_oldest_sessions(db_, user.id, limits::max_sessions_per_user);
    transaction.commit();
    return token;
}

std::optional<Session> Accounts::find_session(std::string_view token, std::int64_t now_s, SessionLimits limits) {
    if (!is_token(token)) return std::nullopt;
    const auto hash = token_hash(token);
    std::optional<SessionRow> row;
    std::optional<UserRow> user;
    {
        Transaction transaction(db_, Transaction::Mode::read);
        row = read_session(db_, hash);
        if (row) user = read_user(db_, row->user_id);
    }
    if (!row || !user || !same_secret(row->token_hash, hash)) return std::nullopt;
    bool expired = now_s - row->last_seen >= limits.idle_s || now_s - row->started >= limits.absolute_s;
    if (expired || now_s - row->last_seen >= limits::session_touch_interval_s) {
        Transaction transaction(db_);
        if (expired) delete_session(db_, hash);
        else touch_session(db_, hash, now_s);
        transaction.commit();
    }
    if (expired) return std::nullopt;
    return Session{.user = to_user(*user), .csrf_token = row->csrf_token, .started = row->started};
}

void Accounts::end_session(std::string_view token) {
    if (!is_token(token)) return;
    Transaction transaction(db_);
    delete_session(db_, token_hash(token));
    transaction.commit();
}

}  // namespace vitae
