// Hashing and checking passwords with libsodium's Argon2id; the cost from
// the environment (default_hash_cost).
#include "auth/password.hpp"

#include <sodium.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>

#include "auth/limits.hpp"
#include "auth/sodium_init.hpp"
#include "base/error.hpp"
#include "base/log.hpp"

namespace vitae {

namespace {

// A whole number from 1 to `max` in the environment variable `name`, or nullopt when unset.
std::optional<unsigned long long> env_number(const char* name, unsigned long long max) {
    const char* text = std::getenv(name);
    if (text == nullptr) return std::nullopt;
    std::string_view value(text);
    unsigned long long n = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc() || end != value.data() + value.size() || n < 1 || n > max)
        throw Error(std::string(name) + "=" + in_quotes(value) + ": not a whole number from 1 to " + std::to_string(max));
    return n;
}

}  // namespace

HashCost default_hash_cost() {
    HashCost cost{.ops = crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE, .mem_bytes = crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE};
    if (auto ops = env_number("VITAE_ARGON2_OPS", limits::max_argon2_ops)) cost.ops = *ops;
    if (auto mb = env_number("VITAE_ARGON2_MEM_MB", limits::max_argon2_mem_mb)) cost.mem_bytes = *mb * 1024 * 1024;
    return cost;
}

HashCost min_hash_cost() {
    return {.ops = crypto_pwhash_argon2id_OPSLIMIT_MIN, .mem_bytes = crypto_pwhash_argon2id_MEMLIMIT_MIN};
}

HashCost moderate_hash_cost() {
    return {.ops = crypto_pwhash_argon2id_OPSLIMIT_MODERATE, .mem_bytes = crypto_pwhash_argon2id_MEMLIMIT_MODERATE};
}

std::string hash_password(std::string_view password, HashCost cost) {
    ensure_sodium();
    if (cost.ops < crypto_pwhash_argon2id_OPSLIMIT_MIN || cost.mem_bytes < crypto_pwhash_argon2id_MEMLIMIT_MIN)
        throw Error("password hash: cost below libsodium's minimum (ops " + std::to_string(cost.ops) + ", " +
                    std::to_string(cost.mem_bytes) + " bytes)");
    char out[crypto_pwhash_argon2id_STRBYTES];
    if (crypto_pwhash_argon2id_str(out, password.data(), password.size(), cost.ops, cost.mem_bytes) != 0)
        throw Error("password hash: libsodium failed at ops " + std::to_string(cost.ops) + ", " +
                    std::to_string(cost.mem_bytes / (1024 * 1024)) + " MiB (out of memory? lower VITAE_ARGON2_MEM_MB)");
    return out;
}

bool verify_password(std::string_view hash, std::string_view password) {
    ensure_sodium();
    // libsodium wants a NUL-terminated string of at most STRBYTES - 1.
    if (hash.size() >= crypto_pwhash_argon2id_STRBYTES || !hash.starts_with(crypto_pwhash_argon2id_STRPREFIX)) return false;
    std::string terminated(hash);
    return crypto_pwhash_argon2id_str_verify(terminated.c_str(), password.data(), password.size()) == 0;
}

std::optional<HashCost> hash_cost_of(std::string_view hash) {
    unsigned version = 0, mem_kib = 0, ops = 0, lanes = 0;
    std::string text(hash);
    if (std::sscanf(text.c_str(), "$argon2id$v=%u$m=%u,t=%u,p=%u$", &version, &mem_kib, &ops, &lanes) != 4)
        return std::nullopt;
    return HashCost{.ops = ops, .mem_bytes = std::size_t{mem_kib} * 1024};
}

}  // namespace vitae
