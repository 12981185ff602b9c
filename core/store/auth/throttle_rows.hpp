// The login_throttle table of the accounts database: recent failed logins,
// per account name and per address, shared by every vitae-admin process
// (the count lives here, not in one process's memory). Its reads and its
// one writer; the policy (how many, how long) is core/auth/throttle.
#pragma once

#include <cstdint>
#include <string_view>

namespace vitae {

class Db;

enum class ThrottleScope { account, address };

struct ThrottleRow {
    std::int64_t failures = 0;      // attempts counted since the count last fell to zero
    std::int64_t last_failure = 0;  // seconds since the epoch
};

ThrottleRow read_throttle(const Db& db, ThrottleScope scope, std::string_view subject);  // none: zeros
// Stores `row` for (scope, subject); failures 0 removes the row.
void write_throttle(const Db& db, ThrottleScope scope, std::string_view subject, const ThrottleRow& row);
// Forgets every count whose last failure was at or before `by`.
void delete_throttles_before(const Db& db, std::int64_t by);

}  // namespace vitae
