// `vitae user add|passwd|grant|revoke|ls|rm AUTH ...`: the accounts of
// vitae-admin (core/auth) in their own database, AUTH (/var/lib/vitae/auth.db),
// never a site's. A password comes on standard input (--password-stdin: one
// line, never an argument that `ps` or a shell history would show, never
// echoed when typed at a terminal). Every refusal is exit 2 with one line
// naming the value and the reason, and changes nothing.
#pragma once

#include <istream>
#include <ostream>
#include <string>

#include "cli/args/args.hpp"

namespace vitae::cli {

int run_user_add(const Args& args, std::ostream& out);
int run_user_passwd(const Args& args, std::ostream& out);
int run_user_grant(const Args& args, std::ostream& out);
int run_user_revoke(const Args& args, std::ostream& out);
int run_user_ls(const Args& args, std::ostream& out);
int run_user_rm(const Args& args, std::ostream& out);

// One line of `in` without its line end ("\n" or "\r\n"), for `command`:
// UsageError when it is empty or longer than limits::max_password_bytes
// (read no further than that).
std::string read_password_line(std::istream& in, std::string_view command);

}  // namespace vitae::cli
