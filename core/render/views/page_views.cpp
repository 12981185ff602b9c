// A page of the owner's own at /<slug>/ ("Teaching", "Join the lab"): its
// title and its body, shown as a post's body is (one body rule:
// render/math/body_html, with stored pictures and a table of contents).
// Only data here: every word a visitor reads is in templates/page.mustache.
#include "render/math/body_html.hpp"
#include "render/text/page_text.hpp"
#include "render/views/view_data.hpp"

namespace vitae {

using view_data::fields;
using view_data::put;

std::string page_description(const OwnPage& page) {
    std::string text = body_text(page.body, post_body_format(page.body_format));
    return cut_at_word(text.empty() ? page.title : text);
}

MustacheData page_page_data(const Views& v, const Catalogue&, std::size_t index) {
    const OwnPage& p = v.content.pages[index];
    MustacheData d = fields({{"slug", p.slug},
                             {"title", p.title},
                             {"url", url_for(RouteKind::page, {.prefix = v.locale.links, .slug = p.slug})},
                             {"lang", view_data::lang_data(v.lang_of("page", p.slug))}});
    put(d, "has_body", !p.body.empty());
    view_data::add_body(p.body, p.body_format, v.lang_of("page", p.slug), v, d);
    MustacheData page = fields({{"name", v.site_name}});
    put(page, "page", std::move(d));
    return page;
}

}  // namespace vitae
