#include "render/views/renderer.hpp"

#include <tuple>

#include "base/error.hpp"
#include "base/version.hpp"
#include "render/views/view_data.hpp"

namespace vitae {

namespace {

using kainjow::mustache::object;

MustacheData nav_data(const LayoutFields& layout, const Catalogue& t) {
    std::string_view current_path = layout.current_path;
    MustacheData nav{MustacheData::type::list};
    // A section is current on its index and on every page under it; news
    // and talks are named only when they have rows (else they are not found).
    for (auto [kind, label, shown] :
         {std::tuple{RouteKind::home, "nav_home", true}, std::tuple{RouteKind::people, "nav_people", layout.has_people},
          std::tuple{RouteKind::publications, "nav_publications", true},
          std::tuple{RouteKind::blog_index, "nav_blog", true}, std::tuple{RouteKind::news, "nav_news", layout.has_news},
          std::tuple{RouteKind::talks, "nav_talks", layout.has_talks},
          std::tuple{RouteKind::projects, "nav_projects", layout.has_projects},
          std::tuple{RouteKind::cv, "nav_cv", layout.has_cv}}) {
        if (!shown) continue;
        std::string h = url_for(kind, {.prefix = layout.prefix});
        bool current = current_path == h || (kind != RouteKind::home && current_path.starts_with(h));
        view_data::append(nav, view_data::fields({{"href", h}, {"label", t(label)}, {"current", current}, {"lang", false}}));
    }
    for (const auto& page : layout.menu) {
        std::string h = url_for(RouteKind::page, {.prefix = layout.prefix, .slug = page.slug});
        view_data::append(nav, view_data::fields({{"href", h},
                                                  {"label", page.title},
                                                  {"current", current_path == h},
                                                  {"lang", view_data::lang_data(page.lang)}}));
    }
    return nav;
}

std::string render_one(const Templates& templates, std::string_view page, const MustacheData& data, const Catalogue& t,
                        const MustacheData& language) {
    auto it = templates.pages().find(page);
    if (it == templates.pages().end()) throw Error("render: no template " + std::string(page));
    std::string out;
    out.reserve(32 * 1024);
    std::string error;
    try {
        error = it->second.render(data, out, {&t.data(), &language});
    } catch (const std::exception& e) {  // from a streamed list's items
        error = e.what();
    }
    if (!error.empty()) throw Error("render " + std::string(page) + ": " + error);
    return out;
}

}  // namespace

MustacheData layout_data(const LayoutFields& layout, const Catalogue& t) {
    // fields() and put(): kainjow's object{} and set() copy every value once more (view_data.hpp).
    MustacheData layout_data = view_data::fields({{"title", layout.title},
                                                  {"description", layout.description},
                                                  {"has_description", !layout.description.empty()},
                                                  {"site_name", layout.site_name},
                                                  {"version", std::string(version)},
                                                  {"nav", nav_data(layout, t)},
                                                  {"canonical_url", layout.canonical_url},
                                                  {"has_canonical", !layout.canonical_url.empty()},
                                                  {"og_type", layout.og_type},
                                                  {"json_ld", layout.json_ld},
                                                  {"has_json_ld", !layout.json_ld.empty()},
                                                  {"feed_url", layout.feed_url},
                                                  {"feed_title", layout.feed_title},
                                                  {"og_image", layout.og_image},
                                                  {"has_og_image", !layout.og_image.empty()}});
    if (!layout.meta.is_empty_list()) layout_data.set("meta", layout.meta);
    MustacheData head_links{MustacheData::type::list};
    for (const auto& l : layout.head_links)
        head_links.push_back(object{{"rel", l.rel}, {"href", l.href}, {"type", l.type}, {"has_type", !l.type.empty()}});
    layout_data.set("head_links", head_links);
    bool languages = !layout.alternates.empty();
    layout_data.set("has_languages", languages);
    if (languages) {
        MustacheData alternates{MustacheData::type::list};
        for (const auto& a : layout.alternates)
            alternates.push_back(
                object{{"code", a.code}, {"name", a.name}, {"path", a.path}, {"url", a.url}, {"current", a.current}});
        layout_data.set("alternates", alternates);
    }
    layout_data.set("has_x_default", languages && !layout.canonical_url.empty());
    layout_data.set("x_default_url", layout.x_default_url);
    return layout_data;
}

MustacheData language_data(const LayoutFields& layout) {
    return object{{"page_lang", layout.lang}, {"rtl", layout.rtl}, {"prefix", layout.prefix}, {"home_url", layout.prefix + "/"}};
}

std::string render_in_layout(const Templates& templates, std::string_view page, const MustacheData& data,
                             const LayoutFields& layout, const Catalogue& t) {
    const MustacheData language = language_data(layout);
    MustacheData around = layout_data(layout, t);
    view_data::put(around, "content", MustacheData(render_one(templates, page, data, t, language)));
    return render_one(templates, "layout", around, t, language);
}

}  // namespace vitae
