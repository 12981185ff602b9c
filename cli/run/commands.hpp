// Every `vitae` command in one table: its arguments, its help and the
// function that runs it. run() is main() without the process, so tests call
// it with their own argv and streams. Exit codes: 0 done, 1 the work failed
// (one line naming file and problem), 2 bad arguments (one line naming one),
// 3 done in part (import-bibtex: some entries skipped, each one reported;
// import-site: files of the owner's not imported, each one listed).
#pragma once

#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "cli/args/args.hpp"

namespace vitae::cli {

struct Command {
    CommandSpec spec;
    int (*run)(const Args& args, std::ostream& out);  // the exit status; throws Error or UsageError
};

const std::vector<Command>& commands();

// Every command's usage line, one a line, then the --help/--version line:
// README.md's and docs/cli.md's command lists are this text (`vitae help
// --synopsis`; scripts/update-docs writes it there, a unit test compares).
std::string synopsis();
std::string synopsis_roff();  // the same for packaging/man/vitae.1's SYNOPSIS (`vitae help --synopsis-roff`)

// `words`: argv without the program name.
int run(std::span<const std::string> words, std::ostream& out, std::ostream& err);

}  // namespace vitae::cli
