#include "site/surrogate_keys.hpp"

#include <algorithm>
#include <iterator>

#include "site/page_inputs.hpp"

namespace vitae {

namespace {

using KeyStamp = std::uint64_t;

// A row's name as a key's last part: slugs and file names as they are, any
// other text (a tag may be any word) as a digest, since a key may hold no
// space, comma or byte outside visible ASCII.
std::string key_part(std::string_view text) {
    constexpr std::size_t max_plain_bytes = 64;
    bool plain = !text.empty() && text.size() <= max_plain_bytes && std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
               c == '.';
    });
    if (plain) return std::string(text);
    std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a: a collision only purges one page more
    for (char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    static constexpr char digits[] = "0123456789abcdef";
    std::string out = "h";
    for (int shift = 60; shift >= 0; shift -= 4) out += digits[(hash >> shift) & 0xF];
    return out;
}

// "<site>[:<language>]:" for one language's keys.
std::string key_prefix(const Site& site, std::size_t language, std::string_view site_key) {
    std::string prefix(site_key);
    if (language != 0) prefix.append(":").append(key_part(site.views(language).locale.code));
    return prefix.append(":");
}

// Every (key, stamp) of one language's inputs. Drafts' previews have none:
// they are never stored by a shared cache (Cache-Control: private), and
// their tokens are secrets.
template <typename Visit>
void visit_inputs(const Site& site, std::size_t language, std::string_view site_key, Visit&& visit) {
    const InputStamps& s = (*site.stamps)[language];
    const Content& c = site.views(language).content;
    std::string p = key_prefix(site, language, site_key);
    const std::pair<const char*, KeyStamp> scalars[] = {
        {"owner", s.owner_name}, {"nav", s.nav},     {"str", s.strings},   {"home", s.home},
        {"blog", s.blog},        {"news", s.news},   {"talks", s.talks},   {"projects", s.projects},
        {"cv", s.cv},            {"bib", s.bibtex_all}, {"feed", s.feed},  {"sitemap", s.sitemap},
        {"people", s.people},    {"works", s.group_works}, {"contact", s.contact}};
    for (const auto& [name, stamp] : scalars) visit(p + name, stamp);
    for (std::size_t i = 0; i < s.lists.size(); ++i) visit(p + "list:" + std::to_string(i), s.lists[i]);
    for (std::size_t i = 0; i < s.posts.size(); ++i) visit(p + "post:" + key_part(c.posts[i].slug), s.posts[i]);
    for (const auto& [tag, stamp] : s.tags) visit(p + "tag:" + key_part(tag), stamp);
    for (std::size_t i = 0; i < s.papers.size(); ++i) {
        visit(p + "paper:" + key_part(c.publications[i].slug), s.papers[i]);
        visit(p + "cite:" + key_part(c.publications[i].slug), s.citations[i]);
    }
    for (std::size_t i = 0; i < s.files.size(); ++i) visit(p + "file:" + key_part(c.files[i].name), s.files[i]);
    for (const auto& [slug, stamp] : s.project_pages) visit(p + "project:" + key_part(slug), stamp);
    for (const auto& [slug, stamp] : s.pages) visit(p + "page:" + key_part(slug), stamp);
    for (const auto& [name, stamp] : s.templates) visit(p + "tpl:" + key_part(name), stamp);
}

// The key of one of the inputs a route's row names, for the page `ref`; empty: none.
std::string input_key(Input input, const PageRef& ref, const Views& v) {
    switch (input) {
    case Input::owner_name: return "owner";
    case Input::nav: return "nav";
    case Input::strings: return "str";
    case Input::page_template: return ref.template_name.empty() ? "" : "tpl:" + key_part(ref.template_name);
    case Input::layout_template: return "tpl:layout";
    case Input::home: return "home";
    case Input::blog: return "blog";
    case Input::news: return "news";
    case Input::talks: return "talks";
    case Input::projects: return "projects";
    case Input::project: return "project:" + key_part(v.content.projects[ref.index].slug);
    case Input::cv: return "cv";
    case Input::post: return "post:" + key_part(v.content.posts[ref.index].slug);
    case Input::tag: return "tag:" + key_part(ref.tag);
    case Input::preview: return "";
    case Input::list: return "list:" + std::to_string(ref.filter ? static_cast<std::size_t>(*ref.filter) + 1 : 0);
    case Input::paper: return "paper:" + key_part(v.content.publications[ref.index].slug);
    case Input::citation: return "cite:" + key_part(v.content.publications[ref.index].slug);
    case Input::bibtex_all: return "bib";
    case Input::feed: return "feed";
    case Input::sitemap: return "sitemap";
    case Input::file: return "file:" + key_part(v.content.files[ref.index].name);
    case Input::people: return "people";
    case Input::group_works: return "works";
    case Input::contact: return "contact";
    case Input::page: return "page:" + key_part(v.content.pages[ref.index].slug);
    }
    return "";
}

}  // namespace

std::string page_keys(const PageRef& ref, const Site& site, std::string_view site_key) {
    std::string out(site_key);
    std::string prefix = key_prefix(site, ref.language, site_key);
    const Views& v = site.views(ref.language);
    Inputs inputs = page_row(ref.kind).inputs;
    if (ref.status == 404) inputs = inputs | Input::sitemap;
    for (std::uint32_t bit = 1; bit != 0; bit <<= 1) {
        auto input = static_cast<Input>(bit);
        if (!inputs.has(input)) continue;
        if (std::string key = input_key(input, ref, v); !key.empty()) out.append(" ").append(prefix).append(key);
    }
    return out;
}

std::vector<std::string> all_keys(const Site& site, std::string_view site_key) {
    std::vector<std::string> out;
    for (std::size_t l = 0; l < site.language_count(); ++l)
        visit_inputs(site, l, site_key, [&out](std::string key, KeyStamp) { out.push_back(std::move(key)); });
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<std::string> changed_keys(const Site& site, std::uint64_t since, std::string_view site_key) {
    std::vector<std::string> out;
    for (std::size_t l = 0; l < site.language_count(); ++l)
        visit_inputs(site, l, site_key, [&out, since](std::string key, KeyStamp stamp) {
            if (stamp > since) out.push_back(std::move(key));
        });
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<std::string> keys_to_purge(const std::vector<std::string>& before, const Site& site, std::uint64_t since,
                                       std::string_view site_key, std::size_t max_keys) {
    std::vector<std::string> now = all_keys(site, site_key), gone, out;
    std::set_difference(before.begin(), before.end(), now.begin(), now.end(), std::back_inserter(gone));
    std::vector<std::string> changed = changed_keys(site, since, site_key);
    std::set_union(changed.begin(), changed.end(), gone.begin(), gone.end(), std::back_inserter(out));
    if (out.size() > max_keys) return {std::string(site_key)};
    return out;
}

}  // namespace vitae
