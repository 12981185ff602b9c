// The listening socket: one we create for --listen, or one we were handed
// (systemd socket activation on fd 3, or a web server spawning us with the
// socket on fd 0). Only a socket we created may be shut down or unlinked:
// a handed socket must outlive us for the next process.
#pragma once

#include <sys/types.h>

#include <string>

#include "base/unique_fd.hpp"

namespace vitae {

class Listener {
public:
    // Throws Error naming the address and the failing call.
    static Listener open(const std::string& spec, mode_t unix_mode);

    Listener(Listener&&) noexcept = default;
    Listener& operator=(Listener&&) noexcept = default;
    ~Listener();

    int fd() const { return owned_ ? fd_.get() : handed_fd_; }
    bool owned() const { return owned_; }
    const std::string& description() const { return description_; }

private:
    Listener() = default;
    UniqueFd fd_;           // a socket we created
    int handed_fd_ = -1;    // a socket we were given; never closed by us
    bool owned_ = false;
    std::string unix_path_;  // unlinked on destruction when we created it
    std::string description_;
};

}  // namespace vitae
