// `vitae add news`, `vitae add talk`: a row of `news` or `talk`, checked
// before it is written (store/write/sections.hpp) so the error names the
// argument instead of a schema CHECK.
#pragma once

#include <ostream>

#include "cli/args/args.hpp"

namespace vitae::cli {

int run_add_news(const Args& args, std::ostream& out);
int run_add_talk(const Args& args, std::ostream& out);

}  // namespace vitae::cli
