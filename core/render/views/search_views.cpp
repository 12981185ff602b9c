#include "render/views/search_views.hpp"

#include <algorithm>
#include <charconv>

#include "base/limits.hpp"
#include "render/text/escape.hpp"
#include "render/views/view_data.hpp"

namespace vitae {

using view_data::append;
using view_data::fields;

namespace {

bool listed_post(const Views& v, std::string_view slug) { return v.post_index.contains(slug); }

// The page a hit names in this language, "" when this version lists no such item.
std::string hit_url(const Views& v, const SearchHit& hit) {
    const std::string& links = v.locale.links;
    const Content& c = v.content;
    if (hit.kind == "publication")
        return v.publication_index.contains(hit.key) ? url_for(RouteKind::publication, {.prefix = links, .slug = hit.key}) : "";
    if (hit.kind == "post") return listed_post(v, hit.key) ? url_for(RouteKind::post, {.prefix = links, .slug = hit.key}) : "";
    if (hit.kind == "project") {
        bool found = std::any_of(c.projects.begin(), c.projects.end(), [&](const Project& p) { return p.slug == hit.key; });
        return found ? url_for(RouteKind::project, {.prefix = links, .slug = hit.key}) : "";
    }
    if (hit.kind == "page") {
        bool found = std::any_of(c.pages.begin(), c.pages.end(), [&](const OwnPage& p) { return p.slug == hit.key; });
        return found ? url_for(RouteKind::page, {.prefix = links, .slug = hit.key}) : "";
    }
    if (hit.kind == "news") return c.news.empty() ? "" : url_for(RouteKind::news, {.prefix = links}) + "#news-" + hit.key;
    if (hit.kind == "talk") return c.talks.empty() ? "" : url_for(RouteKind::talks, {.prefix = links}) + "#talk-" + hit.key;
    if (hit.kind == "bio") return url_for(RouteKind::home, {.prefix = links});
    return "";
}

std::string problem_text(const Catalogue& t, SearchProblem problem) {
    switch (problem) {
    case SearchProblem::too_long:
        return t.format("search_too_long", {{"n", std::to_string(limits::max_search_query_bytes)}});
    case SearchProblem::too_many_terms:
        return t.format("search_too_many", {{"n", std::to_string(limits::max_search_terms)}});
    case SearchProblem::bad_page: return t.format("search_bad_page", {{"n", std::to_string(limits::max_search_page)}});
    case SearchProblem::bad_encoding: return t("search_bad_query");
    case SearchProblem::none: break;
    }
    return {};
}

// ?q=<query>&page=<n>, form-encoded as a browser sends it.
std::string page_url(const Views& v, std::string_view query, int page) {
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out = url_for(RouteKind::search, {.prefix = v.locale.links}) + "?q=";
    for (char c : query) {
        auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '-' || c == '_' || c == '.' || c == '~') out += c;
        else if (c == ' ') out += '+';
        else out.append({'%', hex[u >> 4], hex[u & 15]});
    }
    if (page > 1) out += "&page=" + std::to_string(page);
    return out;
}

// Both lists (the site's and its group's) page together: page n of each.
void add_paging(MustacheData& data, const Views& v, const Catalogue& t, const SearchPageInput& in) {
    auto per_page = static_cast<std::int64_t>(limits::search_results_per_page);
    std::int64_t most = std::max(in.results->total, in.group_results ? in.group_results->total : 0);
    auto pages = static_cast<int>(std::min<std::int64_t>((most + per_page - 1) / per_page, limits::max_search_page));
    data["has_pages"] = pages > 1;
    data["page_label"] = t.format("search_page", {{"n", std::to_string(in.page)}, {"m", std::to_string(pages)}});
    data["has_prev"] = in.page > 1;
    data["prev_url"] = page_url(v, in.query, in.page - 1);
    data["has_next"] = in.page < pages;
    data["next_url"] = page_url(v, in.query, in.page + 1);
}

MustacheData hit_data(const Catalogue& t, const SearchHit& hit, std::string url) {
    std::string authors = marked_html(hit.authors), snippet = marked_html(hit.snippet);
    std::string title = hit.title.empty() ? t("search_kind_" + hit.kind) : marked_html(hit.title);
    return fields({{"kind", hit.kind},
                   {"kind_label", t("search_kind_" + hit.kind)},
                   {"url", std::move(url)},
                   {"title_html", std::move(title)},
                   {"authors_html", authors},
                   {"has_authors", !authors.empty()},
                   {"snippet_html", snippet},
                   {"has_snippet", !snippet.empty()}});
}

std::size_t index_of(std::string_view key, std::size_t size) {
    std::size_t i = size;
    auto [at, error] = std::from_chars(key.data(), key.data() + key.size(), i);
    return error == std::errc() && at == key.data() + key.size() && i < size ? i : size;
}

// "Carol Li, Dan Wu": the members listing a work, the first three.
std::string listed_by(const GroupWork& w) {
    std::string out;
    for (std::size_t i = 0; i < w.papers.size() && i < 3; ++i) out += (i ? ", " : "") + w.papers[i].member;
    return w.papers.size() > 3 ? out + ", …" : out;
}

// A group hit as the template sees it, linked to the member's own site;
// none when its key is not in this group version.
std::optional<MustacheData> group_hit_data(const Catalogue& t, const Group& g, const SearchHit& hit) {
    if (hit.kind == "person") {
        std::size_t i = index_of(hit.key, g.members.size());
        if (i == g.members.size()) return std::nullopt;
        return hit_data(t, hit, g.members[i].base_url + "/");
    }
    std::size_t i = index_of(hit.key, g.works.size());
    if (hit.kind != "member_work" || i == g.works.size() || g.works[i].papers.empty()) return std::nullopt;
    MustacheData data = hit_data(t, hit, g.works[i].papers.front().url);
    data["kind_label"] = t.format("search_kind_member_work", {{"member", listed_by(g.works[i])}});
    return data;
}

void add_group(MustacheData& data, const Catalogue& t, const SearchPageInput& in, const std::string& query) {
    data["has_group"] = in.group_results && in.group;
    if (!in.group_results || !in.group) return;
    MustacheData hits{MustacheData::type::list};
    for (const auto& hit : in.group_results->hits)
        if (auto one = group_hit_data(t, *in.group, hit)) append(hits, std::move(*one));
    std::int64_t total = in.group_results->total;
    data["group_summary"] = t.format(total == 1 ? "search_group_result_one" : "search_group_results",
                                     {{"n", std::to_string(total)}, {"q", query}});
    data["group_has_results"] = total > 0;
    data["group_results"] = std::move(hits);
}

}  // namespace

std::string marked_html(std::string_view marked) {
    std::string plain, out;
    bool open = false;
    auto flush = [&] {
        out += xml_escape(plain);
        plain.clear();
    };
    for (std::size_t i = 0; i < marked.size();) {
        bool opens = marked.substr(i).starts_with(mark_open), closes = marked.substr(i).starts_with(mark_close);
        if (!opens && !closes) {
            char c = marked[i++];
            bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
            // Runs of whitespace (empty fields, Markdown's line breaks) read as one space.
            if (!space) plain += c;
            else if (!plain.empty() ? plain.back() != ' ' : (out.empty() || out.back() != ' ')) plain += ' ';
            continue;
        }
        i += mark_open.size();
        if (opens == open) continue;  // stray: an open inside a mark, or a close outside one
        flush();
        out += opens ? "<mark>" : "</mark>";
        open = opens;
    }
    flush();
    if (open) out += "</mark>";
    while (!out.empty() && out.back() == ' ') out.pop_back();
    if (!out.empty() && out.front() == ' ') out.erase(0, 1);
    return out;
}

MustacheData search_page_data(const Views& v, const Catalogue& t, const SearchPageInput& in) {
    std::string query(in.query);
    MustacheData data = fields({{"query", query},
                                {"has_query", !query.empty()},
                                {"search_url", url_for(RouteKind::search, {.prefix = v.locale.links})},
                                {"problem", problem_text(t, in.problem)},
                                {"has_problem", in.problem != SearchProblem::none},
                                {"has_results", false},
                                {"has_group", false},
                                {"no_results", false}});
    if (!in.results) return data;
    MustacheData hits{MustacheData::type::list};
    for (const auto& hit : in.results->hits)
        if (auto url = hit_url(v, hit); !url.empty()) append(hits, hit_data(t, hit, std::move(url)));
    std::string count = std::to_string(in.results->total);
    data["summary"] = t.format(in.results->total == 1 ? "search_result_one" : "search_results", {{"n", count}, {"q", query}});
    data["no_results"] = in.results->total == 0;
    data["none_text"] = t.format("search_none", {{"q", query}});
    data["has_results"] = in.results->total > 0;
    data["results"] = std::move(hits);
    add_group(data, t, in, query);
    add_paging(data, v, t, in);
    return data;
}

}  // namespace vitae
