// vitae: the owner's tool for the site database (docs/cli.md). Everything
// but argv lives in vitae_cli, so the tests run the same code.
#include <iostream>
#include <string>
#include <vector>

#include "cli/run/commands.hpp"

int main(int argc, char** argv) {
    std::vector<std::string> words(argv + 1, argv + argc);
    int status = vitae::cli::run(words, std::cout, std::cerr);
    std::cout.flush();
    return std::cout.fail() && status == 0 ? 1 : status;  // a full disk must not exit 0
}
