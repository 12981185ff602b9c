// /search/?q=&page=: the one page made per request, never cached (its
// answers are as many as the queries people type). The query runs on the
// calling thread's own read-only connection to the site's database
// (SearchReader, kept per thread and site like ContentProbe's), against the
// FTS5 index the schema's triggers keep (data/schema.sql), so an edit is
// found on the next request; hits are then linked through the version being
// served (search_views), which the caller has just made fresh.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "base/file_id.hpp"
#include "http/page.hpp"
#include "http/router.hpp"
#include "site/page_source.hpp"
#include "site/site.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

class SearchReader {
public:
    // The connection to the database `site` was read from, opened read-only
    // on first use and again when the site's file was replaced.
    const Db& db(const Site& site);

private:
    std::optional<Db> db_;
    FileId file_;
    std::string path_;
};

// The search page `route` (RouteKind::search) names, for `query_string`
// (the raw text after '?'): 200 with the hits or the form, 400 with a page
// saying why for a query over a bound, a page number out of range or bad
// encoding. Unlisted (noindex, no-store); gzipped when `coding` says so.
// A route whose language the site lacks gets the site's 404 page.
std::shared_ptr<const Page> search_page(const Site& site, const Route& route, std::string_view query_string,
                                        PageSource& source, SearchReader& reader,
                                        ContentCoding coding = ContentCoding::gzip);

}  // namespace vitae
