// import-site: projects of the Jekyll themes. al-folio's _projects/*.md
// (title, description, img, importance, github, redirect; the papers its
// body cites with {% cite key %} become its related publications) and
// academicpages' _portfolio/*.md (title, excerpt, header: teaser or the
// excerpt's <img>, order). The
// theme's demo projects are recognised by their text and left out.
#include <regex>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/jekyll/readers.hpp"
#include "cli/import/plan/site_demo.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/plan/site_text.hpp"
#include "cli/import/plan/site_title.hpp"
#include "render/text/sanitize.hpp"
#include "rules/link.hpp"
#include "store/model/slug.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

// {% cite a b %} and {% cite a,b %}: the BibTeX keys al-folio lists under
// the project as its references.
std::vector<std::string> cited_keys(std::string_view body) {
    static const std::regex cite("\\{%-?\\s*cite\\s+([^%]*?)\\s*-?%\\}");
    std::vector<std::string> keys;
    std::string text(body);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), cite); it != std::sregex_iterator(); ++it) {
        std::string list = std::regex_replace((*it)[1].str(), std::regex("[,\\s]+"), " ");
        for (std::size_t at = 0; at < list.size();) {
            auto end = std::min(list.find(' ', at), list.size());
            if (end > at) keys.push_back(list.substr(at, end - at));
            at = end + 1;
        }
    }
    return keys;
}

// A picture named in front matter: as written from the root, else under `folder`.
fs::path picture_in_tree(SitePlan& plan, const fs::path& file, std::string_view name, const char* folder) {
    std::string n(trim(name));
    if (n.empty()) return {};
    if (is_web_link(n)) {
        plan.note(SiteNote::Outcome::warning, file, "picture " + in_quotes(n) + " is not in the site's folder; left out");
        return {};
    }
    while (n.starts_with('/')) n.erase(0, 1);
    for (const fs::path& candidate : {plan.dir / n, plan.dir / folder / n})
        if (fs::is_regular_file(candidate)) return candidate;
    plan.note(SiteNote::Outcome::warning, file, "picture " + in_quotes(n) + " is not in the site's folder; left out");
    return {};
}

void add_project(SitePlan& plan, SiteProject project) {
    if (project.slug.empty()) project.slug = slug_from(project.title);
    if (project.slug.size() > limits::max_slug_bytes) project.slug.resize(limits::max_slug_bytes);
    for (const auto& other : plan.projects)
        if (other.slug == project.slug) project.slug += "-2";
    plan.note(SiteNote::Outcome::imported, project.file,
              "project " + project.slug + (project.image.empty() ? "" : ", picture " + plan.relative(project.image)) +
                  (project.links.empty() ? "" : ", " + std::to_string(project.links.size()) + " links"));
    plan.projects.push_back(std::move(project));
}

void read_al_folio_project(SitePlan& plan, const fs::path& file) {
    auto read = read_front(plan, file);
    if (!read) return;
    const YAML::Node& f = read->front;
    std::string title(trim(sanitized_text(yaml_text(f, "title"))));
    if (is_demo_project(title, read->body) && !plan.keep_demo(file, "the theme's example project " + in_quotes(title))) return;
    title = best_title(yaml_text(f, "title"), read->body, file);  // a project has a name wherever the site gives one
    SiteProject p;
    p.file = file;
    p.slug = slug_of(file);
    p.title = title;
    p.summary = std::string(trim(sanitized_text(yaml_text(f, "description"))));
    p.image = picture_in_tree(plan, file, yaml_text(f, "img"), "assets/img");
    p.order = std::atoi(yaml_text(f, "importance").c_str());
    if (auto repo = std::string(trim(yaml_text(f, "github"))); !repo.empty())
        p.links.push_back({"Code", is_web_link(repo) ? repo : "https://github.com/" + repo});
    if (auto redirect = std::string(trim(yaml_text(f, "redirect"))); is_web_link(redirect))
        p.links.push_back({"Website", redirect});
    for (const auto& key : cited_keys(read->body)) plan.relations.push_back({p.slug, key, ""});
    p.markdown = std::string(trim(markdown_for_import(plan, file, read->body, read->body_line)));
    add_project(plan, std::move(p));
}

void read_portfolio_item(SitePlan& plan, const fs::path& file) {
    auto read = read_front(plan, file);
    if (!read) return;
    const YAML::Node& f = read->front;
    std::string title(trim(sanitized_text(yaml_text(f, "title"))));
    if (is_demo_project(title, read->body) && !plan.keep_demo(file, "the theme's example portfolio item " + in_quotes(title)))
        return;
    title = best_title(yaml_text(f, "title"), read->body, file);
    SiteProject p;
    p.file = file;
    p.slug = slug_of(file);
    p.title = title;
    p.summary = std::string(trim(sanitized_text(yaml_text(f, "excerpt"))));
    if (yaml_child(f, "header").IsMap()) p.image = picture_in_tree(plan, file, yaml_text(yaml_child(f, "header"), "teaser"), "images");
    // The theme's own example, and real sites after it, put the picture in the excerpt: "Text<br/><img src='/images/x.png'>".
    static const std::regex img("<img[^>]*src=['\"]([^'\"]+)['\"]", std::regex::icase);
    std::smatch m;
    std::string excerpt = yaml_text(f, "excerpt");
    if (p.image.empty() && std::regex_search(excerpt, m, img)) p.image = picture_in_tree(plan, file, m[1].str(), "images");
    p.order = std::atoi(yaml_text(f, "order").c_str());
    p.markdown = std::string(trim(markdown_for_import(plan, file, read->body, read->body_line)));
    add_project(plan, std::move(p));
}

}  // namespace

void add_preview(SitePlan& plan, const fs::path& file, const std::string& publication, std::string_view picture,
                 const char* folder) {
    fs::path found = picture_in_tree(plan, file, picture, folder);
    if (!found.empty()) plan.previews.push_back({file, publication, found});
}

void read_projects(SitePlan& plan) {
    for (const auto& file : site_files(plan.dir / "_projects", {".md", ".markdown", ".html"})) read_al_folio_project(plan, file);
    for (const auto& file : site_files(plan.dir / "_portfolio", {".md", ".markdown", ".html"})) read_portfolio_item(plan, file);
}

}  // namespace vitae::cli
