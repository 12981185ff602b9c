// The bounds of accounts, logins and sessions (core/auth), beside the rest
// in base/limits.hpp and in the same namespace; messages print these.
#pragma once

#include <cstddef>
#include <cstdint>

namespace vitae::limits {

// A user name: 1-32 of [a-z0-9._-], starting with a letter or digit (as a
// Unix login: no case to confuse, nothing to escape in a log or a URL).
inline constexpr std::size_t max_user_name_bytes = 32;
// A password: at least 8 bytes (NIST SP 800-63B's floor for a chosen one),
// at most 1 KiB (a passphrase fits; Argon2 prehashes it, but a login form
// need not take a megabyte).
inline constexpr std::size_t min_password_bytes = 8;
inline constexpr std::size_t max_password_bytes = 1024;
// A client's address as the admin process sees it (an IPv6 text is <= 45).
inline constexpr std::size_t max_address_bytes = 64;

// Failed logins. Every attempt counts as a failure until it succeeds (so
// parallel guesses see one another); a success clears the name's count and
// takes its own attempt off the address's. Past the free failures within
// the window, the next attempt waits login_first_delay_s after the last
// failure, doubling with each further one up to login_max_delay_s (30 s,
// 1, 2, 4, 8 min, then every 10 min): past the first half hour a guesser
// gets 6 tries an hour per name. With no
// failure for login_window_s the count is forgotten. An address is allowed
// more (people behind one NAT); IPv6 addresses count per /64.
inline constexpr std::int64_t login_window_s = 15 * 60;
inline constexpr std::int64_t login_free_failures_per_account = 5;
inline constexpr std::int64_t login_free_failures_per_address = 20;
inline constexpr std::int64_t login_first_delay_s = 30;
inline constexpr std::int64_t login_max_delay_s = 10 * 60;

// The login form's token cookie lives this long: a form left open longer
// is refused as stale and shown again.
inline constexpr int login_form_max_age_s = 3600;

// Sessions: last-seen is written at most this often (a request is a read,
// not a write, most of the time); idle expiry is that much early at worst.
inline constexpr std::int64_t session_touch_interval_s = 60;
inline constexpr std::int64_t max_sessions_per_user = 16;

// Password checks running at once in one process (the others wait their
// turn): each takes the hash's memory (64 MiB at the default), so a flood of
// logins costs at most this many times that, not one per thread.
inline constexpr std::ptrdiff_t max_concurrent_password_checks = 2;

// VITAE_ARGON2_OPS / VITAE_ARGON2_MEM_MB: passes and MiB a login's hash costs.
inline constexpr unsigned long long max_argon2_ops = 64;
inline constexpr std::size_t max_argon2_mem_mb = 4096;

}  // namespace vitae::limits
