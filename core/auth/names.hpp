// The rules for what `vitae user` and vitae-admin are given: a user's name
// and a password (limits.hpp says the numbers); a site's name is the
// registry's rule (site_name_problem). nullopt when the value is fine, else
// one line naming it and why not.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace vitae {

std::optional<std::string> user_name_problem(std::string_view name);  // 1-32 of [a-z0-9._-], first [a-z0-9]
std::optional<std::string> password_problem(std::string_view password);  // never quotes the password

}  // namespace vitae
