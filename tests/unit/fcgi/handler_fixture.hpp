// One request handler over a fresh database, as a request thread has it:
// for the handler and metrics units.
#pragma once

#include "fcgi/handler.hpp"
#include "http/base_url.hpp"
#include "test_support.hpp"

namespace vitae::test {

struct HandlerFixture {
    explicit HandlerFixture(const std::string& content = fixture_content(), std::string base_url = default_base_url,
                            WireLayout layout = nullptr)
        : db(make_db(dir, content)),
          cache(1 << 24, 64),
          set({.db_path = db.string(), .base_url = std::move(base_url), .templates_dir = source_dir / "templates",
               .threads = 1, .layout = layout},
              cache),
          site(*set.loaded().front()),
          sites(site.holder),
          pages(site.pages),
          handler(set) {}

    TempDir dir;
    std::filesystem::path db;
    PageCache cache;
    SiteSet set;
    LoadedSite& site;
    SiteHolder& sites;
    PageSource& pages;
    Handler handler;
    ThreadState thread;
};

}  // namespace vitae::test
