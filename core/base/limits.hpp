// Every bound the worker enforces, in one place, with its unit in the name.
// A request, a reload or a cache can never grow past these, whatever the input.
#pragma once

#include <cstddef>

namespace vitae::limits {

inline constexpr std::size_t max_uri_bytes = 4096;          // nginx's default large header buffer is 8k
inline constexpr std::size_t max_base_url_bytes = 512;      // --base-url: a site URL, not a page URL
inline constexpr std::size_t max_header_value_bytes = 1024;  // If-None-Match, Accept-Encoding
inline constexpr std::size_t page_cache_max_entries = 1024;
inline constexpr std::size_t max_template_bytes = 1024 * 1024;
inline constexpr std::size_t max_templates = 256;
inline constexpr std::size_t max_file_bytes = 32 * 1024 * 1024;  // one stored file: a paper's PDF, a poster; kept in memory while served
inline constexpr int max_partial_depth = 8;
inline constexpr int max_threads = 1024;
inline constexpr int max_clock_offset_s = 10 * 366 * 24 * 3600;  // --clock-offset: ten years either way
inline constexpr int listen_backlog = 1024;
inline constexpr int shutdown_wake_interval_ms = 20;  // how often idle threads are poked on stop
inline constexpr int shutdown_timeout_ms = 10000;     // then exit anyway; systemd waits 90 s
inline constexpr int stuck_request_ms = 15000;        // > nginx's fastcgi_read_timeout (10 s): a thread this long in one request is stuck
inline constexpr int max_workers = 64;                // worker processes under the supervisor
inline constexpr int slow_render_ms = 100;            // a page render this long is logged (event=slow_render)
inline constexpr int restart_backoff_max_ms = 5000;   // a crash-looping worker is restarted at most this slowly
// A unix socket's send buffer (net.core.wmem_default, 208 KiB) takes an
// answer this big in one send without waiting for nginx to read (measured on
// a socketpair, Linux 6.18: 219264 bytes went in whole); a larger one
// raises SO_SNDBUF first.
inline constexpr std::size_t answer_bytes_in_default_sndbuf = 128 * 1024;

}  // namespace vitae::limits
