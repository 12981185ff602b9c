// `vitae sync` and `vitae set sync`: fetch, merge, write in one transaction.
#pragma once

#include <ostream>

#include "cli/commands/args.hpp"

namespace vitae::cli {

int run_sync(const Args& args, std::ostream& out);
int run_set_sync(const Args& args, std::ostream& out);

}  // namespace vitae::cli
