#include "auth/throttle.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <array>

#include "auth/limits.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

std::string throttle_address(std::string_view address) {
    std::string text(address.substr(0, limits::max_address_bytes));
    std::array<unsigned char, 16> bytes{};
    if (text.find(':') == std::string::npos || inet_pton(AF_INET6, text.c_str(), bytes.data()) != 1) return text;
    static constexpr unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    char out[INET6_ADDRSTRLEN] = {};
    if (std::equal(bytes.begin(), bytes.begin() + 12, mapped)) {
        inet_ntop(AF_INET, bytes.data() + 12, out, sizeof out);
        return out;
    }
    std::fill(bytes.begin() + 8, bytes.end(), 0);
    inet_ntop(AF_INET6, bytes.data(), out, sizeof out);
    return std::string(out) + "/64";
}

std::string throttle_account(std::string_view name) {
    return std::string(name.substr(0, limits::max_user_name_bytes + 1));
}

std::int64_t throttle_wait_s(const ThrottleRow& row, std::int64_t now_s, std::int64_t free_failures) {
    if (row.failures < free_failures || now_s - row.last_failure >= limits::login_window_s) return 0;
    std::int64_t delay = limits::login_first_delay_s;
    for (std::int64_t n = free_failures; n < row.failures && delay < limits::login_max_delay_s; ++n) delay *= 2;
    delay = std::min(delay, limits::login_max_delay_s);
    return std::max<std::int64_t>(0, row.last_failure + delay - now_s);
}

namespace {

ThrottleRow counted(ThrottleRow row, std::int64_t now_s) {
    if (now_s - row.last_failure >= limits::login_window_s) row.failures = 0;  // forgotten
    return {.failures = row.failures + 1, .last_failure = now_s};
}

}  // namespace

std::int64_t claim_login_attempt(const Db& db, std::string_view account, std::string_view address, std::int64_t now_s) {
    Transaction transaction(db);
    delete_throttles_before(db, now_s - limits::login_window_s);
    auto by_account = read_throttle(db, ThrottleScope::account, account);
    auto by_address = read_throttle(db, ThrottleScope::address, address);
    std::int64_t wait = std::max(throttle_wait_s(by_account, now_s, limits::login_free_failures_per_account),
                                 throttle_wait_s(by_address, now_s, limits::login_free_failures_per_address));
    if (wait == 0) {
        write_throttle(db, ThrottleScope::account, account, counted(by_account, now_s));
        write_throttle(db, ThrottleScope::address, address, counted(by_address, now_s));
    }
    transaction.commit();
    return wait;
}

void settle_login_success(const Db& db, std::string_view account, std::string_view address) {
    Transaction transaction(db);
    write_throttle(db, ThrottleScope::account, account, {});
    auto by_address = read_throttle(db, ThrottleScope::address, address);
    by_address.failures -= 1;
    write_throttle(db, ThrottleScope::address, address, by_address);
    transaction.commit();
}

}  // namespace vitae
