// Monotonic milliseconds, for heartbeats and timeouts (never wall time).
#pragma once

#include <chrono>
#include <cstdint>

namespace vitae {

inline std::int64_t monotonic_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

}  // namespace vitae
