#include "http/http.hpp"

#include <charconv>
#include <cstring>
#include <cstdio>
#include <ctime>

#include "base/limits.hpp"
#include "base/text.hpp"

namespace vitae {

bool etag_matches(std::string_view header, std::string_view etag) {
    while (!header.empty()) {
        auto comma = header.find(',');
        auto candidate = trim(header.substr(0, comma));
        if (candidate == "*") return true;
        if (candidate.starts_with("W/")) candidate.remove_prefix(2);
        if (!candidate.empty() && candidate == etag) return true;
        if (comma == std::string_view::npos) break;
        header.remove_prefix(comma + 1);
    }
    return false;
}

std::string_view Response::body() const {
    if (!page) return {};
    std::string_view whole = gzip ? std::string_view(page->gzip) : std::string_view(page->body);
    if (!range) return whole;
    return range->satisfiable ? whole.substr(range->first, range->last - range->first + 1) : std::string_view();
}

std::optional<ByteRange> parse_range(std::string_view header, std::size_t size) {
    header = trim(header);
    if (!header.starts_with("bytes=")) return std::nullopt;
    std::string_view spec = trim(header.substr(6));
    auto dash = spec.find('-');
    if (dash == std::string_view::npos || spec.find(',') != std::string_view::npos) return std::nullopt;
    auto number = [](std::string_view digits) -> std::optional<std::size_t> {
        std::size_t value = 0;
        auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
        return value;
    };
    std::string_view from = spec.substr(0, dash), to = spec.substr(dash + 1);
    if (from.empty()) {  // the last n bytes
        auto n = number(to);
        if (!n) return std::nullopt;
        if (*n == 0 || size == 0) return ByteRange{0, 0, false};
        return ByteRange{size - std::min(*n, size), size - 1, true};
    }
    auto first = number(from);
    auto last = to.empty() ? std::optional<std::size_t>(size == 0 ? 0 : size - 1) : number(to);
    if (!first || !last) return std::nullopt;
    if (*first >= size) return ByteRange{0, 0, false};
    if (*last < *first) return std::nullopt;
    return ByteRange{*first, std::min(*last, size - 1), true};
}

std::string_view Response::etag() const {
    if (!page) return {};
    return gzip ? std::string_view(page->etag_gzip) : std::string_view(page->etag);
}

ContentCoding accepted_coding(std::string_view accept_encoding) {
    return accepts_gzip(accept_encoding) ? ContentCoding::gzip : ContentCoding::identity;
}

bool accepts_gzip(std::string_view header) {
    bool gzip = false, star = false, gzip_named = false;
    while (!header.empty()) {
        auto comma = header.find(',');
        auto item = header.substr(0, comma);
        auto semi = item.find(';');
        auto coding = trim(item.substr(0, semi));
        bool zero = false;
        if (semi != std::string_view::npos) {
            auto q = item.substr(semi + 1);
            auto eq = q.find('=');
            if (eq != std::string_view::npos) {
                auto value = q.substr(eq + 1);
                while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
                zero = value.starts_with("0") && value.find_first_of("123456789") == std::string_view::npos;
            }
        }
        if (equals_ignoring_case(coding, "gzip") || equals_ignoring_case(coding, "x-gzip")) {
            gzip_named = true;
            gzip = !zero;
        } else if (coding == "*") {
            star = !zero;
        }
        if (comma == std::string_view::npos) break;
        header.remove_prefix(comma + 1);
    }
    return gzip_named ? gzip : star;
}

namespace {

// One media range of an Accept header: type/subtype and its q (0-1000).
struct MediaRange {
    std::string_view type;
    int q = 1000;
};

MediaRange parse_range(std::string_view item) {
    auto semi = item.find(';');
    MediaRange r{trim(item.substr(0, semi))};
    while (semi != std::string_view::npos) {
        item.remove_prefix(semi + 1);
        semi = item.find(';');
        auto param = trim(item.substr(0, semi));
        if (!param.starts_with("q=") && !param.starts_with("Q=")) continue;
        auto value = param.substr(2);
        int q = 0, scale = 1000, digits = 0;
        for (char c : value) {
            if (c == '.') {
                digits = 1;
            } else if (c >= '0' && c <= '9') {
                if (digits == 0) q = (c - '0') * 1000;
                else if (digits <= 3) q += (c - '0') * (scale /= 10);
                if (digits) ++digits;
            }
        }
        r.q = std::min(q, 1000);
    }
    return r;
}

// How well `range` matches `type`: 3 exact, 2 type/*, 1 */*, 0 not at all.
int specificity(std::string_view range, std::string_view type) {
    if (equals_ignoring_case(range, type)) return 3;
    if (range == "*/*") return 1;
    auto slash = type.find('/');
    if (range.size() == slash + 2 && range.ends_with("/*") && equals_ignoring_case(range.substr(0, slash), type.substr(0, slash)))
        return 2;
    return 0;
}

}  // namespace

std::optional<std::size_t> preferred_type(std::string_view accept, std::span<const std::string_view> offered) {
    if (trim(accept).empty()) return offered.empty() ? std::nullopt : std::optional<std::size_t>(0);
    std::optional<std::size_t> best;
    int best_q = 0;
    for (std::size_t i = 0; i < offered.size(); ++i) {
        // The q of the most specific range that matches this offer.
        int q = -1, how = 0;
        for (std::string_view rest = accept; !rest.empty();) {
            auto comma = rest.find(',');
            MediaRange range = parse_range(rest.substr(0, comma));
            if (int s = specificity(range.type, offered[i]); s > how) {
                how = s;
                q = range.q;
            }
            rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        }
        if (q > best_q) {
            best_q = q;
            best = i;
        }
    }
    return best;
}

std::string http_date(std::int64_t unix_seconds) {
    std::time_t t = static_cast<std::time_t>(unix_seconds);
    std::tm tm{};
    ::gmtime_r(&t, &tm);
    static constexpr const char* days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static constexpr const char* months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                             "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    char out[40];
    std::snprintf(out, sizeof out, "%s, %02d %s %04d %02d:%02d:%02d GMT", days[tm.tm_wday], tm.tm_mday,
                  months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
    return out;
}

std::optional<std::int64_t> parse_http_date(std::string_view text) {
    if (text.size() != 29 || !text.ends_with(" GMT")) return std::nullopt;
    std::string copy(text);
    std::tm tm{};
    const char* end = ::strptime(copy.c_str(), "%a, %d %b %Y %H:%M:%S GMT", &tm);
    if (end == nullptr || *end != '\0') return std::nullopt;
    return static_cast<std::int64_t>(::timegm(&tm));
}

WrittenHead write_response(const Response& r) {
    HeadWriter head(r.status);
    if (r.page && r.status != 304) {
        head.add("Content-Type", r.page->content_type);
        if (r.range) {
            std::size_t whole = (r.gzip ? r.page->gzip : r.page->body).size();
            head.add("Content-Range", r.range->satisfiable ? "bytes " + std::to_string(r.range->first) + "-" +
                                                                 std::to_string(r.range->last) + "/" + std::to_string(whole)
                                                           : "bytes */" + std::to_string(whole));
        }
        head.add_number("Content-Length", r.body().size());
    }
    if (r.gzip) head.add("Content-Encoding", "gzip");
    bool vary_encoding = r.page && !r.page->gzip.empty(), vary_accept = r.page && r.page->vary_accept;
    if (vary_encoding || vary_accept)
        head.add("Vary", vary_encoding && vary_accept ? "Accept-Encoding, Accept" : vary_encoding ? "Accept-Encoding" : "Accept");
    if (!r.content_location.empty()) head.add("Content-Location", r.content_location);
    if (r.page && !r.page->link.empty() && r.status != 304) head.add("Link", r.page->link);
    if (r.page && r.page->accept_ranges) head.add("Accept-Ranges", "bytes");
    if (r.page && !r.page->content_security_policy.empty() && r.status != 304)
        head.add("Content-Security-Policy", r.page->content_security_policy);
    if (!r.etag().empty()) head.add("ETag", r.etag());
    if (r.page && !r.page->last_modified.empty()) head.add("Last-Modified", r.page->last_modified);
    if (r.page && r.page->unlisted) {  // a secret URL: no shared cache keeps it, no search engine lists it
        head.add("Cache-Control", "private, no-store");
        head.add("X-Robots-Tag", "noindex");
    } else if (!r.cache_control.empty())
        head.add("Cache-Control", r.cache_control);
    else if (r.page && !r.page->cache_control.empty() && r.status != 404)
        head.add("Cache-Control", r.page->cache_control);
    else if (!r.etag().empty())
        head.add("Cache-Control", "no-cache");  // store, but revalidate every time: a 304 is cheap, staleness is not
    if (r.page && !r.page->unlisted)
        for (const auto& field : r.page->surrogate) head.add(field);
    if (!r.allow.empty()) head.add("Allow", r.allow);
    if (!r.location.empty()) head.add("Location", r.location);
    head.add("X-Vitae-Cache", r.cache_hit ? "hit" : "miss");
    return head.finish(r.send_body ? r.body() : std::string_view());
}

std::string response_head(const Response& response) { return write_response(response).head; }

void prepare_wire(const std::shared_ptr<Page>& page, WireLayout layout) {
    for (int gzip = 0; gzip < (page->gzip.empty() ? 1 : 2); ++gzip) {  // no gzip copy: never answered gzipped
        Response hit;
        hit.status = page->status;
        hit.page = page;
        hit.gzip = gzip == 1;
        hit.cache_hit = true;
        auto written = write_response(hit);
        if (written.refused) {  // laid out per request instead, where each answer is a logged 500
            page->wire[0].clear();
            page->wire[1].clear();
            return;
        }
        page->wire[gzip] = layout(written.head, written.body);
        page->wire[gzip].shrink_to_fit();
    }
}

Response plain_response(int status, std::string_view text) {
    auto page = std::make_shared<Page>();
    page->status = status;
    page->content_type = "text/plain; charset=utf-8";
    page->body.append(text).append("\n");
    Response response;
    response.status = status;
    response.page = std::move(page);
    return response;
}

std::vector<HeaderField> surrogate_fields(SurrogateHeader header, std::string_view keys) {
    // How long the cache may keep a page it will be told about: a bound on
    // staleness should a purge be lost (the purger logs and counts those).
    const std::string lifetime = "max-age=" + std::to_string(limits::surrogate_max_age_s);
    switch (header) {
    case SurrogateHeader::none: return {};
    case SurrogateHeader::xkey: return {{"xkey", std::string(keys)}, {"Surrogate-Control", lifetime}};
    case SurrogateHeader::surrogate_key: return {{"Surrogate-Key", std::string(keys)}, {"Surrogate-Control", lifetime}};
    case SurrogateHeader::cache_tag: {
        std::string tags(keys);
        for (char& c : tags)
            if (c == ' ') c = ',';
        return {{"Cache-Tag", std::move(tags)}, {"CDN-Cache-Control", lifetime}};
    }
    }
    return {};
}

std::string etag_for(std::string_view body) {
    // FNV-1a over 8-byte words in four independent lanes (then the tail
    // bytes into the first): each step is a multiply that waits for the one
    // before it, so one lane ran at the multiply's latency (~5 µs for the
    // 27 KB homepage, 6% of a render-per-request worker's CPU in perf) and
    // four keep the multiplier busy. The byte-wise loop took ~20 µs.
    constexpr std::uint64_t prime = 0x100000001b3ULL;
    std::uint64_t lane[4] = {0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL, 0x9ce484222325cbf2ULL, 0x2325cbf29ce48422ULL};
    auto mix = [](std::uint64_t h, std::uint64_t word) {
        h = (h ^ word) * prime;
        return h ^ (h >> 29);  // fold high bits down: a word-wise multiply alone mixes them poorly
    };
    std::size_t i = 0;
    for (; i + 32 <= body.size(); i += 32) {
        std::uint64_t words[4];
        std::memcpy(words, body.data() + i, 32);
        for (int l = 0; l < 4; ++l) lane[l] = mix(lane[l], words[l]);
    }
    for (; i + 8 <= body.size(); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, body.data() + i, 8);
        lane[0] = mix(lane[0], word);
    }
    for (; i < body.size(); ++i) lane[0] = (lane[0] ^ static_cast<unsigned char>(body[i])) * prime;
    std::uint64_t hash = mix(mix(mix(mix(0, lane[0]), lane[1]), lane[2]), lane[3]) ^ body.size();
    static constexpr char digits[] = "0123456789abcdef";
    std::string etag = "\"";
    for (int shift = 60; shift >= 0; shift -= 4) etag += digits[(hash >> shift) & 0xF];
    etag += '"';
    return etag;
}

}  // namespace vitae
