// Sends one complete answer on a connected socket with as few send(2) calls
// as the kernel allows: one, when the answer fits the socket's send buffer.
// A unix stream socket queues such a send whole before it returns, so a
// process killed at any moment has sent either all of it or nothing.
#pragma once

#include <string_view>

namespace vitae {

// Returns 0 once every byte is queued, else the errno of the failed send
// (EPIPE, ECONNRESET: the peer went away; normal, not worth a log line).
// An answer over limits::answer_bytes_in_default_sndbuf first raises the
// socket's SO_SNDBUF to hold it. Never raises SIGPIPE.
int send_whole(int fd, std::string_view bytes);

}  // namespace vitae
