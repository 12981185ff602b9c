// import-site, Quarto: the items of the listings (posts, projects, talks,
// publications), each file once.
#include <algorithm>

#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/plan/quarto_text.hpp"
#include "cli/import/plan/site_owner.hpp"
#include "cli/import/plan/site_text.hpp"
#include "cli/import/quarto/quarto_items.hpp"
#include "render/text/sanitize.hpp"
#include "rules/work_ids.hpp"
#include "store/model/slug.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

bool is_listed_page(const fs::path& file) {
    std::string name = file.filename().string();
    std::string ext = file.extension().string();
    return !name.starts_with("_") && !name.starts_with(".") && (is_quarto_page(ext) || ext == ".md");
}

// The files a `contents:` entry names: a folder's pages (all under it), a glob's folder's, or one file.
void add_listed(const fs::path& at, std::vector<fs::path>& out) {
    std::string written = at.generic_string();
    fs::path folder = written.find('*') == std::string::npos ? at : fs::path(written.substr(0, written.find('*'))).parent_path();
    if (fs::is_regular_file(folder) && is_listed_page(folder)) out.push_back(folder);
    if (!fs::is_directory(folder)) return;
    for (auto it = fs::recursive_directory_iterator(folder); it != fs::recursive_directory_iterator(); ++it) {
        std::string name = it->path().filename().string();
        if (it->is_directory() && (name.starts_with("_") || name.starts_with(".") || name.ends_with("_cache") || name.ends_with("_files")))
            it.disable_recursion_pending();
        else if (it->is_regular_file() && is_listed_page(it->path()))
            out.push_back(it->path());
    }
}

std::vector<fs::path> listed_files(const QuartoPage& page) {
    YAML::Node listing = page.read.front["listing"];
    std::vector<YAML::Node> listings;
    if (listing.IsSequence()) {
        for (const auto& one : listing) listings.push_back(one);
    } else {
        listings.push_back(listing);
    }
    std::vector<fs::path> out;
    for (const auto& one : listings) {
        YAML::Node contents = yaml_child(one, "contents");
        std::vector<std::string> named;
        if (contents.IsScalar()) named.push_back(contents.as<std::string>());
        for (const auto& item : contents)
            if (item.IsScalar()) named.push_back(item.as<std::string>());
        if (named.empty()) named.push_back(".");  // Quarto's default: the listing page's folder
        for (const auto& name : named) add_listed((page.file.parent_path() / name).lexically_normal(), out);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// "posts/2020-09-12-fishing/index.fr.qmd" -> "fishing".
std::string quarto_slug(const FileLanguage& language, const fs::path& file) {
    fs::path key(language.key);
    std::string stem = key.stem().string();
    if (auto hash = language.key.find('#'); hash != std::string::npos) stem = file.stem().string();
    if (stem == "index") stem = file.parent_path().filename().string();
    return slug_of_name(stem);
}

std::string quarto_date(SitePlan& plan, const fs::path& file, const FrontMatterFile& read) {
    std::string date = date_of(plan, file, read);
    if (date.empty())
        if (auto dated = dated_file_name(file.parent_path().filename().string())) date = dated->date;
    return date;
}

std::string front_text(const YAML::Node& front, std::initializer_list<const char*> keys) {
    for (const char* key : keys)
        if (std::string text(trim(sanitized_text(yaml_text(front, key)))); !text.empty()) return text;
    return {};
}

std::vector<Author> quarto_authors(const YAML::Node& front) {
    std::vector<Author> out;
    YAML::Node author = front["author"] ? front["author"] : front["authors"];
    auto add = [&](const YAML::Node& one) {
        std::string name = one.IsMap() ? yaml_text(one, "name") : one.IsScalar() ? one.as<std::string>() : "";
        if (!trim(name).empty()) out.push_back(marked_author(name));
    };
    if (author.IsSequence()) {
        for (const auto& one : author) add(one);
    } else if (author) {
        add(author);
    }
    return out;
}

void read_listed(SitePlan& plan, const fs::path& file, const std::string& kind) {
    auto read = read_front(plan, file);
    if (!read) return;
    FileLanguage language = file_language(plan, file);
    const YAML::Node& f = read->front;
    std::string title = front_text(f, {"title"});
    std::string slug = quarto_slug(language, file);
    if (title.empty()) title = slug;
    if (slug.empty()) return plan.note(SiteNote::Outcome::skipped, file, "no usable slug in its name");
    std::string date = quarto_date(plan, file, *read);
    std::string body = markdown_for_import(plan, file, read->body, read->body_line);
    if (kind == "project") {
        SiteProject p;
        p.file = file;
        p.slug = slug;
        p.title = title;
        p.summary = front_text(f, {"subtitle", "description"});
        p.markdown = std::string(trim(body));
        plan.note(SiteNote::Outcome::imported, file, "project " + slug);
        plan.projects.push_back(std::move(p));
        return;
    }
    if (date.empty()) return plan.note(SiteNote::Outcome::skipped, file, "no date in its front matter or folder name");
    if (kind == "talk") {
        Talk t;
        t.date = date;
        t.title = title;
        t.event = front_text(f, {"event", "venue", "subtitle"});
        t.place = front_text(f, {"location"});
        t.abstract = std::string(trim(body)).empty() ? front_text(f, {"description", "abstract"}) : std::string(trim(body));
        plan.note(SiteNote::Outcome::imported, file, "talk " + in_quotes(title) + " (" + date + ")");
        plan.talks.push_back(std::move(t));
        return plan.source("talk", plan.talks.size(), file);
    }
    if (kind == "publication") {
        Publication p;
        p.slug = slug;
        p.title = title;
        p.year = std::stoi(date.substr(0, 4));
        p.venue = front_text(f, {"publication", "journal", "venue", "booktitle"});
        p.doi = bare_doi(yaml_text(f, "doi"));
        p.abstract = front_text(f, {"abstract", "description"});
        if (p.abstract.empty()) p.abstract = std::string(trim(body));
        p.authors = quarto_authors(f);
        mark_owner(plan, file, p.authors, {});
        plan.note(SiteNote::Outcome::imported, file, "publication " + slug + " (" + std::to_string(p.authors.size()) + " authors)");
        plan.publications.push_back(std::move(p));
        return plan.source("publication", plan.publications.size(), file);
    }
    Post post;
    post.slug = slug;
    post.title = title;
    post.published = date;
    post.body_format = "markdown";
    post.body = body;
    post.tags = post_tags(plan, file, f);
    for (const auto& other : plan.posts)
        if (other.slug == post.slug && file_language(plan, plan.sources[{"post", static_cast<std::size_t>(&other - plan.posts.data())}]).key != language.key)
            post.slug += "-" + date;  // two posts, one name (a post's translation keeps it: it is folded into the post)
    plan.note(SiteNote::Outcome::imported, file, "post " + post.slug + " (" + date + ")");
    plan.posts.push_back(std::move(post));
    plan.source("post", plan.posts.size(), file);
}

}  // namespace

std::string quarto_kind(const QuartoPage& page) {
    std::string words = ascii_lower(fs::path(page.language.key).stem().string() + " " + yaml_text(page.read.front, "title"));
    auto has = [&](std::initializer_list<const char*> any) {
        return std::any_of(any.begin(), any.end(), [&](const char* w) { return words.find(w) != std::string::npos; });
    };
    if (has({"talk", "presentation", "lecture", "vortr", "exposé", "charla"})) return "talk";
    if (has({"software", "package", "logiciel"})) return "software";
    if (has({"publication", "paper", "article"})) return "publication";
    if (has({"project", "projet", "portfolio", "proyecto"})) return "project";
    if (has({"blog", "post", "news", "note", "writing"})) return "post";
    return {};
}

void read_quarto_listing(SitePlan& plan, const QuartoPage& page, std::set<fs::path>& taken) {
    std::string kind = quarto_kind(page);
    if (kind.empty() || kind == "software") kind = "post";
    std::size_t count = 0;
    for (const auto& file : listed_files(page)) {
        if (file == page.file || !taken.insert(file).second) continue;
        read_listed(plan, file, kind);
        ++count;
    }
    plan.note(SiteNote::Outcome::imported, page.file,
              "the listing of " + kind + "s (" +
                  (count > 0 ? std::to_string(count) + " files read here)" : std::string("the same files as another listing: read there)")));
}

}  // namespace vitae::cli
