// import-site: the owner, from _config.yml (al-folio's first_name/last_name
// and *_username keys, or _data/socials.yml; academicpages' author: block)
// and the about page (_pages/about.md): bio paragraphs in Markdown.
#include <fstream>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/jekyll/readers.hpp"
#include "cli/import/plan/site_demo.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/plan/site_text.hpp"
#include "render/text/sanitize.hpp"
#include "rules/link.hpp"

namespace vitae::cli {

namespace {

namespace fs = std::filesystem;

// The profile picture: where the theme keeps it (academicpages: images/,
// al-folio: assets/img/), or a path from the site's root. Stored when the
// import is written; a picture not in the tree is reported.
void find_photo(SitePlan& plan, const fs::path& file, const char* folder, std::string name) {
    std::string_view n = trim(name);
    while (n.starts_with('/')) n.remove_prefix(1);
    for (const fs::path& candidate : {plan.dir / folder / std::string(n), plan.dir / std::string(n)})
        if (fs::is_regular_file(candidate)) {
            plan.photo = candidate;
            return;
        }
    plan.note(SiteNote::Outcome::skipped, file, "profile picture " + in_quotes(name) + ": not in the site's folder");
}



struct Social {
    const char* key;
    const char* label;
    const char* url_prefix;  // "" : the value is a URL already
};

// al-folio's keys (_config.yml before v0.13, _data/socials.yml after) and
// academicpages' author: keys, in the order the page lists them.
constexpr Social socials[] = {
    {"scholar_userid", "Google Scholar", "https://scholar.google.com/citations?user="},
    {"googlescholar", "Google Scholar", ""},
    {"orcid_id", "ORCID", "https://orcid.org/"},
    {"orcid", "ORCID", ""},
    {"semanticscholar_id", "Semantic Scholar", "https://www.semanticscholar.org/author/"},
    {"dblp_url", "DBLP", ""},
    {"research_gate_profile", "ResearchGate", "https://www.researchgate.net/profile/"},
    {"researchgate", "ResearchGate", ""},
    {"github_username", "GitHub", "https://github.com/"},
    {"github", "GitHub", "https://github.com/"},
    {"gitlab_username", "GitLab", "https://gitlab.com/"},
    {"linkedin_username", "LinkedIn", "https://www.linkedin.com/in/"},
    {"linkedin", "LinkedIn", "https://www.linkedin.com/in/"},
    {"twitter_username", "Twitter", "https://twitter.com/"},
    {"x_username", "X", "https://x.com/"},
    {"twitter", "Twitter", "https://twitter.com/"},
    {"bluesky_url", "Bluesky", ""},
    {"bluesky", "Bluesky", "https://bsky.app/profile/"},
    {"mastodon_username", "Mastodon", "https://"},
    {"stackoverflow_id", "Stack Overflow", "https://stackoverflow.com/users/"},
    {"kaggle_id", "Kaggle", "https://www.kaggle.com/"},
    {"youtube_id", "YouTube", "https://youtube.com/@"},
    {"work_url", "Work", ""},
    {"blogger_url", "Blog", ""},
};

YAML::Node load_yaml(SitePlan& plan, const fs::path& file) {
    try {
        return YAML::Load(read_site_file(file));
    } catch (const YAML::Exception& e) {
        plan.note(SiteNote::Outcome::skipped, file, "not YAML: " + e.msg, e.mark.line + 1);
    } catch (const Error& e) {
        plan.note(SiteNote::Outcome::skipped, file, e.what());
    }
    return {};
}

void add_links(SitePlan& plan, const YAML::Node& map, const fs::path& file) {
    for (const auto& social : socials) {
        std::string value(trim(yaml_text(map, social.key)));
        if (value.empty()) continue;
        std::string url = is_web_link(value) ? value : social.url_prefix + value;
        if (std::string_view(social.url_prefix).empty() && !is_web_link(value)) {
            plan.note(SiteNote::Outcome::warning, file, std::string(social.key) + ": " + in_quotes(value) + " is not a URL; left out");
            continue;
        }
        bool seen = false;
        for (const auto& link : plan.profile.links) seen = seen || link.url == url;
        if (!seen) plan.profile.links.push_back({social.label, url});
    }
}

void add_email(SitePlan& plan, std::string address, const fs::path& file) {
    address = std::string(trim(address));
    if (address.empty()) return;
    if ((address == "you@example.com" || address == "none@example.org" || address.ends_with("@example.com")) &&
        !plan.keep_demo(file, "e-mail " + in_quotes(address) + " is the theme's demo"))
        return;
    plan.profile.emails.push_back({address, ""});
}

// al-folio's scholar: first_name: [Albert, A.], last_name: [Einstein].
void add_name_variants(SitePlan& plan, const YAML::Node& scholar) {
    if (!scholar.IsMap() || !scholar["first_name"].IsSequence() || !scholar["last_name"].IsSequence()) return;
    for (const auto& last : scholar["last_name"])
        for (const auto& first : scholar["first_name"]) {
            std::string variant = first.as<std::string>("") + " " + last.as<std::string>("");
            if (trim(variant) != plan.profile.name && !is_demo_name(variant) && last.as<std::string>("") != "Einstein")
                plan.profile.name_variants.push_back(std::string(trim(variant)));
        }
}

void set_name(SitePlan& plan, const std::string& name, const fs::path& file) {
    if (trim(name).empty()) return;
    if (is_demo_name(name) && !plan.keep_demo(file, "name " + in_quotes(name) + " is the theme's demo")) return;
    plan.profile.name = std::string(trim(name));
}

void read_config(SitePlan& plan) {
    fs::path file = plan.dir / "_config.yml";
    YAML::Node config = load_yaml(plan, file);
    if (!config.IsMap()) return;
    if (plan.theme == "al-folio") {
        std::string name;
        for (const char* key : {"first_name", "middle_name", "last_name"})
            if (auto part = yaml_text(config, key); !trim(part).empty()) name += (name.empty() ? "" : " ") + std::string(trim(part));
        set_name(plan, name, file);
        add_email(plan, yaml_text(config, "email"), file);
        add_links(plan, config, file);
        add_name_variants(plan, config["scholar"]);
        fs::path socials_file = plan.dir / "_data" / "socials.yml";
        if (fs::exists(socials_file)) {
            YAML::Node more = load_yaml(plan, socials_file);
            add_email(plan, yaml_text(more, "email"), socials_file);
            add_links(plan, more, socials_file);
            plan.note(SiteNote::Outcome::imported, socials_file, "e-mail and links");
        }
    } else {
        YAML::Node author = config["author"];
        set_name(plan, yaml_text(author, "name").empty() ? yaml_text(config, "name") : yaml_text(author, "name"), file);
        add_email(plan, yaml_text(author, "email"), file);
        add_links(plan, author, file);
        plan.profile.affiliation = yaml_text(author, "employer");
        if (auto bio = yaml_text(author, "bio"); !trim(bio).empty() && !is_demo_description(bio))
            plan.profile.job_title = std::string(trim(bio));
        if (auto avatar = yaml_text(author, "avatar"); !avatar.empty()) find_photo(plan, file, "images", avatar);
    }
    if (auto description = yaml_text(config, "description"); !trim(description).empty()) {
        if (!is_demo_description(description) || plan.keep_demo(file, "description is the theme's demo text"))
            plan.note(SiteNote::Outcome::skipped, file, "description " + in_quotes(std::string(trim(description))) +
                                                         ": Vitae has no site description (the page describes the bio)");
    }
    plan.note(SiteNote::Outcome::imported, file,
              "owner " + in_quotes(plan.profile.name) + ", " + std::to_string(plan.profile.emails.size()) + " e-mail, " +
                  std::to_string(plan.profile.links.size()) + " links, " +
                  std::to_string(plan.profile.name_variants.size()) + " name variants");
}

// _pages/about.md, else al-folio's about page under another name: the page
// of `layout: about` (an owner's _pages/home.md with `permalink: /`).
fs::path about_page(const SitePlan& plan) {
    fs::path about = plan.dir / "_pages" / "about.md";
    if (fs::exists(about)) return about;
    for (const auto& file : site_files(plan.dir / "_pages", {".md", ".markdown"})) {
        try {
            if (yaml_text(split_front_matter(read_site_file(file)).front, "layout") == "about") return file;
        } catch (const Error&) {  // a page that cannot be read is not the about page; its reader says why
        } catch (const YAML::Exception&) {
        }
    }
    return about;
}

void read_about(SitePlan& plan) {
    fs::path file = about_page(plan);
    if (!fs::exists(file)) return plan.note(SiteNote::Outcome::warning, file, "no about page: no bio imported");
    FrontMatterFile about;
    try {
        about = split_front_matter(read_site_file(file));
    } catch (const Error& e) {
        return plan.note(SiteNote::Outcome::skipped, file, e.what());
    }
    if (auto subtitle = yaml_text(about.front, "subtitle"); !trim(subtitle).empty())
        plan.profile.job_title = std::string(trim(sanitized_text(subtitle)));
    if (about.front["profile"].IsMap())
        if (auto image = yaml_text(about.front["profile"], "image"); !image.empty())
            find_photo(plan, file, "assets/img", image);
    std::string body = markdown_for_import(plan, file, about.body, about.body_line);
    if (is_demo_bio(body) && !plan.keep_demo(file, "the bio is the theme's demo text")) {
        // No owner named and the theme's bio: its picture is the theme's too (prof_pic.jpg).
        if (plan.profile.name.empty() && !plan.photo.empty() && !plan.keep_demo(plan.photo, "the theme's example profile picture"))
            plan.photo.clear();
        return;
    }
    plan.profile.bio_markdown = paragraphs(body);
    plan.note(SiteNote::Outcome::imported, file, std::to_string(plan.profile.bio_markdown.size()) + " bio paragraphs");
    plan.bio_file = file;
}

}  // namespace

void read_profile(SitePlan& plan) {
    read_config(plan);
    read_about(plan);
}

}  // namespace vitae::cli
