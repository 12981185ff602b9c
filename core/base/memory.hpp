// Gives freed heap memory back to the system. glibc keeps what a thread
// freed in that thread's arena; after a large page's data tree (a list of
// 3,000 papers is tens of MB while it renders) or an old content version is
// freed, the worker's RSS would otherwise stay at its high-water mark.
#pragma once

#include <malloc.h>

#include <cstddef>
#include <cstdio>
#include <unistd.h>

namespace vitae {

// Freed blocks larger than this go back at once (the pages of big renders).
inline constexpr std::size_t trim_after_bytes = 1024 * 1024;

inline void release_free_memory() { ::malloc_trim(0); }

// This process's resident set now (/proc/self/statm), in bytes; 0 if unknown.
inline std::size_t resident_bytes() {
    std::FILE* f = std::fopen("/proc/self/statm", "r");
    if (!f) return 0;
    unsigned long size = 0, resident = 0;
    int read = std::fscanf(f, "%lu %lu", &size, &resident);
    std::fclose(f);
    return read == 2 ? resident * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE)) : 0;
}

}  // namespace vitae
