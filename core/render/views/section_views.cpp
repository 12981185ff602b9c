// The news and talks sections: the home page's latest news, the
// /news/ and /talks/ pages. Each is made only when it has rows; the layout's
// nav, the sitemap and the feed name them only then (core/site/pages,
// core/render/formats/syndication).
#include <map>

#include "render/math/body_html.hpp"
#include "render/views/view_data.hpp"

namespace vitae {

using view_data::append;
using view_data::fields;
using view_data::put;

namespace {

MustacheData talk_data(const Views& v, const Catalogue& strings, const Talk& t) {
    MustacheData links{MustacheData::type::list};
    for (auto [label, url] : {std::pair{"slides", &t.url_slides}, std::pair{"video", &t.url_video},
                              std::pair{"event", &t.url_event}}) {
        std::string target = link_target(v, *url, v.locale.mount);
        if (!target.empty()) append(links, fields({{"label", strings(label)}, {"url", target}}));
    }
    bool has_links = !links.list_value().empty();
    return fields({{"anchor", "talk-" + std::to_string(t.id)},
                   {"lang", view_data::lang_data(v.lang_of("talk", std::to_string(t.id)))},
                   {"title", t.title},
                   {"date", strings.date(t.date)},
                   {"date_iso", view_data::calendar_datum(t.date)},
                   {"event", t.event},
                   {"has_event", !t.event.empty()},
                   {"place", t.place},
                   {"has_place", !t.place.empty()},
                   {"abstract_html", t.abstract.empty() ? std::string() : view_data::shown_body(t.abstract, BodyFormat::markdown_math, v.lang_of("talk", std::to_string(t.id)), v)},
                   {"has_abstract", !t.abstract.empty()},
                   {"links", std::move(links)},
                   {"has_links", has_links}});
}

}  // namespace

MustacheData news_item_data(const Views& v, const Catalogue& t, const News& n) {
    return fields({{"anchor", "news-" + std::to_string(n.id)},
                   {"lang", view_data::lang_data(v.lang_of("news", std::to_string(n.id)))},
                   {"date", t.date(n.date)},
                   {"date_iso", view_data::calendar_datum(n.date)},
                   {"html", view_data::shown_body(n.markdown, BodyFormat::markdown_math, v.lang_of("news", std::to_string(n.id)), v)}});
}

void add_news(const Views& v, const Catalogue& t, MustacheData& home) {
    const Content& c = v.content;
    MustacheData items{MustacheData::type::list};
    for (std::size_t i = 0; i < c.news.size() && i < home_news_limit; ++i) append(items, news_item_data(v, t, c.news[i]));
    put(home, "has_news", !c.news.empty());
    put(home, "news", std::move(items));
    put(home, "news_count", std::to_string(c.news.size()));
    put(home, "all_news", t.format("all_news", {{"n", std::to_string(c.news.size())}}));
    put(home, "more_news", c.news.size() > home_news_limit);
}

MustacheData news_page_data(const Views& v, const Catalogue& t) {
    MustacheData items{MustacheData::type::list};
    for (const auto& n : v.content.news) append(items, news_item_data(v, t, n));
    MustacheData page = fields({{"name", v.site_name}});
    put(page, "news", std::move(items));
    return page;
}

MustacheData talks_page_data(const Views& v, const Catalogue& strings) {
    // Newest year first; within a year, the content's order (newest first).
    MustacheData years{MustacheData::type::list};
    std::string year;
    MustacheData talks{MustacheData::type::list};
    auto flush = [&] {
        if (year.empty()) return;
        MustacheData group = fields({{"year", year}, {"id", "y" + year}});
        put(group, "talks", std::move(talks));
        append(years, std::move(group));
        talks = MustacheData{MustacheData::type::list};
    };
    for (const auto& t : v.content.talks) {
        if (t.date.substr(0, 4) != year) {
            flush();
            year = t.date.substr(0, 4);
        }
        append(talks, talk_data(v, strings, t));
    }
    flush();
    MustacheData page = fields({{"name", v.site_name}});
    put(page, "years", std::move(years));
    return page;
}

}  // namespace vitae
