// The one HTTP client of `vitae sync` (libcurl): GET with a User-Agent that
// names the site's contact, connect and total timeouts, a cap on the body,
// and 429/503 retried after their Retry-After, a bounded number of times.
// A failure is a SyncError whose message is one line naming the URL and why.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "http/request.hpp"  // percent_encode, for the URLs the readers build

#include "base/error.hpp"

namespace vitae::cli::sync {

struct SyncError : Error {
    using Error::Error;
};

// The server answered, with a status other than 200.
struct HttpStatusError : SyncError {
    HttpStatusError(const std::string& message, long code) : SyncError(message), status(code) {}
    long status;
};

struct HttpOptions {
    std::string user_agent;
    long connect_timeout_ms = 10'000;
    long total_timeout_ms = 30'000;  // the whole request, retries' waits apart
    std::size_t max_body_bytes = 64u << 20;
    int max_attempts = 3;             // 429/503 are tried again, up to this many times in all
    long max_retry_wait_ms = 30'000;  // a longer Retry-After is a failure, not a wait
};

// VITAE_SYNC_TIMEOUT_MS (1..30000) lowers the total timeout: the tests' "server
// that never answers" fails in a second rather than thirty.
HttpOptions options_from_environment(std::string user_agent);

class HttpClient {
public:
    explicit HttpClient(HttpOptions options);
    ~HttpClient();
    HttpClient(const HttpClient&) = delete;
    HttpClient& operator=(const HttpClient&) = delete;

    // The body of a 200 answer; throws SyncError otherwise. `what` names the
    // request in the error ("openalex works page 2").
    std::string get(const std::string& url, const std::string& what, const std::vector<std::string>& headers = {});
    int requests() const { return requests_; }

private:
    struct Handle;
    std::unique_ptr<Handle> handle_;
    HttpOptions options_;
    int requests_ = 0;
};


}  // namespace vitae::cli::sync
