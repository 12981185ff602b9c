// `vitae lang add|rm|ls` and `vitae translate`: the
// site's languages and the translation of one field of one row. Checked
// before anything is written, so an error names the argument.
#pragma once

#include <ostream>

#include "cli/args/args.hpp"

namespace vitae::cli {

int run_lang_add(const Args& args, std::ostream& out);
int run_lang_rm(const Args& args, std::ostream& out);
int run_lang_ls(const Args& args, std::ostream& out);
int run_translate(const Args& args, std::ostream& out);

}  // namespace vitae::cli
