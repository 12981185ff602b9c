// import-site: Hugo Blox content, one page bundle (<section>/<slug>/index.md)
// or page (<section>/<slug>.md) at a time: content/publication (its
// cite.bib through import-bibtex when present, else the front matter),
// content/post(s) and content/blog, content/event(s) and content/talk(s),
// content/project(s), content/teaching (course pages as teaching rows). Shortcodes are Hugo's Liquid: removed and reported by
// line, the text around them kept. Every other page under content/ is a
// page of the owner's own (site_pages.cpp), but another author's, a
// section's list page and a stray .bib, which are reported.
#include <algorithm>
#include <map>
#include <set>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/hugo/readers.hpp"
#include "cli/import/plan/site_demo.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/plan/site_teaching.hpp"
#include "cli/import/plan/site_text.hpp"
#include "cli/import/plan/site_title.hpp"
#include "render/text/sanitize.hpp"
#include "rules/link.hpp"
#include "store/model/slug.hpp"
#include "store/write/posts.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

// "content/post/my-trip/index.md" -> "my-trip"; "content/post/my-trip.md" -> "my-trip".
std::string page_slug(const fs::path& file) {
    return slug_of_name(file.stem() == "index" ? file.parent_path().filename().string() : file.stem().string());
}

fs::path bundle_file(const fs::path& page, const char* stem, std::initializer_list<const char*> extensions) {
    if (page.stem() != "index") return {};
    for (const char* ext : extensions)
        if (fs::is_regular_file(page.parent_path() / (std::string(stem) + ext))) return page.parent_path() / (std::string(stem) + ext);
    return {};
}

std::vector<fs::path> pages(const SitePlan& plan, std::initializer_list<const char*> sections) {
    std::vector<fs::path> out;
    for (const char* section : sections)
        for (const auto& file : site_files(plan.content_dir() / section, {".md", ".markdown"}))
            // A page: a bundle's index.md, or a file in a folder that is no bundle ("Journal papers/x.md");
            // a .md beside an index.md is that page's resource.
            if (file.stem() == "index" || !fs::exists(file.parent_path() / "index.md")) out.push_back(file);
    return out;
}

}  // namespace

std::string hugo_link(SitePlan& plan, const fs::path& file, const std::string& label, std::string_view written) {
    std::string url(trim(written));
    if (url.empty() || is_web_link(url)) return url;
    // A file of the site: beside the page (a bundle's resource), else from content/ or static/.
    auto start = url.find_first_not_of('/');
    std::string path = start == std::string::npos || url.find("..") != std::string::npos ? "" : url.substr(start);
    for (const fs::path& at : {file.parent_path() / path, plan.content_dir() / path, plan.dir / "static" / path})
        if (!path.empty() && fs::is_regular_file(at)) return "file:" + at.string();
    plan.note(SiteNote::Outcome::warning, file, label + " " + in_quotes(url) + ": not an http(s) URL nor a file of the site; left out");
    return {};
}

std::string hugo_date(SitePlan& plan, const fs::path& file, const FrontMatterFile& read) {
    // Hugo's default [frontmatter] date = [":filename", ":default"], :default being
    // date, publishDate, lastmod (and pubDate, published, modified): the first that parses.
    std::vector<std::string> unread;
    for (const char* key : {"date", "publishDate", "pubDate", "published", "lastmod", "modified"}) {
        std::string written(trim(yaml_text(read.front, key)));
        if (written.empty()) continue;
        if (auto date = jekyll_date(written)) {
            for (const auto& bad : unread) plan.note(SiteNote::Outcome::warning, file, bad + " is not a date; " + key + " used");
            return *date;
        }
        unread.push_back(std::string(key) + " " + in_quotes(written));
    }
    for (const auto& bad : unread) plan.note(SiteNote::Outcome::warning, file, bad + " is not a date");
    if (auto dated = dated_file_name(file.stem() == "index" ? file.parent_path().filename().string() : file.stem().string()))
        return dated->date;
    return {};
}

std::vector<Link> hugo_page_links(SitePlan& plan, const fs::path& file, const YAML::Node& f) {
    std::vector<Link> out;
    static constexpr std::pair<const char*, const char*> keys[] = {
        {"external_link", "Website"}, {"url_pdf", "PDF"}, {"url_preprint", "Preprint"}, {"url_code", "Code"},
        {"url_dataset", "Dataset"}, {"url_poster", "Poster"}, {"url_project", "Project"}, {"url_slides", "Slides"},
        {"url_source", "Source"}, {"url_video", "Video"}};
    auto add = [&](std::string label, std::string url) {
        if (std::string target = hugo_link(plan, file, label, url); !target.empty()) out.push_back({label, target});
    };
    for (auto [key, label] : keys) add(label, yaml_text(f, key));
    if (yaml_child(f, "links").IsSequence())
        for (const auto& l : yaml_child(f, "links")) {
            std::string label = yaml_text(l, "name");
            if (label.empty()) {  // type: pdf, code, dataset, slides, video, poster, source
                std::string type = ascii_lower(yaml_text(l, "type"));
                for (auto [key, name] : keys)
                    if (std::string_view(key) == "url_" + type) label = name;
                if (label.empty()) label = "Link";
            }
            add(sanitized_text(label), yaml_text(l, "url"));
        }
    return out;
}

namespace {

std::vector<std::string> list_of(const YAML::Node& node) {
    std::vector<std::string> out;
    if (node.IsSequence())
        for (const auto& item : node)
            if (item.IsScalar()) out.push_back(item.as<std::string>());
    return out;
}

bool is_draft(const YAML::Node& f) { return yaml_text(f, "draft") == "true"; }

void read_post(SitePlan& plan, const fs::path& file) {
    auto read = read_front(plan, file);
    if (!read) return;
    std::string title(trim(sanitized_text(yaml_text(read->front, "title"))));
    if (is_demo_hugo("post", title, read->body) && !plan.keep_demo(file, "the starter's example post " + in_quotes(title))) return;
    Post post;
    post.slug = page_slug(file);
    post.title = best_title(yaml_text(read->front, "title"), read->body, file);
    post.published = hugo_date(plan, file, *read);
    if (post.published.empty()) return plan.note(SiteNote::Outcome::skipped, file, "no date, publishDate or lastmod in front matter");
    if (is_draft(read->front)) {
        post.draft = true;
        post.preview_token = new_preview_token();
    }
    for (const auto& other : plan.posts)
        if (other.slug == post.slug) post.slug += "-" + post.published;
    post.body_format = "markdown";
    post.body = hugo_markdown(plan, file, read->body, read->body_line);
    post.tags = post_tags(plan, file, read->front);
    for (const auto& project : list_of(yaml_child(read->front, "projects"))) plan.relations.push_back({project, "", post.slug});
    plan.note(SiteNote::Outcome::imported, file, "post " + post.slug + " (" + post.published + ")" + (post.draft ? ", a draft" : ""));
    plan.posts.push_back(std::move(post));
    plan.source("post", plan.posts.size(), file);
}

void read_talk(SitePlan& plan, const fs::path& file) {
    auto read = read_front(plan, file);
    if (!read) return;
    const YAML::Node& f = read->front;
    std::string title(trim(sanitized_text(yaml_text(f, "title"))));
    if (is_demo_hugo("talk", title, yaml_text(f, "event") + "\n" + read->body) &&
        !plan.keep_demo(file, "the starter's example talk " + in_quotes(title)))
        return;
    if (title.empty()) title = first_heading(read->body);
    if (title.empty()) return plan.note(SiteNote::Outcome::skipped, file, "no title, in front matter or as a heading");
    Talk t;
    t.title = clean_title(title);
    // Academic before v4 dates the page (`date`, "Schedule page publish date") and the talk
    // (`time_start`) apart: the talk's is the talk's date.
    auto start = jekyll_date(std::string(trim(yaml_text(f, "time_start"))));
    t.date = start ? *start : hugo_date(plan, file, *read);
    if (t.date.empty()) return plan.note(SiteNote::Outcome::skipped, file, "no date, publishDate or lastmod in front matter");
    for (const char* key : {"event", "venue", "conference"})  // Hugo Blox's event; other themes' venue
        if (t.event.empty()) t.event = std::string(trim(sanitized_text(yaml_text(f, key))));
    for (const char* key : {"location", "place", "city"})
        if (t.place.empty()) t.place = std::string(trim(sanitized_text(yaml_text(f, key))));
    t.url_event = talk_url(plan, file, f, "event_url");
    t.url_slides = hugo_link(plan, file, "url_slides", yaml_text(f, "url_slides"));  // a file of the site: stored when written
    t.url_video = hugo_link(plan, file, "url_video", yaml_text(f, "url_video"));
    // abstract, else the page's text, else Academic's summary ("Abstract. What's your talk about?").
    std::string body = hugo_markdown(plan, file, read->body, read->body_line);
    t.abstract = std::string(trim(yaml_text(f, "abstract")));
    if (t.abstract.empty()) t.abstract = std::string(trim(body));
    if (t.abstract.empty()) t.abstract = std::string(trim(yaml_text(f, "summary")));
    plan.note(SiteNote::Outcome::imported, file, "talk " + in_quotes(t.title) + " (" + t.date + ")");
    plan.talks.push_back(std::move(t));
    plan.source("talk", plan.talks.size(), file);
}

void read_project(SitePlan& plan, const fs::path& file) {
    auto read = read_front(plan, file);
    if (!read) return;
    const YAML::Node& f = read->front;
    std::string title(trim(sanitized_text(yaml_text(f, "title"))));
    if (is_demo_hugo("project", title, read->body) && !plan.keep_demo(file, "the starter's example project " + in_quotes(title)))
        return;
    if (is_draft(f)) return plan.note(SiteNote::Outcome::skipped, file, "a draft (draft: true): Hugo does not publish it");
    title = best_title(yaml_text(f, "title"), read->body, file);
    SiteProject p;
    p.file = file;
    p.slug = page_slug(file);
    p.title = title;
    p.summary = std::string(trim(sanitized_text(yaml_text(f, "summary"))));
    p.markdown = std::string(trim(hugo_markdown(plan, file, read->body, read->body_line)));
    p.image = bundle_file(file, "featured", {".png", ".jpg", ".jpeg", ".webp"});
    p.links = hugo_page_links(plan, file, f);
    p.order = std::atoi(yaml_text(f, "weight").c_str());
    for (const auto& other : plan.projects)
        if (other.slug == p.slug) p.slug += "-2";
    plan.note(SiteNote::Outcome::imported, file, "project " + p.slug + (p.links.empty() ? "" : ", " + std::to_string(p.links.size()) + " links"));
    plan.projects.push_back(std::move(p));
}

// A course page: a teaching row (title, venue, date, the role its text
// names); the starter's "Learn JavaScript" and "Learn Python" are its demo.
void read_course(SitePlan& plan, const fs::path& file) {
    std::string text;
    try {
        text = read_site_file(file);
    } catch (const Error& e) {
        return plan.note(SiteNote::Outcome::skipped, file, e.what());
    }
    if (text.find("is designed to give technical content creators a seamless experience") != std::string::npos &&
        !plan.keep_demo(file, "the starter's example course"))
        return;
    read_teaching_page(plan, file);
}

}  // namespace


void read_hugo_content(SitePlan& plan) {
    // Each page by its kind (themes.cpp: type, section, category), the kinds in this order.
    std::set<std::string> read_already;  // the owner's about page, the widgets
    for (const auto& note : plan.notes) read_already.insert(note.file);
    std::map<HugoKind, std::vector<fs::path>> by_kind;
    for (const auto& file : pages(plan, {""})) {
        std::string in_content = file.lexically_relative(plan.content_dir()).generic_string();
        if (read_already.count(plan.relative(file)) || in_content.starts_with("authors/") || in_content.starts_with("author/") ||
            in_content.starts_with("home/"))
            continue;
        by_kind[hugo_page_kind(plan, file, quiet_front_matter(file).value_or(YAML::Node()))].push_back(file);
    }
    // Hugo Blox renamed content/publication/ to publications/ (2024); a site upgraded by copying keeps
    // both, the same folders in each: a paper in both is read once, from the new folder.
    auto folder_of = [](const fs::path& file) { return file.stem() == "index" ? file.parent_path().filename() : file.stem(); };
    auto section_is = [&](const fs::path& file, std::string_view section) {
        return file.lexically_relative(plan.content_dir()).generic_string().starts_with(section);
    };
    std::set<fs::path> in_new_folder;
    for (const auto& file : by_kind[HugoKind::publication])
        if (section_is(file, "publications/")) in_new_folder.insert(folder_of(file));
    for (const auto& file : by_kind[HugoKind::publication]) {
        if (section_is(file, "publication/") && in_new_folder.count(folder_of(file))) {
            std::string why = "the same paper as " + plan.content.generic_string() + "/publications/" + folder_of(file).string() +
                              " (Hugo Blox's new folder beside the old one): read once, from there";
            plan.note(SiteNote::Outcome::imported, file, why);
            if (fs::path bib = file.parent_path() / "cite.bib"; file.stem() == "index" && fs::is_regular_file(bib))
                plan.note(SiteNote::Outcome::imported, bib, why);
            continue;
        }
        read_hugo_publication(plan, file);
    }
    for (const auto& file : by_kind[HugoKind::post]) read_post(plan, file);
    for (const auto& file : by_kind[HugoKind::talk]) read_talk(plan, file);
    for (const auto& file : by_kind[HugoKind::project]) read_project(plan, file);
    for (const auto& file : by_kind[HugoKind::course]) read_course(plan, file);
    // Every other page: a page of its own (site_pages.cpp), or said why not, so that each file has its line.
    std::set<std::string> said;
    for (const auto& note : plan.notes) said.insert(note.file);
    for (const auto& bib : plan.bibliographies) said.insert(plan.relative(bib));  // reported when imported
    fs::path content = plan.content_dir();
    std::vector<fs::path> rest;
    for (const auto& entry : fs::recursive_directory_iterator(content))
        if (entry.is_regular_file() && (entry.path().extension() == ".md" || entry.path().extension() == ".bib") &&
            !said.count(plan.relative(entry.path())))
            rest.push_back(entry.path());
    std::sort(rest.begin(), rest.end());
    for (const auto& file : rest) {
        std::string relative = file.lexically_relative(content).generic_string();
        bool author = (relative.starts_with("authors/") && file.parent_path() != content / "authors") ||
                      (relative.starts_with("author/") && file.parent_path() != content / "author");
        if (!author && file.filename() != "_index.md" && file.extension() != ".bib") continue;  // a page of its own: site_pages.cpp
        std::string why = author                          ? "another author's page: Vitae keeps the owner's only"
                          : file.filename() == "_index.md" ? "a section's list page (the theme's title and text)"
                          : fs::exists(file.parent_path() / "index.md") ? "another BibTeX file of the page (its cite.bib is the one read)"
                                                                        : "not beside a publication's index.md";
        plan.note(SiteNote::Outcome::skipped, file, why);
    }
}

}  // namespace vitae::cli
