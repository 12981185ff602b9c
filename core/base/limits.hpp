// Every bound Vitae enforces, in one place, with its unit in the name: the
// worker's (a request, a reload or a cache can never grow past these,
// whatever the input) and the vitae tool's (what one command reads). Messages
// about a bound print the constant (size_text), never a copy of its number.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace vitae::limits {

inline constexpr std::size_t max_uri_bytes = 4096;          // nginx's default large header buffer is 8k
inline constexpr std::size_t max_base_url_bytes = 512;      // --base-url: a site URL, not a page URL
inline constexpr std::size_t max_header_value_bytes = 1024;  // If-None-Match, Accept-Encoding
inline constexpr std::size_t page_cache_max_entries = 1024;
inline constexpr int max_page_cache_mb = 4096;  // --page-cache-mb
inline constexpr std::size_t max_template_bytes = 1024 * 1024;
inline constexpr std::size_t max_templates = 256;
inline constexpr std::size_t max_file_bytes = 32 * 1024 * 1024;  // one stored file: a paper's PDF, a poster; kept in memory while served
// A stored picture, read from its header before anything decodes it: a PNG
// of 83 bytes can declare 100,000 x 100,000 pixels (40 GB to decode). 50
// megapixels takes a 48 MP phone photo (8,000 x 6,000) and an 8K frame; the
// largest copy made is 1,280 px wide. A message names the bound.
inline constexpr std::int64_t max_picture_pixels = 50'000'000;
// An SVG is parsed whole (libxml2's tree is ~10x its bytes): a figure of
// 100,000 points is ~5 MB; depth: groups in groups, Inkscape's deepest are ~20.
inline constexpr std::size_t max_svg_bytes = 8 * 1024 * 1024;
inline constexpr std::size_t max_svg_depth = 64;
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

// Names in URLs. A slug: posts, publications, projects, stored files (the
// schema's CHECKs say the same); a tag on a post.
inline constexpr std::size_t max_slug_bytes = 128;
inline constexpr std::size_t max_tag_bytes = 64;
// A site of a directory of sites (core/store/registry): its name is a DNS
// label, its host a DNS name (RFC 1035's 63 and 253), its prefix one path
// segment of at most a label's length; the group is a heading on /people/.
inline constexpr std::size_t max_site_name_bytes = 63;
inline constexpr std::size_t max_host_bytes = 253;
inline constexpr std::size_t max_prefix_segment_bytes = 63;
inline constexpr std::size_t max_site_text_bytes = 200;  // an owner's name, a group

// TeX math: nested groups, environments and scripts; macro uses expanded per
// formula, and the formula's size after expansion (a recursive \def ends as a
// problem, never as a hang).
inline constexpr int max_math_depth = 40;
inline constexpr int max_math_expansions = 2000;
inline constexpr std::size_t max_math_expanded_bytes = 64 * 1024;
// A colour name (\textcolor{NavyBlue}) and an environment's name
// (\begin{align*}): longer ones name nothing TeX has.
inline constexpr std::size_t max_math_colour_bytes = 20;
inline constexpr std::size_t max_math_environment_bytes = 32;

// Code highlighting. A block larger than this stays plain: Source-highlight's
// regexes walk each line, and a pasted log of megabytes is not code to colour.
inline constexpr std::size_t max_highlighted_bytes = 64 * 1024;
// Highlighted blocks kept, HTML bytes: a 40-line block costs ~1.8 ms of the
// library's regex matching (bench/micro_bench.cpp), and a content swap
// renders every post again though most of their blocks did not change.
// 4 MiB is some 1.3 MB of code: more than an academic blog holds.
inline constexpr std::size_t highlight_cache_bytes = 4 * 1024 * 1024;

// SQLite's busy timeouts. A writer holds the lock for milliseconds: a reload
// waits that long rather than fail; an edit waits for a reload (which may
// read a large site) longer.
inline constexpr int reader_busy_timeout_ms = 2000;
// Idle compiled statements a connection keeps (store/sqlite/db.hpp): more
// than the distinct SQL texts any one command or load runs.
inline constexpr std::size_t statement_cache_size = 128;
inline constexpr int writer_busy_timeout_ms = 5000;
// Online backup (core/store/sqlite/db.cpp says how these work together).
inline constexpr int backup_step_pages = 256;
inline constexpr int backup_step_busy_ms = 200;
inline constexpr int backup_max_restarts = 3;
inline constexpr int backup_retry_ms = 20;
inline constexpr int backup_busy_limit_ms = writer_busy_timeout_ms;
// Past this many change-log entries a whole load is about as quick (an
// import, a bulk UPDATE), and the entries themselves are read no further.
inline constexpr std::int64_t max_followed_changes = 512;
// After a content load found the file locked, requests load again this often
// at most: the requests queued behind that load skip it.
inline constexpr std::int64_t busy_retry_interval_ms = 20;
// A group's home site (core/site/group_index) looks at its members'
// database files at most this often: one stat of each member's file and its
// -wal per interval (1,000 members: about 1 ms), not per request; a member's
// edit shows on /people/ and the group's /publications/ within it.
inline constexpr std::int64_t group_check_interval_ms = 1000;
// How often the follower checks with no event (and so how late a scheduled
// post goes out); also the longest its stop takes.
inline constexpr int follower_idle_poll_ms = 100;
// Many sites (--sites): a site that failed to load is tried again this often
// at most (its requests answer 503 meanwhile); the defaults of the bounds on
// loaded sites, which the worker's options change.
inline constexpr std::int64_t site_retry_ms = 1000;
// 32 per worker process: a loaded site of the bench's lists (10-300 papers)
// costs about 1.5 MB, so two processes stay near 180 MB with their page
// caches (bench/RESULTS-sites.md: 64 made 272 MB, over the 256 MB target).
inline constexpr std::size_t default_sites_loaded = 32;
inline constexpr std::size_t max_sites_loaded = 100'000;
inline constexpr int default_site_idle_s = 600;
// A language's code (a BCP 47 tag as `vitae lang add` takes it): the
// schema's CHECK on language.code says the same (data/schema.sql; unit
// languages holds them equal).
inline constexpr std::size_t max_language_code_chars = 35;

// A shared cache in front (--purge): how long it may keep a page (its
// Surrogate-Control), since every change is purged; only a lost purge makes
// a page older than the content, and by no more than this.
inline constexpr int surrogate_max_age_s = 3600;
// The purger (fcgi/purger): each request's timeouts; purges queued at most
// (past it the oldest are dropped for the site's own key); keys per request
// (a longer list purges the site's key instead); and the second purge of
// each batch, which catches a page the cache fetched from the old version
// while the first was on its way.
inline constexpr int purge_connect_timeout_ms = 200;
inline constexpr int purge_timeout_ms = 1000;
inline constexpr std::size_t purge_queue_max = 1024;
inline constexpr std::size_t purge_max_keys = 200;
inline constexpr int purge_repeat_ms = 1000;

// The supervisor: a worker dying this soon after start counts as a crash
// loop; while any heartbeat is older than this, systemd's watchdog is not fed.
inline constexpr std::int64_t quick_death_ms = 1000;
inline constexpr std::int64_t heartbeat_fresh_ms = 3000;

// /search/?q=: a query longer than this, or of more terms, is answered 400
// with a page saying so (a person types a few words; a DOI is ~40 bytes).
// A page lists search_results_per_page hits; pages past max_search_page are
// 400 too, so a client cannot make the worker skip arbitrarily many rows.
inline constexpr std::size_t max_search_query_bytes = 256;
inline constexpr std::size_t max_search_terms = 16;
inline constexpr int search_results_per_page = 10;
inline constexpr int max_search_page = 50;
inline constexpr int search_snippet_tokens = 24;  // words of context a hit's snippet shows

// What one `vitae` command reads.
inline constexpr std::size_t max_bibtex_bytes = 16 * 1024 * 1024;  // a lifetime of papers is ~100 KB
inline constexpr std::size_t max_site_file_bytes = 4 * 1024 * 1024;  // import-site: one page, post or data file
inline constexpr std::size_t max_post_body_bytes = 4 * 1024 * 1024;  // a long post is ~100 KB of Markdown
inline constexpr std::size_t max_edit_field_bytes = max_post_body_bytes;  // one field of the web editor's forms
// The web editor's pasted BibTeX (publications/bibtex): a few papers at a
// time, or a whole list once; a lifetime of papers is ~100 KB. Larger files
// go through `vitae import-bibtex` (max_bibtex_bytes).
inline constexpr std::size_t max_bibtex_paste_bytes = 512 * 1024;
// The editor's lists, a page at a time: 1,000 papers in one page took
// 5.3-5.6 ms to render (release, a loaded box), over the 5 ms target.
inline constexpr std::size_t edit_list_page_rows = 100;
inline constexpr std::int64_t max_edit_log_rows = 1000;  // `vitae log --limit`
inline constexpr std::int64_t edit_history_rows = 100;   // the editor's history page: the latest changes

// vitae-admin, the browser editor: a submitted form (core/http/form) and its
// request. A form of text fields is small (a long post is ~100 KB of
// Markdown); a multipart upload carries one stored file and its fields.
inline constexpr std::size_t max_urlencoded_body_bytes = 1024 * 1024;
inline constexpr std::size_t max_multipart_slack_bytes = 1024 * 1024;  // the fields beside the file, part headers
inline constexpr std::size_t max_multipart_body_bytes = max_file_bytes + max_multipart_slack_bytes;
inline constexpr std::size_t max_form_fields = 256;           // fields and files; an editor form has tens
inline constexpr std::size_t max_form_files = 4;
inline constexpr std::size_t max_form_name_bytes = 128;       // a field's name is ours: "title", "author.3"
inline constexpr std::size_t max_form_value_bytes = 1024 * 1024;
static_assert(max_bibtex_paste_bytes < max_form_value_bytes, "the paste's own bound, not the form's, must be the one met");
inline constexpr std::size_t max_part_header_bytes = 1024;    // one part's headers, together
inline constexpr std::size_t max_filename_bytes = 255;        // a file name as the browser sends it
inline constexpr int admin_body_read_timeout_ms = 10000;      // a body that stops coming (nginx buffers it first)
inline constexpr int default_admin_threads = 4;
inline constexpr std::size_t max_cookie_header_bytes = 4096;

// "32 MiB", "64 KiB", "100 bytes": a bound as a message says it.
inline std::string size_text(std::size_t bytes) {
    if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0) return std::to_string(bytes / (1024 * 1024)) + " MiB";
    if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes / 1024) + " KiB";
    return std::to_string(bytes) + " bytes";
}

}  // namespace vitae::limits
