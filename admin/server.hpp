// vitae-admin's FastCGI side: the FastCGI core's accept loop (the one the
// worker serves with: its shutdown deadline, its 500 for a request that
// throws), each request thread with its own AdminApp, so its own
// connection to the accounts; the main thread waits for SIGTERM/SIGINT.
// A POST body is read from FCGI_STDIN only after CONTENT_LENGTH is checked
// against the bound for its type (413 before a byte is read), and with a
// deadline on each read (limits::admin_body_read_timeout_ms).
#pragma once

#include "admin/app.hpp"
#include "fcgi/core/listener.hpp"

namespace vitae {

// Serves until SIGTERM or SIGINT; returns the exit code.
int serve_admin(const AdminShared& shared, const Listener& listener);

// The bound on a body of this Content-Type (0: no body of this type is taken).
std::size_t body_bound(std::string_view content_type);

}  // namespace vitae
