// Gives freed heap memory back to the system. glibc keeps what a thread
// freed in that thread's arena; after a large page's data tree (a list of
// 3,000 papers is tens of MB while it renders) or an old content version is
// freed, the worker's RSS would otherwise stay at its high-water mark.
#pragma once

#include <malloc.h>

#include <cstddef>

namespace vitae {

// Freed blocks larger than this go back at once (the pages of big renders).
inline constexpr std::size_t trim_after_bytes = 1024 * 1024;

inline void release_free_memory() { ::malloc_trim(0); }

}  // namespace vitae
