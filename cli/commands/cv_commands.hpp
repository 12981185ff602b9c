// `vitae add award`, `vitae add teaching`: a line of the CV's awards, a
// course taught with the owner's role in it, appended through the table's
// writer (store/write/); arguments are checked first so the error names the
// option instead of a schema CHECK.
#pragma once

#include <ostream>

#include "cli/args/args.hpp"

namespace vitae::cli {

int run_add_award(const Args& args, std::ostream& out);
int run_add_teaching(const Args& args, std::ostream& out);

}  // namespace vitae::cli
