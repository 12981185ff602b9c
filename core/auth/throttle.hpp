// The policy of failed logins (limits.hpp has the numbers and the why):
// what a name and an address count as, how long a throttled attempt waits,
// and the two transactions around a password check. The counts live in the
// accounts database (store/auth/throttle_rows), so every vitae-admin
// process sees the same ones.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "store/auth/throttle_rows.hpp"

namespace vitae {

class Db;

// The address an attempt is counted under: IPv6 by its /64 (one host's
// share), an IPv4-mapped IPv6 address as IPv4, anything else as given (cut
// to limits::max_address_bytes).
std::string throttle_address(std::string_view address);
// The name an attempt is counted under, whether or not such a user exists
// (so a throttled answer says nothing about which names do).
std::string throttle_account(std::string_view name);

// Seconds the next attempt must wait given `row` (0: it may go ahead).
std::int64_t throttle_wait_s(const ThrottleRow& row, std::int64_t now_s, std::int64_t free_failures);

// One write transaction: forgets old counts, then either returns the wait
// (> 0, nothing counted) or counts the attempt against both and returns 0.
std::int64_t claim_login_attempt(const Db& db, std::string_view account, std::string_view address, std::int64_t now_s);
// After a good password: the name's count goes, the address's loses this attempt.
void settle_login_success(const Db& db, std::string_view account, std::string_view address);

}  // namespace vitae
