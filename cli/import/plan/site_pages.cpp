#include "cli/import/plan/site_pages.hpp"

#include <algorithm>
#include <regex>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/plan/site_sections.hpp"
#include "cli/import/plan/site_text.hpp"
#include "cli/import/plan/site_title.hpp"
#include "http/router.hpp"
#include "http/routes.hpp"
#include "render/text/sanitize.hpp"
#include "store/model/slug.hpp"
#include "store/write/pages.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

// "/teaching/", "/a/b.html" -> "/teaching/", "/a/b/": the address a link names a page by.
std::string address_of(std::string path) {
    auto cut = path.find_first_of("?#");
    if (cut != std::string::npos) path.resize(cut);
    for (const char* ext : {".html", ".md"})
        if (path.ends_with(ext)) path.resize(path.size() - std::string_view(ext).size());
    if (path.ends_with("/index")) path.resize(path.size() - 5);
    if (!path.starts_with('/')) path.insert(0, "/");
    if (!path.ends_with('/')) path += '/';
    return path;
}

// Where the generator serves the page: its permalink (Jekyll) or url
// (Hugo), else its place in the tree (content/ is Hugo's root).
std::string permalink_of(const SitePlan& plan, const fs::path& file, const YAML::Node& front) {
    for (const char* key : {"permalink", "url"})
        if (std::string written(trim(yaml_text(front, key))); written.starts_with('/')) return address_of(written);
    fs::path place = file.lexically_relative(plan.dir);
    if (plan.is_hugo()) place = file.lexically_relative(plan.content_dir());
    std::string path = place.parent_path().generic_string();
    std::string stem = file.stem().string();
    if (stem != "index" && stem != "_index") path += (path.empty() ? "" : "/") + stem;
    if (path.starts_with("_pages/")) path.erase(0, 7);  // al-folio's folder of pages, served from the root
    return address_of(path);
}

bool slug_taken(const SitePlan& plan, const std::string& slug) {
    return std::any_of(plan.pages.begin(), plan.pages.end(), [&](const SitePage& p) { return p.page.slug == slug; });
}

// The page's slug: its address's words, else its title's; one a route
// takes, or another page has, gets "-page" (then a number).
std::string page_slug(const SitePlan& plan, const std::string& permalink, const std::string& title, const fs::path& file) {
    std::string words = permalink;
    std::replace(words.begin(), words.end(), '/', '-');
    for (std::string slug : {slug_from(words), slug_from(title), slug_of(file)}) {
        if (slug.size() > limits::max_slug_bytes) slug.resize(limits::max_slug_bytes);
        while (!slug.empty() && slug.back() == '-') slug.pop_back();
        if (slug.empty()) continue;
        std::string unique = page_slug_problem(slug) ? slug + "-page" : slug;
        for (int n = 2; slug_taken(plan, unique) || page_slug_problem(unique); ++n) unique = slug + "-page-" + std::to_string(n);
        return unique;
    }
    return {};
}

void read_owner_page(SitePlan& plan, const fs::path& file) {
    auto read = read_front(plan, file);
    if (!read) return;
    const YAML::Node& f = read->front;
    if (yaml_text(f, "draft") == "true" || yaml_text(f, "published") == "false")
        return plan.note(SiteNote::Outcome::skipped, file, "a draft: the generator does not publish it; not imported as a page");
    SitePage page;
    page.file = file;
    page.permalink = permalink_of(plan, file, f);
    bool html = file.extension() == ".html" || file.extension() == ".htm";
    page.page.body_format = html ? "html" : "markdown";
    page.page.body = html ? html_for_import(plan, file, read->body, read->body_line)
                     : plan.is_hugo() ? hugo_markdown(plan, file, read->body, read->body_line)
                                                 : markdown_for_import(plan, file, read->body, read->body_line);
    std::string title = clean_title(yaml_text(f, "title"));
    if (title.empty() && !html) title = first_heading(page.page.body);
    page.page.slug = page_slug(plan, page.permalink, title, file);
    if (page.page.slug.empty()) return plan.note(SiteNote::Outcome::skipped, file, "no title or name to make a page's address of");
    page.page.title = title.empty() ? title_from_file_name(file) : title;
    YAML::Node menu = yaml_child(f, "menu");  // Hugo: `menu: main` or a map of menus
    page.page.in_menu = yaml_text(f, "nav") == "true" || (menu.IsDefined() && !menu.IsNull() && yaml_text(f, "menu") != "false");
    std::erase_if(plan.notes, [&](const SiteNote& n) { return n.outcome == SiteNote::Outcome::skipped && n.file == plan.relative(file); });
    plan.note(SiteNote::Outcome::imported, file, "page " + page.page.slug + " (" + in_quotes(page.page.title) +
                                                  (page.page.in_menu ? ", in the menu" : "") + "), its links rewritten");
    plan.pages.push_back(std::move(page));
}

// A link of a page to the old site: a file of the tree stored and linked at
// /files/<name>, another page imported at its new address; anything else
// (another site, an anchor, a route Vitae has too) as written.
std::string new_target(const Db& db, SitePlan& plan, const SitePage& page, const std::string& url) {
    if (url.find("://") != std::string::npos || url.starts_with("mailto:") || url.starts_with('#') ||
        url.starts_with("data:") || url.starts_with("//") || url.find("..") != std::string::npos)
        return url;
    std::string path = url.substr(0, url.find_first_of("?#"));
    std::string fragment = url.find('#') == std::string::npos ? "" : url.substr(url.find('#'));
    if (path.empty()) return url;
    fs::path in_tree = path.starts_with('/') ? plan.dir / path.substr(1) : page.file.parent_path() / path;
    if (plan.is_hugo() && !fs::is_regular_file(in_tree) && path.starts_with('/')) in_tree = plan.dir / "static" / path.substr(1);
    if (fs::is_regular_file(in_tree)) {
        std::string stored = stored_link(db, plan, "file:" + in_tree.string(), "a file page " + page.page.slug + " links to", page.file);
        return stored.empty() ? url : stored + fragment;
    }
    std::string address = address_of(path.starts_with('/') ? path : page.permalink + path);
    for (const auto& other : plan.pages)
        if (other.permalink == address) return url_for(RouteKind::page, {.slug = other.page.slug}) + fragment;
    return url;
}

std::string with_links_rewritten(const Db& db, SitePlan& plan, const SitePage& page) {
    static const std::regex link("(\\]\\(<?|(?:href|src)\\s*=\\s*[\"'])([^)\\s>\"']+)");
    const std::string& body = page.page.body;
    std::string out;
    auto last = body.cbegin();
    for (auto it = std::sregex_iterator(body.begin(), body.end(), link); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        out.append(last, m[2].first);
        out += new_target(db, plan, page, m[2].str());
        last = m[2].second;
    }
    out.append(last, body.cend());
    return out;
}

}  // namespace

void read_owner_pages(SitePlan& plan, const std::vector<fs::path>& files) {
    for (const auto& file : files) read_owner_page(plan, file);
}

void write_owner_pages(const Db& db, SitePlan& plan) {
    for (const auto& page : plan.pages) {
        OwnPage row = page.page;
        row.body = with_links_rewritten(db, plan, page);
        insert_page(db, row);
    }
}

}  // namespace vitae::cli
