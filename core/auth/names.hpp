// The rules for what `vitae user` and vitae-admin are given: a user's name
// and a password (limits.hpp says the numbers); a site's name is the
// registry's rule (site_name_problem). nullopt when the value is fine, else
// one line naming it and why not.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vitae {

std::optional<std::string> user_name_problem(std::string_view name);  // 1-32 of [a-z0-9._-], first [a-z0-9]
std::optional<std::string> password_problem(std::string_view password);  // never quotes the password
// A site's name as a grant names it: the registry's rule.
std::optional<std::string> granted_site_problem(std::string_view site);
// What Accounts::add_user checks before it writes: the name, each site, the
// password (nullopt: not checked, for a caller that has not read it yet).
std::optional<std::string> new_user_problem(std::string_view name, const std::vector<std::string>& sites,
                                            std::optional<std::string_view> password);

}  // namespace vitae
