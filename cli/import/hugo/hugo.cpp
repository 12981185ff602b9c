// import-site: Hugo Blox sites (formerly Wowchemy and Hugo Academic), the
// owner's part. A site is one when it has Hugo's config/_default/ (or a
// config.toml, hugo.yaml) and the theme's author pages (content/authors/,
// data/authors/) or a landing page made of blocks. The owner is
// content/authors/admin/_index.md (the starters' name), else
// data/authors/me.yaml (Hugo Blox 2025: schema hugoblox/author/v1), else
// the first author; their avatar beside it is the profile photo.
#include <algorithm>
#include <regex>
#include <set>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/front/toml_front.hpp"
#include "cli/import/hugo/readers.hpp"
#include "cli/import/plan/site_demo.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/plan/site_text.hpp"
#include "render/text/sanitize.hpp"
#include "rules/link.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

// An icon of the theme's `social`/`profiles`/`links` lists -> a label.
std::string hugo_link_label(std::string icon) {
    icon = ascii_lower(icon.substr(icon.rfind('/') == std::string::npos ? 0 : icon.rfind('/') + 1));
    static constexpr std::pair<const char*, const char*> labels[] = {
        {"github", "GitHub"}, {"gitlab", "GitLab"}, {"linkedin", "LinkedIn"}, {"google-scholar", "Google Scholar"},
        {"orcid", "ORCID"}, {"researchgate", "ResearchGate"}, {"x", "X"}, {"twitter", "Twitter"},
        {"instagram", "Instagram"}, {"youtube", "YouTube"}, {"mastodon", "Mastodon"}, {"bluesky", "Bluesky"},
        {"cv", "CV"}, {"dblp", "DBLP"}, {"semantic-scholar", "Semantic Scholar"}, {"arxiv", "arXiv"},
        {"facebook", "Facebook"}, {"medium", "Medium"}, {"stack-overflow", "Stack Overflow"}, {"kaggle", "Kaggle"},
        {"googlescholar", "Google Scholar"}, {"scholar", "Google Scholar"}, {"email", "E-mail"}, {"link", "Website"}};
    for (auto [name, label] : labels)
        if (icon == name) return label;
    if (icon.empty()) return "Link";
    icon[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(icon[0])));
    return icon;
}

namespace {

std::string file_text(const fs::path& file) {
    try {
        return read_site_file(file);
    } catch (const Error&) {
        return {};
    }
}

constexpr const char* config_files[] = {"config/_default/hugo.yaml", "config/_default/config.yaml",
                                        "config/_default/params.yaml", "config/_default/hugo.toml",
                                        "config/_default/config.toml", "config/_default/params.toml",
                                        "config.toml", "config.yaml", "hugo.toml", "hugo.yaml"};

bool has_config(const fs::path& dir) {
    for (const char* name : config_files)
        if (fs::exists(dir / name)) return true;
    return false;
}

// `email:` and a links list's mailto: often name the same address: once.
void add_email(SitePlan& plan, std::string_view address) {
    std::string a(trim(address));
    if (a.empty()) return;
    for (const auto& e : plan.profile.emails)
        if (e.address == a) return;
    plan.profile.emails.push_back({a, ""});
}

// social: [{icon, link}] (Academic), profiles: or links: [{icon, url, label}] (Hugo Blox).
void add_links(SitePlan& plan, const fs::path& file, const YAML::Node& list) {
    if (!list.IsSequence()) return;
    for (const auto& item : list) {
        std::string url(trim(yaml_text(item, "url").empty() ? yaml_text(item, "link") : yaml_text(item, "url")));
        if (url.starts_with("//")) url = "https:" + url;  // Academic's "//twitter.com/x": the page's scheme, https here
        std::string icon = yaml_text(item, "icon");
        if (url.starts_with("mailto:")) {
            add_email(plan, url.substr(7));
            continue;
        }
        if (!is_web_link(url)) {
            if (!url.empty())
                plan.note(SiteNote::Outcome::warning, file, "link " + in_quotes(url) + " (" + icon + "): not an http(s) URL; left out");
            continue;
        }
        std::string label(trim(yaml_text(item, "label")));
        if (label.empty() || label == "E-mail Me") label = hugo_link_label(icon);
        plan.profile.links.push_back({label, url});
    }
}

std::pair<int, int> years(const std::string& from, const std::string& to) {
    int a = std::atoi(from.substr(0, 4).c_str()), b = std::atoi(to.substr(0, 4).c_str());
    if (a == 0) a = b;
    if (b == 0) b = a;
    return {std::min(a, b), std::max(a, b)};
}

// education: {courses: [{course, institution, year}]} (Academic), or a list
// of {area | degree, institution, date_start | start, date_end | end}.
void add_education(SitePlan& plan, const fs::path& file, const YAML::Node& education) {
    YAML::Node list = education.IsMap() ? yaml_child(education, "courses") : education;
    if (!list.IsSequence()) return;
    for (const auto& e : list) {
        std::string degree = sanitized_text(!yaml_text(e, "course").empty() ? yaml_text(e, "course")
                                            : !yaml_text(e, "degree").empty() ? yaml_text(e, "degree") : yaml_text(e, "area"));
        std::string start = !yaml_text(e, "year").empty() ? yaml_text(e, "year")
                            : !yaml_text(e, "date_start").empty() ? yaml_text(e, "date_start") : yaml_text(e, "start");
        std::string end = !yaml_text(e, "date_end").empty() ? yaml_text(e, "date_end") : yaml_text(e, "end");
        auto [from, to] = years(start, end);
        if (from == 0) {
            plan.note(SiteNote::Outcome::warning, file, "education " + in_quotes(degree) + ": no year; left out");
            continue;
        }
        plan.profile.education.push_back({from, to, degree, sanitized_text(yaml_text(e, "institution"))});
    }
}

std::string month(const std::string& date) { return site_month(date).value_or(""); }  // "2019-09-01", "2019.09", "Sep 2019"

// experience: [{role, org, start, end}] (data/authors), work: [{position,
// company_name, date_start, date_end}] (author pages), or the Academic
// experience widget's experience: [{title, company, location, date_start, date_end}].
void add_experience(SitePlan& plan, const YAML::Node& author) {
    for (const char* key : {"experience", "work"}) {
        if (!yaml_child(author, key).IsSequence()) continue;
        for (const auto& w : yaml_child(author, key)) {
            std::string start = month(yaml_text(w, "start").empty() ? yaml_text(w, "date_start") : yaml_text(w, "start"));
            std::string end = month(yaml_text(w, "end").empty() ? yaml_text(w, "date_end") : yaml_text(w, "end"));
            std::string org = !yaml_text(w, "org").empty() ? yaml_text(w, "org")
                              : !yaml_text(w, "company").empty() ? yaml_text(w, "company") : yaml_text(w, "company_name");
            std::string role = !yaml_text(w, "role").empty() ? yaml_text(w, "role")
                               : !yaml_text(w, "title").empty() ? yaml_text(w, "title") : yaml_text(w, "position");
            if (start.empty() || trim(org + role).empty()) continue;
            plan.profile.experiences.push_back({sanitized_text(org), sanitized_text(yaml_text(w, "location")), sanitized_text(role), start, end});
        }
    }
}

void add_awards(SitePlan& plan, const YAML::Node& awards) {
    if (!awards.IsSequence()) return;
    for (const auto& a : awards) {
        std::string name(trim(sanitized_text(yaml_text(a, "title"))));
        int year = std::atoi(yaml_text(a, "date").substr(0, 4).c_str());
        if (!name.empty()) plan.awards.push_back({year == 0 ? std::nullopt : std::optional<int>(year), name, sanitized_text(yaml_text(a, "awarder"))});
    }
}

std::string first_org(const YAML::Node& list) {
    if (!list.IsSequence() || list.size() == 0) return {};
    return list[0].IsScalar() ? list[0].as<std::string>("") : yaml_text(list[0], "name");
}

// The author's fields, from front matter or a data/authors YAML file alike;
// `body` (the bio) is of `body_file`, the page of the text (empty: `file`).
void read_author(SitePlan& plan, const fs::path& file, const YAML::Node& a, std::string_view body, int body_line,
                 const fs::path& body_file = {}) {
    const fs::path& page = body_file.empty() ? file : body_file;
    std::string name = yaml_child(a, "name").IsMap() ? yaml_text(yaml_child(a, "name"), "display") : yaml_text(a, "title");
    if (name.empty()) name = yaml_text(a, "name");
    if (is_demo_hugo("author", name, body) && !plan.keep_demo(file, "the starter's example author " + in_quotes(name))) return;
    plan.profile.name = std::string(trim(sanitized_text(name)));
    plan.profile.job_title = std::string(trim(sanitized_text(yaml_text(a, "role"))));
    std::string organization = first_org(yaml_child(a, "organizations"));
    plan.profile.affiliation = sanitized_text(organization.empty() ? first_org(yaml_child(a, "affiliations")) : organization);
    add_email(plan, yaml_text(a, "email"));
    for (const char* key : {"social", "profiles", "links"}) add_links(plan, file, yaml_child(a, key));
    add_education(plan, file, yaml_child(a, "education"));
    add_experience(plan, a);
    add_awards(plan, yaml_child(a, "awards"));
    std::string bio = hugo_markdown(plan, page, body, body_line);
    if (trim(bio).empty()) bio = yaml_text(a, "bio");
    plan.profile.bio_markdown = paragraphs(bio);
    if (yaml_child(a, "interests").IsSequence() && yaml_child(a, "interests").size() > 0)
        plan.note(SiteNote::Outcome::warning, page, "interests: Vitae has no place for them yet; left out");
    if (yaml_child(a, "skills").IsSequence() || yaml_child(a, "languages").IsSequence())
        plan.note(SiteNote::Outcome::warning, page, "skills and languages: Vitae has no place for them yet; left out");
    plan.note(SiteNote::Outcome::imported, file,
              "owner " + in_quotes(plan.profile.name) + ", " + std::to_string(plan.profile.bio_markdown.size()) +
                  " bio paragraphs, " + std::to_string(plan.profile.emails.size()) + " e-mail, " +
                  std::to_string(plan.profile.links.size()) + " links, " + std::to_string(plan.profile.education.size()) +
                  " education");
}

fs::path picture_beside(const fs::path& stem) {
    for (const char* ext : {".jpg", ".jpeg", ".png", ".webp"})
        if (fs::is_regular_file(fs::path(stem.string() + ext))) return stem.string() + ext;
    return {};
}

// Hugo Academic before its author pages (2016-2018): the owner in the site
// settings' [params] (name, role, organization or organizations, email,
// avatar in static/img, [[params.social]]) and the about widget's page
// (content/home/about.md: education, interests, the bio as its text).
// The params: config.toml's [params], config/_default/params.toml or .yaml.
YAML::Node site_params(SitePlan& plan, fs::path& file) {
    for (const char* name : {"config/_default/params.toml", "config/_default/params.yaml", "config.toml", "config.yaml",
                             "hugo.toml", "hugo.yaml"}) {
        file = plan.dir / name;
        if (!fs::is_regular_file(file)) continue;
        try {
            std::string text = read_site_file(file);
            YAML::Node root = file.extension() == ".toml" ? read_toml(text) : YAML::Load(text);
            YAML::Node params = std::string_view(name).starts_with("config/_default/params") ? root : yaml_child(root, "params");
            if (params.IsMap() && !yaml_text(params, "name").empty()) return params;
        } catch (const Error& e) {
            plan.note(SiteNote::Outcome::warning, file, std::string("the site's settings: ") + e.what());
        } catch (const YAML::Exception& e) {
            plan.note(SiteNote::Outcome::warning, file, "the site's settings: " + e.msg, e.mark.line + 1);
        }
    }
    return {};
}

// The about widget's page: content/home/about.md, else the page whose widget is "about".
fs::path about_page(const SitePlan& plan) {
    if (fs::is_regular_file(plan.content_dir() / "home/about.md")) return plan.content_dir() / "home/about.md";
    for (const auto& file : site_files(plan.content_dir() / "home", {".md"})) {
        std::string text = file_text(file);
        if (text.find("widget = \"about\"") != std::string::npos || text.find("widget: about") != std::string::npos) return file;
    }
    return {};
}

// The settings file the owner was read from; empty when none has one.
fs::path read_params_owner(SitePlan& plan) {
    fs::path file;
    YAML::Node params = site_params(plan, file);
    if (!params.IsMap()) return {};
    fs::path about = about_page(plan);
    auto read = about.empty() ? std::nullopt : read_front(plan, about);
    // The author's fields from the params, education and interests from the about page's front matter.
    YAML::Node author = YAML::Clone(params);
    if (!yaml_child(params, "organizations").IsSequence() && !yaml_text(params, "organization").empty()) {  // Academic v1
        YAML::Node organizations(YAML::NodeType::Sequence);
        organizations.push_back(yaml_text(params, "organization"));
        author["organizations"] = organizations;
    }
    if (read && read->front.IsMap()) {
        if (yaml_child(read->front, "education").IsDefined()) author["education"] = yaml_child(read->front, "education");
        for (const char* key : {"interests", "skills"})  // [interests] interests = [...]: reported as the author page's are
            if (YAML::Node list = yaml_child(read->front, key); list.IsDefined())
                author[key] = list.IsMap() ? yaml_child(list, key) : list;
    }
    read_author(plan, file, author, read ? read->body : "", read ? read->body_line : 1, about);
    if (read && plan.profile.name.empty())
        plan.note(SiteNote::Outcome::demo, about, "the about widget of the theme's example owner; left out");
    else if (read)
        plan.note(SiteNote::Outcome::imported, about, "the about widget: its text is the bio, with its education");
    if (std::string avatar(trim(yaml_text(params, "avatar"))); !plan.profile.name.empty() && !avatar.empty() && avatar.find("..") == std::string::npos) {
        if (fs::is_regular_file(plan.dir / "static/img" / avatar)) plan.photo = plan.dir / "static/img" / avatar;
        else plan.note(SiteNote::Outcome::warning, file, "avatar " + in_quotes(avatar) + ": not in static/img; no profile photo");
    }
    return file;
}

// The owner's files: content/authors/admin (content/author/admin before
// Academic v4), data/authors/<is_owner or me>.yaml, the first author.
fs::path owner_file(const fs::path& dir, const fs::path& content) {
    for (const char* admin : {"authors/admin/_index.md", "author/admin/_index.md"})  // author/: Academic before v4
        if (fs::exists(content / admin)) return content / admin;
    fs::path me;
    for (const auto& file : site_files(dir / "data/authors", {".yaml", ".yml"})) {
        std::string text = file_text(file);
        if (text.find("is_owner: true") != std::string::npos) return file;
        if (file.stem() == "me") me = file;
    }
    if (!me.empty()) return me;
    std::vector<fs::path> authors;  // site_files leaves _index.md out, as Jekyll's readers want
    for (const char* folder : {"authors", "author"})
        if (fs::is_directory(content / folder))
            for (const auto& entry : fs::directory_iterator(content / folder))
                if (fs::is_regular_file(entry.path() / "_index.md")) authors.push_back(entry.path() / "_index.md");
    std::sort(authors.begin(), authors.end());
    return authors.empty() ? fs::path() : authors.front();
}

}  // namespace

bool is_hugo_site(const fs::path& dir) {
    if (!fs::is_directory(dir / "content") || !has_config(dir)) return false;
    std::string landing = file_text(dir / "content/_index.md");
    if (fs::exists(dir / "content/authors") || fs::exists(dir / "content/author") || fs::exists(dir / "data/authors") ||
        fs::exists(dir / "content/home") || landing.find("block:") != std::string::npos || landing.find("widget:") != std::string::npos)
        return true;
    for (const auto& entry : fs::directory_iterator(dir / "content"))  // a language's content (contentDir: content/<lang>)
        if (entry.is_directory() && (fs::exists(entry.path() / "authors") || fs::exists(entry.path() / "home"))) return true;
    return false;
}

namespace {

// Wowchemy v5's landing page (content/_index.md, `sections:` of blocks): its
// experience blocks hold the owner's positions (content: items: [{title,
// company, location, date_start, date_end}]); the other blocks are the
// page's layout and text, reported. The starter's own rows (GenCoin,
// University X) are its demo.
void read_landing_page(SitePlan& plan) {
    fs::path file = plan.content_dir() / "_index.md";
    if (!fs::is_regular_file(file)) return;
    std::string text = file_text(file);
    if (text.find("block: experience") == std::string::npos && text.find("block: \"experience\"") == std::string::npos) return;
    auto read = read_front(plan, file);
    if (!read || !yaml_child(read->front, "sections").IsSequence()) return;
    std::size_t before = plan.profile.experiences.size();
    for (const auto& section : yaml_child(read->front, "sections")) {
        if (yaml_text(section, "block") != "experience") continue;
        YAML::Node rows(YAML::NodeType::Sequence);
        for (const auto& item : yaml_child(yaml_child(section, "content"), "items")) {
            std::string company(trim(yaml_text(item, "company")));
            if ((company == "GenCoin" || company == "University X") &&
                !plan.keep_demo(file, "experience " + in_quotes(company) + ": the starter's example row"))
                continue;
            rows.push_back(item);
        }
        YAML::Node holder(YAML::NodeType::Map);
        holder["experience"] = rows;
        add_experience(plan, holder);
    }
    plan.note(SiteNote::Outcome::imported, file, "the landing page: " + std::to_string(plan.profile.experiences.size() - before) +
                                                  " experience rows of its experience blocks (its other blocks are the page's layout)");
}

}  // namespace

// Academic's (Wowchemy v5) home page widgets: content/home/experience.md
// holds the owner's experience; the others are the theme's page layout.
void read_hugo_widgets(SitePlan& plan) {
    std::set<std::string> read_already;  // the about widget, when the owner came from [params]
    for (const auto& note : plan.notes) read_already.insert(note.file);
    for (const auto& file : site_files(plan.content_dir() / "home", {".md"})) {
        if (read_already.count(plan.relative(file))) continue;
        auto read = read_front(plan, file);
        if (!read) continue;
        std::string widget = yaml_text(read->front, "widget");
        if (widget != "experience" || !yaml_child(read->front, "experience").IsSequence()) {
            plan.note(SiteNote::Outcome::skipped, file, "a home page widget (" + (widget.empty() ? "block" : widget) +
                                                         "): not imported (only the experience widget is)");
            continue;
        }
        std::size_t before = plan.profile.experiences.size();
        add_experience(plan, read->front);
        plan.note(SiteNote::Outcome::imported, file, std::to_string(plan.profile.experiences.size() - before) + " experience rows");
    }
    read_landing_page(plan);
}

void read_hugo_profile(SitePlan& plan) {
    fs::path file = owner_file(plan.dir, plan.content_dir());
    if (fs::path params = file.empty() ? read_params_owner(plan) : fs::path(); !params.empty()) {
        for (const char* name : config_files)
            if (fs::exists(plan.dir / name) && plan.dir / name != params)
                plan.note(SiteNote::Outcome::skipped, plan.dir / name,
                          "the site's settings: the owner comes from " + plan.relative(params) + "'s [params]");
        return;
    }
    for (const char* name : config_files)
        if (fs::exists(plan.dir / name))
            plan.note(SiteNote::Outcome::skipped, plan.dir / name, "the site's settings: the owner comes from the author page");
    if (file.empty())
        return plan.note(SiteNote::Outcome::warning, plan.content_dir() / "authors",
                         "no author page and no owner in the site's [params]: no bio imported");
    if (file.extension() == ".md") {
        auto read = read_front(plan, file);
        if (!read) return;
        read_author(plan, file, read->front, read->body, read->body_line);
        plan.photo = picture_beside(file.parent_path() / "avatar");
    } else {
        YAML::Node author;
        try {
            author = YAML::Load(read_site_file(file));
        } catch (const std::exception& e) {
            return plan.note(SiteNote::Outcome::skipped, file, e.what());
        }
        fs::path page = plan.content_dir() / "authors" / file.stem() / "_index.md";
        auto read = fs::exists(page) ? read_front(plan, page) : std::nullopt;
        read_author(plan, file, author, read ? read->body : "", read ? read->body_line : 1);
        if (read) plan.note(SiteNote::Outcome::imported, page, "the owner's page: its text is the bio");
        plan.photo = picture_beside(plan.dir / "assets/media/authors" / file.stem());
    }
    if (plan.profile.name.empty()) plan.photo.clear();  // the demo author's avatar is the demo's too
}

}  // namespace vitae::cli
