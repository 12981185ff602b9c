// The secrets of a session: its token (the cookie's value) and its CSRF
// token, each 32 bytes from libsodium's CSPRNG (getrandom) as base64url
// without padding, 43 characters; the database keeps the SHA-256 of a
// session token, so a copy of the file opens no session.
#pragma once

#include <string>
#include <string_view>

namespace vitae {

std::string random_token();
bool is_token(std::string_view text);             // 43 characters of [A-Za-z0-9_-]
std::string token_hash(std::string_view token);  // 32 raw bytes

}  // namespace vitae
