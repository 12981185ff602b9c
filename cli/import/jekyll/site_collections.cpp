// import-site: the Jekyll collections that map onto today's tables (_posts,
// academicpages' _publications and _talks, al-folio's _news);
// teaching in site_teaching.cpp,
// projects are read in site_projects.cpp.
#include <algorithm>
#include <regex>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/front/json_front.hpp"
#include "cli/import/front/toml_front.hpp"
#include "cli/import/jekyll/readers.hpp"
#include "cli/import/plan/site_citation.hpp"
#include "cli/import/plan/site_demo.hpp"
#include "cli/import/plan/site_kind.hpp"
#include "cli/import/plan/site_title.hpp"
#include "cli/import/plan/site_owner.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/plan/site_text.hpp"
#include "render/text/sanitize.hpp"
#include "rules/link.hpp"
#include "rules/work_ids.hpp"
#include "store/model/slug.hpp"
#include "store/write/posts.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

std::optional<FrontMatterFile> read_front(SitePlan& plan, const fs::path& file) {
    try {
        std::string text = read_site_file(file);
        FrontMatterFile read = text.starts_with("+++") ? split_toml_front_matter(text)   // Hugo's TOML
                               : text.starts_with('{') ? split_json_front_matter(text)  // Hugo's JSON
                                                       : split_front_matter(text);
        if (!read.has_front) {
            plan.note(SiteNote::Outcome::skipped, file, "no front matter: no title or date (Jekyll does not render it either)");
            return std::nullopt;
        }
        return read;
    } catch (const Error& e) {
        plan.note(SiteNote::Outcome::skipped, file, e.what());
    } catch (const YAML::Exception& e) {
        plan.note(SiteNote::Outcome::skipped, file, std::string("front matter: ") + e.what());
    }
    return std::nullopt;
}

// The date from front matter, else from the file name; "" when neither.
std::string date_of(SitePlan& plan, const fs::path& file, const FrontMatterFile& read) {
    std::string written = yaml_text(read.front, "date");
    if (!trim(written).empty()) {
        if (auto date = jekyll_date(written)) return *date;
        plan.note(SiteNote::Outcome::warning, file, "date " + in_quotes(written) + " is not a date Jekyll reads; the file name's used");
    }
    if (auto dated = dated_file_name(file.stem().string())) return dated->date;
    return {};
}

std::string slug_of(const fs::path& file) { return slug_of_name(file.stem().string()); }

std::string slug_of_name(const std::string& stem) {
    auto dated = dated_file_name(stem);
    std::string slug = slug_from(dated ? dated->rest : stem);
    if (slug.size() > limits::max_slug_bytes) slug.resize(limits::max_slug_bytes);
    while (!slug.empty() && slug.back() == '-') slug.pop_back();
    return slug;
}

// Jekyll's `tags` and `categories` (a list, or words in one string), each
// made a tag (lower case, '-' for spaces); one that cannot be is reported.
std::vector<std::string> post_tags(SitePlan& plan, const fs::path& file, const YAML::Node& front) {
    std::vector<std::string> words;
    if (!front.IsMap()) return {};
    for (const char* key : {"tags", "categories"}) {
        YAML::Node node = front[key];
        if (!node) continue;
        if (node.IsSequence()) {
            for (const auto& item : node)
                if (item.IsScalar()) words.push_back(item.as<std::string>());
        } else if (node.IsScalar()) {
            std::string text = node.as<std::string>();
            for (std::size_t at = 0; at < text.size();) {
                auto end = text.find(' ', at);
                if (end == std::string::npos) end = text.size();
                if (end > at) words.push_back(text.substr(at, end - at));
                at = end + 1;
            }
        }
    }
    std::vector<std::string> tags;
    for (const auto& word : words) {
        std::string tag = slug_from(word);
        if (!is_tag(tag)) {
            plan.note(SiteNote::Outcome::warning, file, "tag " + in_quotes(word) + ": not usable as a tag; left out");
            continue;
        }
        if (std::find(tags.begin(), tags.end(), tag) == tags.end()) tags.push_back(tag);
    }
    return tags;
}

// A link as a talk row takes it (the link rule, as `vitae add talk` checks);
// anything else is reported and left out.
std::string talk_url(SitePlan& plan, const fs::path& file, const YAML::Node& front, const char* key) {
    std::string url(trim(yaml_text(front, key)));
    if (url.empty() || is_link(url)) return url;
    plan.note(SiteNote::Outcome::warning, file, std::string(key) + " " + in_quotes(url) + ": " + std::string(link_expected) + "; left out");
    return {};
}

namespace {

std::string join(const std::vector<std::string>& words, std::string_view between) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : std::string(between)) + w;
    return out;
}

void read_post(SitePlan& plan, const fs::path& file) {
    auto read = read_front(plan, file);
    if (!read) return;
    std::string title = yaml_text(read->front, "title");
    if (is_demo_post(title) && !plan.keep_demo(file, "the theme's example post " + in_quotes(title))) return;
    Post post;
    if (yaml_text(read->front, "published") == "false") {  // Jekyll's draft: one here too, seen only at its preview URL
        post.draft = true;
        post.preview_token = new_preview_token();
    }
    post.slug = slug_of(file);
    post.title = best_title(title, read->body, file);
    post.published = date_of(plan, file, *read);
    if (post.slug.empty()) return plan.note(SiteNote::Outcome::skipped, file, "no usable slug in the file name");
    if (post.published.empty()) return plan.note(SiteNote::Outcome::skipped, file, "no date in front matter or file name");
    for (const auto& other : plan.posts)
        if (other.slug == post.slug) post.slug += "-" + post.published;  // two posts, one name on different days
    bool html = file.extension() == ".html";
    post.body_format = html ? "html" : "markdown";
    post.body = html ? html_for_import(plan, file, read->body, read->body_line)
                     : markdown_for_import(plan, file, read->body, read->body_line);
    post.tags = post_tags(plan, file, read->front);
    plan.note(SiteNote::Outcome::imported, file,
              "post " + post.slug + " (" + post.published + ")" +
                  (post.draft ? ", a draft: /blog/preview/" + post.preview_token : std::string()) +
                  (post.tags.empty() ? std::string() : ", tags " + join(post.tags, " ")));
    plan.posts.push_back(std::move(post));
    plan.source("post", plan.posts.size(), file);
}

PublicationKind kind_of(std::string_view category) {
    if (category == "manuscripts" || category == "journal" || category == "articles") return PublicationKind::journal;
    if (category == "conferences" || category == "conference") return PublicationKind::conference;
    if (category == "books") return PublicationKind::book;
    if (category == "preprints") return PublicationKind::preprint;
    if (category == "thesis" || category == "theses") return PublicationKind::thesis;
    return kind_from_label(category).value_or(PublicationKind::other);
}

void read_publication(SitePlan& plan, const fs::path& file) {
    auto read = read_front(plan, file);
    if (!read) return;
    const YAML::Node& f = read->front;
    std::string title = std::string(trim(yaml_text(f, "title")));
    if (is_demo_publication(title) && !plan.keep_demo(file, "the theme's example " + in_quotes(title))) return;
    std::string citation = yaml_text(f, "citation");
    OwnerNames owner = owner_names_of(plan);
    CitationParts cited = parse_citation(citation, owner);  // what the page leaves out, the citation may say
    if (title.empty()) title = cited.title;
    if (title.empty()) return plan.note(SiteNote::Outcome::skipped, file, "no title, in front matter or citation");
    Publication p;
    p.slug = slug_of(file);
    p.title = clean_title(title);
    p.kind = kind_of(yaml_text(f, "category"));
    p.venue = sanitized_text(yaml_text(f, "venue"));
    if (trim(p.venue).empty()) p.venue = cited.venue;
    std::string date = date_of(plan, file, *read);
    if (!date.empty()) p.year = std::stoi(date.substr(0, 4));
    else if (auto year = yaml_text(f, "year"); year.size() == 4) p.year = std::atoi(year.c_str());
    else if (cited.year > 0) p.year = cited.year;
    std::string body = markdown_for_import(plan, file, read->body, read->body_line);
    p.abstract = !trim(yaml_text(f, "abstract")).empty() ? std::string(trim(yaml_text(f, "abstract"))) : std::string(trim(body));
    if (p.abstract.empty()) p.abstract = sanitized_text(yaml_text(f, "excerpt"));
    for (auto [key, label] : {std::pair{"paperurl", "PDF"}, {"slidesurl", "Slides"}, {"bibtexurl", "BibTeX"}, {"codeurl", "Code"},
                              {"url", "Link"}, {"doi_url", "DOI"}})
        if (auto url = std::string(trim(yaml_text(f, key))); !url.empty()) p.links.push_back({label, url});
    p.doi = bare_doi(yaml_text(f, "doi"));
    // Some academicpages sites list the authors in `author:`, the owner in
    // <strong>: the list, unless the citation names more (a byline).
    std::string listed = yaml_text(f, "author");
    std::vector<Author> from_list = trim(listed).empty() ? std::vector<Author>{} : authors_from_names(sanitized_text(listed), owner);
    p.authors = std::move(cited.authors);
    if (!from_list.empty() && from_list.size() >= p.authors.size()) p.authors = std::move(from_list);
    std::vector<std::string> bold = bold_names(listed);
    for (auto& name : bold_names(citation)) bold.push_back(std::move(name));
    mark_owner(plan, file, p.authors, bold);
    if (!citation.empty()) {
        if (p.authors.empty()) plan.note(SiteNote::Outcome::warning, file, "citation: no author list found; kept as a note");
        p.note = sanitized_text(citation);
        if (citation.find("Your Name") != std::string::npos)
            plan.note(SiteNote::Outcome::warning, file, "citation is still the theme's demo (\"Your Name\"); check it");
    }
    if (p.slug.empty()) p.slug = slug_from(p.title);
    for (const auto& other : plan.publications)
        if (other.slug == p.slug) p.slug += "-2";
    if (auto same = planned_already(plan, p))
        plan.note(SiteNote::Outcome::warning, file, "publication " + p.slug + ": " + *same);
    if (yaml_child(f, "header").IsMap())
        if (std::string teaser(trim(yaml_text(yaml_child(f, "header"), "teaser"))); !teaser.empty())
            add_preview(plan, file, p.slug, teaser, "images");
    plan.note(SiteNote::Outcome::imported, file, "publication " + p.slug + " (" + std::to_string(p.authors.size()) + " authors)");
    plan.publications.push_back(std::move(p));
    plan.source("publication", plan.publications.size(), file);
}

// academicpages: title, type (Talk, Tutorial, Poster), venue, date, location,
// slidesurl, talkurl (the talk's page or recording: the event link).
void read_talk(SitePlan& plan, const fs::path& file) {
    auto read = read_front(plan, file);
    if (!read) return;
    const YAML::Node& f = read->front;
    std::string title = std::string(trim(yaml_text(f, "title")));
    if (is_demo_talk(title) && !plan.keep_demo(file, "the theme's example " + in_quotes(title))) return;
    if (clean_title(title).empty()) title = first_heading(read->body);
    if (clean_title(title).empty()) return plan.note(SiteNote::Outcome::skipped, file, "no title, in front matter or as a heading");
    Talk t;
    t.title = clean_title(title);
    t.date = date_of(plan, file, *read);
    if (t.date.empty()) return plan.note(SiteNote::Outcome::skipped, file, "no date in front matter or file name");
    t.event = sanitized_text(yaml_text(f, "venue"));
    std::string type(trim(yaml_text(f, "type")));
    if (!type.empty() && type != "Talk") t.event = sanitized_text(type) + (t.event.empty() ? "" : ", " + t.event);
    t.place = sanitized_text(yaml_text(f, "location"));
    t.url_slides = talk_url(plan, file, f, "slidesurl");
    t.url_event = talk_url(plan, file, f, "talkurl");
    t.abstract = markdown_for_import(plan, file, read->body, read->body_line);
    plan.note(SiteNote::Outcome::imported, file, "talk " + in_quotes(t.title) + " (" + t.date + ")");
    plan.talks.push_back(std::move(t));
    plan.source("talk", plan.talks.size(), file);
}

// al-folio: front matter `date` (else the file name's), the body in
// Markdown. An `inline: false` item (a page of its own) keeps its title in
// bold before the body.
void read_news_item(SitePlan& plan, const fs::path& file) {
    auto read = read_front(plan, file);
    if (!read) return;
    if (is_demo_news(read->body) && !plan.keep_demo(file, "the theme's example news item (its text is the theme's)")) return;
    News n;
    n.date = date_of(plan, file, *read);
    if (n.date.empty()) return plan.note(SiteNote::Outcome::skipped, file, "no date in front matter or file name");
    bool html = file.extension() == ".html";
    std::string body = html ? html_for_import(plan, file, read->body, read->body_line)
                            : markdown_for_import(plan, file, read->body, read->body_line);
    std::string title = sanitized_text(yaml_text(read->front, "title"));
    if (yaml_text(read->front, "inline") != "true" && !trim(title).empty())
        body = "**" + std::string(trim(title)) + "**" + (trim(body).empty() ? "" : "\n\n" + body);
    n.markdown = std::string(trim(body));
    if (n.markdown.empty()) return plan.note(SiteNote::Outcome::skipped, file, "no text");
    plan.note(SiteNote::Outcome::imported, file, "news (" + n.date + ")");
    plan.news.push_back(std::move(n));
    plan.source("news", plan.news.size(), file);
}

}  // namespace

void read_posts(SitePlan& plan) {
    for (const auto& file : site_files(plan.dir / "_posts", {".md", ".markdown", ".html"})) read_post(plan, file);
}

void read_publications(SitePlan& plan) {
    for (const auto& file : site_files(plan.dir / "_publications", {".md", ".markdown", ".html"})) read_publication(plan, file);
}

void read_talks(SitePlan& plan) {
    for (const auto& file : site_files(plan.dir / "_talks", {".md", ".markdown", ".html"})) read_talk(plan, file);
}

void read_news(SitePlan& plan) {
    for (const auto& file : site_files(plan.dir / "_news", {".md", ".markdown", ".html"})) read_news_item(plan, file);
}

}  // namespace vitae::cli
