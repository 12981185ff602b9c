#include "site/site_search.hpp"

#include <charconv>

#include "base/clock.hpp"
#include "base/limits.hpp"
#include "http/gzip.hpp"
#include "http/http.hpp"
#include "http/request.hpp"
#include "render/views/search_views.hpp"
#include "site/pages.hpp"
#include "store/rows/search_rows.hpp"
#include "store/write/group_search.hpp"

namespace vitae {

const Db& SearchReader::db(const Site& site) {
    if (!db_ || file_ != site.content->db_file || path_ != site.content->db_path) {
        db_.reset();
        db_.emplace(Db::open(site.content->db_path, OpenMode::read_only));
        file_ = site.content->db_file;
        path_ = site.content->db_path;
    }
    return *db_;
}

namespace {

// What the query string asks, or why it cannot be answered.
struct SearchAsk {
    std::string query;
    int page = 1;
    SearchProblem problem = SearchProblem::none;
};

SearchAsk read_ask(std::string_view query_string) {
    SearchAsk ask;
    auto q = query_field(query_string, "q");
    if (!q.valid) return {.query = "", .page = 1, .problem = SearchProblem::bad_encoding};
    ask.query = std::move(q.value);
    if (ask.query.size() > limits::max_search_query_bytes) {
        ask.query.clear();  // not echoed: the page says how long a query may be
        ask.problem = SearchProblem::too_long;
        return ask;
    }
    auto page = query_field(query_string, "page");
    if (page.present) {
        const char* end = page.value.data() + page.value.size();
        auto [at, error] = std::from_chars(page.value.data(), end, ask.page);
        if (error != std::errc() || at != end || ask.page < 1 || ask.page > limits::max_search_page) {
            ask.page = 1;
            ask.problem = SearchProblem::bad_page;
        }
    }
    return ask;
}

}  // namespace

std::shared_ptr<const Page> search_page(const Site& site, const Route& route, std::string_view query_string,
                                        PageSource& source, SearchReader& reader,
                                        ContentCoding coding) {
    PageRef ref = page_ref(route, site);
    if (ref.kind != RouteKind::search) return source.render_page(site, ref);
    const Views& views = site.views(ref.language);
    const Catalogue& t = site.strings(ref.language);
    SearchAsk ask = read_ask(query_string);
    SearchQuery query = parse_search_query(ask.query);
    if (query.too_many_terms && ask.problem == SearchProblem::none) ask.problem = SearchProblem::too_many_terms;
    std::optional<SearchResults> results;
    if (ask.problem == SearchProblem::none && !query.empty())
        results = search_site(reader.db(site), query, {.page = ask.page, .today = utc_day(system_unix())});
    // A group's home also searches its group, in the index built with the
    // group version this site shows (never the members' databases).
    std::optional<SearchResults> group_results;
    if (results && site.group && site.group->search) group_results = site.group->search->find(query, ask.page);
    SearchPageInput in{.query = ask.query, .page = ask.page, .results = results ? &*results : nullptr, .problem = ask.problem,
                       .group_results = group_results ? &*group_results : nullptr, .group = site.group.get()};
    auto page = std::make_shared<Page>();
    page->status = ask.problem == SearchProblem::none ? 200 : 400;
    page->body = render_in_layout(*site.templates, ref.template_name, search_page_data(views, t, in),
                                  layout_for(ref, views, t, source.base_url()), t);
    page->unlisted = true;
    page->etag = etag_for(page->body);
    page->etag_gzip = page->etag.substr(0, page->etag.size() - 1) + "-gz\"";
    if (coding == ContentCoding::gzip && page->body.size() >= gzip_min_bytes) page->gzip = gzip_compress(page->body);
    page->last_modified_unix = site.last_modified_unix;
    page->last_modified = http_date(site.last_modified_unix);
    page->generation = site.generation;
    return page;
}

}  // namespace vitae
