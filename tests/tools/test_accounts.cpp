// For the e2e tests until `vitae user add` exists: makes AUTH if missing and
// adds the user NAME with PASSWORD, granted each SITE, through core/auth's
// Accounts (the same calls the CLI makes). The hash costs what
// VITAE_ARGON2_OPS / VITAE_ARGON2_MEM_MB say (the tests make it cheap).
//   test_accounts AUTH NAME PASSWORD [SITE...]
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "auth/accounts.hpp"

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fputs("usage: test_accounts AUTH NAME PASSWORD [SITE...]\n", stderr);
        return 2;
    }
    try {
        auto accounts = vitae::Accounts::open(argv[1], vitae::OpenMode::create);
        std::vector<std::string> sites(argv + 4, argv + argc);
        accounts.add_user(argv[2], argv[3], false, sites, vitae::default_hash_cost());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "test_accounts: %s\n", e.what());
        return 1;
    }
    return 0;
}
