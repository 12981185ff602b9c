// One PURGE request over plain HTTP/1.1 to a cache beside the origin
// (Varnish's purge listener, normally on loopback): a connect with a
// deadline, the request with `Connection: close`, and the status line of
// the answer; the rest of it is not read. Written here rather than taken
// from libcurl: this is all the worker asks of HTTP, and libcurl brought
// TLS, Kerberos, LDAP, SSH and 20 more libraries into the public worker,
// about 4 MB of its memory (bench/RESULTS.md) and their attack surface.
#pragma once

#include <string>
#include <string_view>

namespace vitae {

// Where a purge goes: http://HOST[:PORT][/PATH]. HOST is a name, an IPv4
// address or a bracketed IPv6 one.
struct PurgeTarget {
    std::string host;  // without brackets
    std::string port;  // "80" unless given
    std::string path;  // "/" unless given
};

// Throws UsageError naming the URL and what is wrong with it.
PurgeTarget parse_purge_url(std::string_view url);

// Sends `PURGE path` with the header `name: value`; "" when the cache
// answered 2xx within `timeout_ms` (connecting within `connect_timeout_ms`),
// else why not ("connect: Connection refused", "answered 403", "timed out").
std::string send_purge(const PurgeTarget& target, std::string_view name, std::string_view value, int connect_timeout_ms,
                       int timeout_ms);

}  // namespace vitae
