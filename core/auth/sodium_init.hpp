// libsodium's one-time start (it picks its implementations and opens the
// random source); sodium_init is safe to call from any thread, any number
// of times, and fails only when the system has no randomness to give.
#pragma once

namespace vitae {

void ensure_sodium();

}  // namespace vitae
