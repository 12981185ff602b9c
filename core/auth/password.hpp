// Password hashes: Argon2id through libsodium's crypto_pwhash (the memory-
// hard winner of the Password Hashing Competition, in a library Debian and
// every distribution keep patched; its _str form carries salt and cost in the
// string, so a cost change needs no schema change). Also the CSPRNG, SHA-256
// and the constant-time compare the sessions use: sodium.h is included only
// under core/auth/.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "auth/accounts.hpp"

namespace vitae {

// "$argon2id$v=19$m=65536,t=2,p=1$salt$hash". Throws Error when libsodium
// cannot (out of memory at that cost) or the cost is outside its bounds.
std::string hash_password(std::string_view password, HashCost cost);
// Whether `password` is the one `hash` was made from; false for anything that
// is not an Argon2id hash. Constant time in the password (libsodium's).
bool verify_password(std::string_view hash, std::string_view password);
// The cost a hash was made at (its m= and t=); nullopt when it does not say.
std::optional<HashCost> hash_cost_of(std::string_view hash);
// libsodium's own bounds and levels, for tests and the bench.
HashCost min_hash_cost();
HashCost moderate_hash_cost();

}  // namespace vitae
