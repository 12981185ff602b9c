// Tokens, their hashes, constant-time compares: libsodium's.
#include "auth/tokens.hpp"

#include <sodium.h>

#include <array>

#include "auth/accounts.hpp"
#include "auth/sodium_init.hpp"
#include "base/error.hpp"

namespace vitae {

namespace {

constexpr std::size_t token_bytes = 32;  // 256 bits
constexpr std::size_t token_chars = 43;  // base64url of 32 bytes, no padding

}  // namespace

void ensure_sodium() {
    if (sodium_init() < 0) throw Error("libsodium: sodium_init failed (no system randomness?)");
}

std::string random_token() {
    ensure_sodium();
    std::array<unsigned char, token_bytes> bytes{};
    randombytes_buf(bytes.data(), bytes.size());
    char text[sodium_base64_ENCODED_LEN(token_bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING)];
    sodium_bin2base64(text, sizeof text, bytes.data(), bytes.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    sodium_memzero(bytes.data(), bytes.size());
    return text;
}

bool is_token(std::string_view text) {
    if (text.size() != token_chars) return false;
    for (char c : text) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
        if (!ok) return false;
    }
    return true;
}

std::string token_hash(std::string_view token) {
    ensure_sodium();
    std::string hash(crypto_hash_sha256_BYTES, '\0');
    crypto_hash_sha256(reinterpret_cast<unsigned char*>(hash.data()), reinterpret_cast<const unsigned char*>(token.data()),
                       token.size());
    return hash;
}

bool same_secret(std::string_view a, std::string_view b) {
    ensure_sodium();
    // The length of a secret is no secret: both are fixed-size tokens.
    return a.size() == b.size() && sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace vitae
