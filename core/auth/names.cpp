#include "auth/names.hpp"

#include "auth/limits.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"

namespace vitae {

namespace {

bool lower_or_digit(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

}  // namespace

std::optional<std::string> user_name_problem(std::string_view name) {
    const std::string subject = "user name " + in_quotes(name);
    if (name.empty()) return "user name is empty";
    if (name.size() > limits::max_user_name_bytes)
        return subject + ": longer than " + std::to_string(limits::max_user_name_bytes) + " bytes";
    if (!lower_or_digit(name.front())) return subject + ": must start with a lower-case letter or a digit";
    for (char c : name)
        if (!lower_or_digit(c) && c != '.' && c != '_' && c != '-')
            return subject + ": only lower-case letters, digits, '.', '_' and '-'";
    return std::nullopt;
}

std::optional<std::string> password_problem(std::string_view password) {
    if (password.empty()) return "password is empty";
    if (password.size() < limits::min_password_bytes)
        return "password is shorter than " + std::to_string(limits::min_password_bytes) + " bytes";
    if (password.size() > limits::max_password_bytes)
        return "password is longer than " + limits::size_text(limits::max_password_bytes);
    return std::nullopt;
}

}  // namespace vitae
