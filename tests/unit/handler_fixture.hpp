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
        : db(make_db(dir, content)), sites({db.string(), source_dir / "templates"}), cache(1 << 24, 64),
          pages(cache, std::move(base_url), layout), handler(sites, pages), thread(db.string(), pages) {}

    TempDir dir;
    std::filesystem::path db;
    SiteHolder sites;
    PageCache cache;
    PageSource pages;
    Handler handler;
    ThreadState thread;
};

}  // namespace vitae::test
