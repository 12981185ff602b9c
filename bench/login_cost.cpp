// What one login costs vitae-admin: the Argon2id verify of a password (the
// same work as hashing it) at the default cost (default_hash_cost: libsodium's
// INTERACTIVE unless VITAE_ARGON2_OPS / VITAE_ARGON2_MEM_MB say otherwise) and
// at MODERATE; the median of 5 of each, wall and CPU time, and the process's
// peak memory after each level. Run by bench/login-cost.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <vector>

#include "auth/accounts.hpp"
#include "auth/password.hpp"

namespace {

using namespace vitae;

double cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

void measure(const char* label, HashCost cost) {
    const std::string password = "correct horse battery staple";
    auto hash = hash_password(password, cost);
    std::vector<double> wall, cpu;
    for (int i = 0; i < 5; ++i) {
        auto start = std::chrono::steady_clock::now();
        double cpu_start = cpu_ms();
        if (!verify_password(hash, password)) std::fprintf(stderr, "login-cost: verify failed\n");
        cpu.push_back(cpu_ms() - cpu_start);
        wall.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("%-12s ops %llu, %zu MiB: %.1f ms wall, %.1f ms CPU (median of 5); peak RSS %ld MiB\n", label, cost.ops,
                cost.mem_bytes / (1024 * 1024), median(wall), median(cpu), usage.ru_maxrss / 1024);
}

}  // namespace

int main() {
    try {
        measure("default", default_hash_cost());
        measure("moderate", moderate_hash_cost());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "login-cost: %s\n", e.what());
        return 1;
    }
    return 0;
}
