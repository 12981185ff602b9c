#include "renderer.hpp"

#include <stdexcept>
#include <tuple>

#include "streamed_list.hpp"
#include "version.hpp"

namespace vitae {

namespace {

using kainjow::mustache::object;

MustacheData nav_data(const LayoutFields& layout) {
    std::string_view current_path = layout.current_path;
    MustacheData nav{MustacheData::type::list};
    // A section is current on its index and on every page under it; news
    // and talks are named only when they have rows (else they are not found).
    for (auto [href, label, shown] :
         {std::tuple{"/", "Home", true}, std::tuple{"/publications/", "Publications", true},
          std::tuple{"/blog/", "Blog", true}, std::tuple{"/news/", "News", layout.has_news},
          std::tuple{"/talks/", "Talks", layout.has_talks}, std::tuple{"/cv/", "CV", layout.has_cv}}) {
        if (!shown) continue;
        std::string_view h = href;
        bool current = current_path == h || (h != "/" && current_path.starts_with(h));
        nav.push_back(object{{"href", href}, {"label", label}, {"current", current}});
    }
    return nav;
}

}  // namespace

std::string PageRenderer::render_one(std::string_view page, const MustacheData& data) {
    auto it = copies_.find(page);
    if (it == copies_.end()) throw std::runtime_error("render: no template " + std::string(page));
    std::string out;
    out.reserve(32 * 1024);
    std::string error;
    try {
        error = render_streaming(it->second, data, [&out](const std::string& piece) { out += piece; });
    } catch (const std::exception& e) {  // from a streamed list's items
        error = e.what();
    }
    if (!error.empty()) {
        templates_id_ = 0;  // the copy is poisoned; take fresh ones next time
        throw std::runtime_error("render " + std::string(page) + ": " + error);
    }
    return out;
}

std::string PageRenderer::render(const Templates& templates, std::string_view page, const MustacheData& data,
                                 const LayoutFields& layout) {
    if (templates_id_ != templates.id()) {
        copies_ = templates.pages();
        templates_id_ = templates.id();
    }
    MustacheData layout_data = object{{"title", layout.title},
                                      {"description", layout.description},
                                      {"has_description", !layout.description.empty()},
                                      {"site_name", layout.site_name},
                                      {"version", std::string(version)},
                                      {"nav", nav_data(layout)},
                                      {"canonical_url", layout.canonical_url},
                                      {"has_canonical", !layout.canonical_url.empty()},
                                      {"og_type", layout.og_type},
                                      {"json_ld", layout.json_ld},
                                      {"has_json_ld", !layout.json_ld.empty()},
                                      {"feed_url", layout.feed_url},
                                      {"feed_title", layout.feed_title}};
    if (!layout.meta.is_empty_list()) layout_data.set("meta", layout.meta);
    layout_data.set("head_links", layout.head_links);
    layout_data.set("content", render_one(page, data));
    return render_one("layout", layout_data);
}

}  // namespace vitae
