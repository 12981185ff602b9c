// What the view files share (views.cpp, post_views.cpp, publication_views.cpp): building Mustache
// data without kainjow's copies, and a post's data. Not for other units.
#pragma once

#include <string>
#include <utility>

#include "render/math/body_html.hpp"
#include "render/views/views.hpp"
#include "rules/date.hpp"

namespace vitae::view_data {

// kainjow's set() and push_back() deep-copy what they are given, and its
// move constructor is not noexcept, so a growing std::vector of data copies
// every element each time it reallocates: a list of 3,000 papers was copied
// over and over on its way into the page. These move instead. list_value()
// is the list the data owns on the heap: only its accessor is const.
inline void put(MustacheData& into, const std::string& key, MustacheData value) { into[key] = std::move(value); }
inline void append(MustacheData& onto, MustacheData value) {
    auto& items = const_cast<TemplateList&>(onto.list_value());
    if (items.size() == items.capacity()) {  // grow by moving, never by vector's copying
        TemplateList bigger;
        bigger.reserve(std::max<std::size_t>(8, items.size() * 2));
        for (auto& item : items) bigger.push_back(std::move(item));
        items.swap(bigger);
    }
    items.push_back(std::move(value));
}

// An object built in place: kainjow's MustacheData(object) copies the whole
// map it is given, so `object{...}` paid for every field twice.
inline MustacheData fields(std::initializer_list<std::pair<const std::string, MustacheData>> items) {
    MustacheData out{MustacheData::type::object};
    for (const auto& [key, value] : items) out[key] = MustacheData(value);
    return out;
}

template <typename Rows, typename F>  // a std::vector or SharedRows
MustacheData list_of(const Rows& items, F&& to_data) {
    MustacheData out{MustacheData::type::list};
    for (std::size_t i = 0; i < items.size(); ++i) append(out, to_data(items[i], i, items.size()));
    return out;
}

// A stored date for <time datetime>: the value when it names a real day,
// month or year, else false, so {{#date_iso}}<time …>{{/date_iso}} claims
// only real dates and {{^date_iso}} shows the rest as written.
inline MustacheData calendar_datum(std::string_view text) {
    auto value = calendar_value(text);
    return value.empty() ? MustacheData(false) : MustacheData(std::string(value));
}

// A row's own lang attribute: false (none) when it is in the page's language,
// so {{#lang}} lang="{{lang}}"{{/lang}} writes nothing then.
inline MustacheData lang_data(std::string code) {
    return code.empty() ? MustacheData(false) : MustacheData(std::move(code));
}

// A link as lists show it: {label, url, has_url, joiner}.
MustacheData link_data(const Link& link, const std::string& joiner);
// One publication as lists and its page show it (templates/README.md).
MustacheData publication_data(const Publication& p, const Views& v, const Catalogue& t);
bool any_equal_contribution(const Publication& p);

// Every stored picture by name with its copies' srcsets (project_views.cpp).
std::unordered_map<std::string_view, StoredPicture> pictures_of(const Content& c, std::string_view mount);
// A stored picture as templates show it in a <picture>:
// {url, width, height, alt, has_avif_srcset, avif_srcset, has_webp_srcset, webp_srcset}.
MustacheData picture_data(const StoredPicture& picture, std::string_view alt);
// The stored picture of this name, or none (no name, no such file, not a picture).
const StoredPicture* stored_picture(const Views& v, std::string_view name);

// One post as a list shows it (templates/README.md): title, date, tags.
MustacheData post_data(const Post& post, const Views& v, const Catalogue& t);
// And what its own page adds: the body (math, stored pictures), its table of contents.
void add_post_body(const Post& post, const Views& v, MustacheData& data);
// A body shown as a post's is (`format`: a post's body_format column):
// accessible_body (in `lang`, the row's when it is not the page's; "" for
// the page's), has_toc, toc. A page of the owner's own shows its body so.
void add_body(std::string_view body, std::string_view format, std::string_view lang, const Views& v, MustacheData& data);
// A body in a list (a bio paragraph, a news item, a talk's abstract) as
// the page shows it: accessible_body in the row's language (`row_lang`,
// lang_of's: "" when it is the page's).
std::string shown_body(std::string_view text, BodyFormat format, std::string_view row_lang, const Views& v);
MustacheData posts_data(const SharedRows<Post>& posts, const Views& v, const Catalogue& t);

// Moves every post that is not listed on v.today out of c.posts into v.unlisted.
void split_posts(Content& c, Views& v);

}  // namespace vitae::view_data
