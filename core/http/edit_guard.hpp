// The browser editor's HTTP rules (vitae-admin), pure so each is a unit
// test: reading cookies, the session and login cookies it sets, the
// same-origin check every POST passes, a `next` that can only lead inside
// the editor, and the headers every editor answer carries. (Tokens are
// compared by core/auth's same_secret, in constant time.)
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "http/head_writer.hpp"

namespace vitae {

inline constexpr std::string_view edit_mount = "/_vitae/edit/";
// __Host-: the browser keeps it only when Secure, Path=/ and no Domain, so no
// other host (a sibling subdomain, a plain-HTTP page) can set or overwrite it.
inline constexpr std::string_view session_cookie = "__Host-vitae-session";
inline constexpr std::string_view login_cookie = "__Host-vitae-login";  // the login form's double-submit token

// The value of cookie `name` in a Cookie header ("a=1; b=2"); nullopt when
// absent, or the header is over its bound. The first of a repeated name.
std::optional<std::string_view> cookie_value(std::string_view cookie_header, std::string_view name);

// Set-Cookie values. SameSite=Strict, not Lax: the editor is only ever
// reached by typing its address or from its own pages, so a link from
// elsewhere (mail, another site) arriving without the cookie costs a login at
// worst, and a cross-site request never carries it, GET included. HttpOnly:
// no script reads it; the editor's forms carry the CSRF token instead.
std::string set_cookie(std::string_view name, std::string_view value, int max_age_s);
std::string clear_cookie(std::string_view name);

// scheme://host of the request: nginx's $scheme and the Host header as the
// browser sent it (a port included), which is what the browser's Origin says.
std::string request_origin(std::string_view scheme, std::string_view host);

enum class OriginCheck { same, foreign, missing };
// A POST's Origin against the request's own. With no Origin the Referer's
// origin is used (some privacy settings drop Origin on same-origin POSTs,
// never Referer and Origin both on a form we made, as Referrer-Policy is
// same-origin); with neither it is `missing`, which is refused like foreign.
OriginCheck check_origin(std::string_view origin, std::string_view referer, std::string_view own);

// `next` when it is a path inside the editor (/_vitae/edit/…, no "//", no
// backslash, no control characters, no "..", not the login page itself), else
// the editor's front page. Never leads to another host.
std::string safe_next(std::string_view next);

// The value of `name` in a query string ("next=%2F_vitae…"), decoded; empty when absent or malformed.
std::string query_value(std::string_view query, std::string_view name);

// Every editor answer's header fields: CSP (script-src 'self': only our own
// editor.js, never inline), no-store, nosniff, same-origin referrer.
const std::vector<HeaderField>& editor_headers();

}  // namespace vitae
