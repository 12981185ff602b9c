#include "cli/sync/http_client.hpp"

#include <curl/curl.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <thread>

#include "base/log.hpp"

namespace vitae::cli::sync {

namespace {

// curl_global_init once, before any handle (it is not thread-safe itself).
void global_init() {
    static const bool done = [] {
        if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) throw SyncError("curl_global_init failed");
        return true;
    }();
    (void)done;
}

struct Answer {
    std::string body;
    std::string retry_after;
    std::size_t limit = 0;
    bool too_big = false;
};

std::size_t on_body(char* data, std::size_t size, std::size_t count, void* user) {
    auto* answer = static_cast<Answer*>(user);
    std::size_t n = size * count;
    if (answer->body.size() + n > answer->limit) {
        answer->too_big = true;
        return 0;  // curl stops with CURLE_WRITE_ERROR
    }
    answer->body.append(data, n);
    return n;
}

std::size_t on_header(char* data, std::size_t size, std::size_t count, void* user) {
    auto* answer = static_cast<Answer*>(user);
    std::string_view line(data, size * count);
    constexpr std::string_view name = "retry-after:";
    if (line.size() > name.size()) {
        std::string head(line.substr(0, name.size()));
        for (char& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (head == name) {
            std::string value(line.substr(name.size()));
            while (!value.empty() && (value.back() == '\r' || value.back() == '\n' || value.back() == ' '))
                value.pop_back();
            while (!value.empty() && value.front() == ' ') value.erase(0, 1);
            answer->retry_after = value;
        }
    }
    return size * count;
}

// Retry-After is seconds or an HTTP date; -1 when neither.
long retry_after_ms(const std::string& value) {
    if (value.empty()) return 1000;  // none given: a second
    char* end = nullptr;
    long seconds = std::strtol(value.c_str(), &end, 10);
    if (end != value.c_str() && *end == '\0' && seconds >= 0) return seconds * 1000;
    std::time_t when = curl_getdate(value.c_str(), nullptr);
    if (when < 0) return -1;
    long delta = static_cast<long>(when - std::time(nullptr));
    return delta < 0 ? 0 : delta * 1000;
}

}  // namespace

struct HttpClient::Handle {
    struct Cleanup {
        void operator()(CURL* c) const noexcept { curl_easy_cleanup(c); }
    };
    std::unique_ptr<CURL, Cleanup> curl;
};

namespace {
struct HeaderList {
    curl_slist* list = nullptr;
    ~HeaderList() { curl_slist_free_all(list); }
};
}  // namespace

HttpOptions options_from_environment(std::string user_agent) {
    HttpOptions options;
    options.user_agent = std::move(user_agent);
    if (const char* ms = std::getenv("VITAE_SYNC_TIMEOUT_MS")) {
        long value = std::strtol(ms, nullptr, 10);
        if (value >= 1 && value <= options.total_timeout_ms) {
            options.total_timeout_ms = value;
            options.connect_timeout_ms = std::min(options.connect_timeout_ms, value);
            options.max_retry_wait_ms = std::min(options.max_retry_wait_ms, value);
        }
    }
    return options;
}

HttpClient::HttpClient(HttpOptions options) : handle_(std::make_unique<Handle>()), options_(std::move(options)) {
    global_init();
    handle_->curl.reset(curl_easy_init());
    if (!handle_->curl) throw SyncError("curl_easy_init failed");
}

HttpClient::~HttpClient() = default;

std::string HttpClient::get(const std::string& url, const std::string& what, const std::vector<std::string>& headers) {
    CURL* c = handle_->curl.get();
    for (int attempt = 1;; ++attempt) {
        curl_easy_reset(c);
        Answer answer;
        answer.limit = options_.max_body_bytes;
        HeaderList list;
        for (const auto& h : headers) list.list = curl_slist_append(list.list, h.c_str());
        curl_easy_setopt(c, CURLOPT_URL, url.c_str());
        curl_easy_setopt(c, CURLOPT_USERAGENT, options_.user_agent.c_str());
        curl_easy_setopt(c, CURLOPT_HTTPHEADER, list.list);
        curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, options_.connect_timeout_ms);
        curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, options_.total_timeout_ms);
        curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
        curl_easy_setopt(c, CURLOPT_MAXREDIRS, 3L);
        curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
        curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
        curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");  // gzip when the server offers it
        curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
        curl_easy_setopt(c, CURLOPT_WRITEDATA, &answer);
        curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
        curl_easy_setopt(c, CURLOPT_HEADERDATA, &answer);
        ++requests_;
        CURLcode code = curl_easy_perform(c);
        if (answer.too_big)
            throw SyncError(what + ": " + url + ": the answer is larger than " +
                            std::to_string(options_.max_body_bytes >> 20) + " MiB");
        if (code != CURLE_OK) throw SyncError(what + ": " + url + ": " + curl_easy_strerror(code));
        long status = 0;
        curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
        if (status == 200) return std::move(answer.body);
        if ((status == 429 || status == 503) && attempt < options_.max_attempts) {
            long wait = retry_after_ms(answer.retry_after);
            if (wait >= 0 && wait <= options_.max_retry_wait_ms) {
                log_info("sync: " + what + ": HTTP " + std::to_string(status) + ", again in " +
                         std::to_string(wait) + " ms (attempt " + std::to_string(attempt + 1) + ")");
                std::this_thread::sleep_for(std::chrono::milliseconds(wait));
                continue;
            }
        }
        std::string tried = attempt > 1 ? " after " + std::to_string(attempt) + " attempts" : "";
        throw HttpStatusError(what + ": " + url + ": HTTP " + std::to_string(status) + tried, status);
    }
}

}  // namespace vitae::cli::sync
