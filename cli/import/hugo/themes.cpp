// import-site: Hugo sites on any theme (PaperMod, Congo, Blowfish, Ananke
// and the rest), beside Hugo Blox's own readers (hugo.cpp). Such a theme
// keeps the owner in the site's settings, each its own way: PaperMod's
// params.author, profileMode and homeInfoParams, socialIcons; Congo's
// [author] and Blowfish's [params.author] (name, headline, bio, image,
// links) in config/_default/languages.<lang>.toml; Ananke's params and
// ananke_socials. Whatever the theme, the about page's text is the bio
// when the settings give none. A content page's kind is Hugo's own notion,
// its type, else its section (the first folder under content/), and a
// post the owner filed under a category "publication" or "talk" is one.
#include <algorithm>
#include <regex>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/front/json_front.hpp"
#include "cli/import/front/toml_front.hpp"
#include "cli/import/hugo/readers.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/plan/site_text.hpp"
#include "render/text/sanitize.hpp"
#include "rules/link.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

constexpr const char* theme_settings[] = {"hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml",
                                          "config.yml", "config.json", "config/_default/hugo.toml", "config/_default/hugo.yaml",
                                          "config/_default/hugo.yml", "config/_default/config.toml", "config/_default/config.yaml",
                                          "config/_default/config.yml", "config/_default/module.toml", "config/_default/params.toml",
                                          "config/_default/params.yaml", "config/_default/params.yml"};

std::string settings_text(const fs::path& file) {
    try {
        return read_site_file(file);
    } catch (const Error&) {
        return {};
    }
}

// A settings file as a node: TOML, YAML or JSON (yaml-cpp reads JSON).
std::optional<YAML::Node> settings_node(SitePlan& plan, const fs::path& file) {
    std::string text = settings_text(file);
    try {
        return file.extension() == ".toml" ? read_toml(text) : YAML::Load(text);
    } catch (const Error& e) {
        plan.note(SiteNote::Outcome::warning, file, std::string("the site's settings: ") + e.what());
    } catch (const YAML::Exception& e) {
        plan.note(SiteNote::Outcome::warning, file, "the site's settings: " + e.msg, e.mark.line + 1);
    }
    return std::nullopt;
}

// "github.com/nunocoracao/blowfish/v2" -> "blowfish"; "hugo-PaperMod" -> "papermod".
std::string theme_word(std::string name) {
    std::erase_if(name, [](char c) { return c == '"' || c == '\'' || c == '[' || c == ']' || c == ','; });
    name = ascii_lower(trim(name));
    while (name.ends_with('/')) name.pop_back();
    if (auto slash = name.rfind('/'); slash != std::string::npos) {
        std::string last = name.substr(slash + 1);
        if (last.size() >= 2 && last[0] == 'v' && std::all_of(last.begin() + 1, last.end(), is_ascii_digit))
            name.resize(slash);  // a module's major version
        slash = name.rfind('/');
        if (slash != std::string::npos) name = name.substr(slash + 1);
    }
    for (std::string_view prefix : {"gohugo-theme-", "hugo-theme-", "hugo-"})
        if (name.starts_with(prefix)) name.erase(0, prefix.size());
    return std::string(trim(name));
}

// The scalar text, or the first of a list ("author: [Pascal Michaillat]"), or a map's `name`.
std::string text_or_first(const YAML::Node& node) {
    if (node.IsScalar()) return node.Scalar();
    if (node.IsSequence() && node.size() > 0) return text_or_first(node[0]);
    if (node.IsMap()) return yaml_text(node, "name");
    return {};
}

// A site title that is a person's name: two to four capitalised words, no digits.
bool looks_like_a_name(std::string_view title) {
    std::string t(trim(title));
    if (t.empty() || std::any_of(t.begin(), t.end(), is_ascii_digit)) return false;
    std::size_t words = 0;
    for (std::size_t i = 0; i < t.size(); ++i)
        if (t[i] != ' ' && (i == 0 || t[i - 1] == ' ')) {
            ++words;
            if (t[i] >= 'a' && t[i] <= 'z') return false;
        }
    std::string lower = ascii_lower(t);
    for (std::string_view word : {"blog", "site", "home", "page", "lab", "group", "portfolio", "notes", "journal", "website"})
        if (lower.find(word) != std::string::npos) return false;
    return words >= 2 && words <= 4;
}

struct ThemeOwner {
    std::string name, headline, bio, image, email;
    std::vector<std::pair<std::string, std::string>> links;  // label or icon, url
    fs::path file;                                           // the settings file it came from
};

// Congo's and Blowfish's `links = [{ github = "https://..." }, ...]`.
void read_author_links(ThemeOwner& owner, const YAML::Node& links) {
    if (!links.IsSequence()) return;
    for (const auto& item : links)
        if (item.IsMap())
            for (const auto& kv : item)
                if (kv.second.IsScalar()) owner.links.push_back({kv.first.as<std::string>(""), kv.second.Scalar()});
}

// PaperMod's socialIcons, Ananke's ananke_socials, and other themes' social: [{name, url}].
void read_named_links(ThemeOwner& owner, const YAML::Node& params) {
    for (const char* key : {"socialIcons", "socialicons", "ananke_socials", "social", "socials"}) {
        YAML::Node list = yaml_child(params, key);
        if (!list.IsSequence()) continue;
        for (const auto& item : list) {
            std::string url = !yaml_text(item, "url").empty() ? yaml_text(item, "url") : yaml_text(item, "link");
            std::string name = !yaml_text(item, "name").empty() ? yaml_text(item, "name") : yaml_text(item, "icon");
            if (!url.empty()) owner.links.push_back({name, url});
        }
    }
}

void read_author_block(ThemeOwner& owner, const YAML::Node& author, const fs::path& file) {
    if (!author.IsMap()) return;
    if (owner.name.empty() && !yaml_text(author, "name").empty()) owner.name = yaml_text(author, "name"), owner.file = file;
    if (owner.headline.empty()) owner.headline = yaml_text(author, "headline");
    if (owner.bio.empty()) owner.bio = yaml_text(author, "bio");
    if (owner.image.empty()) owner.image = yaml_text(author, "image");
    if (owner.email.empty()) owner.email = yaml_text(author, "email");
    read_author_links(owner, yaml_child(author, "links"));
}

void read_params(ThemeOwner& owner, const YAML::Node& params, const fs::path& file) {
    if (!params.IsMap()) return;
    read_author_block(owner, yaml_child(params, "author"), file);  // Blowfish
    if (std::string name = text_or_first(yaml_child(params, "author")); owner.name.empty() && !name.empty())
        owner.name = name, owner.file = file;  // PaperMod, Ananke: author = "Name" or [Name]
    YAML::Node profile = yaml_child(params, "profileMode");  // PaperMod's profile home page
    if (profile.IsMap() && yaml_text(profile, "enabled") != "false") {
        if (owner.name.empty() && !yaml_text(profile, "title").empty()) owner.name = yaml_text(profile, "title"), owner.file = file;
        if (owner.bio.empty()) owner.bio = yaml_text(profile, "subtitle");
        if (owner.image.empty()) owner.image = yaml_text(profile, "imageUrl");
    }
    YAML::Node home = yaml_child(params, "homeInfoParams");  // PaperMod's home-info mode: a title and a text
    if (home.IsMap() && owner.bio.empty()) owner.bio = yaml_text(home, "Content");
    if (owner.email.empty()) owner.email = yaml_text(params, "email");
    if (owner.image.empty()) owner.image = yaml_text(params, "avatar");
    read_named_links(owner, params);
}

// Each settings file, its params and language files, in Hugo's order of precedence (first wins).
ThemeOwner theme_owner(SitePlan& plan) {
    ThemeOwner owner;
    std::string site_title;
    fs::path title_file;
    for (const char* name : theme_settings) {
        fs::path file = plan.dir / name;
        if (!fs::is_regular_file(file)) continue;
        auto node = settings_node(plan, file);
        if (!node || !node->IsMap()) continue;
        bool params_file = std::string_view(name).find("/params.") != std::string_view::npos;
        read_params(owner, params_file ? *node : yaml_child(*node, "params"), file);
        read_author_block(owner, yaml_child(*node, "author"), file);  // Congo in hugo.toml
        if (site_title.empty() && !yaml_text(*node, "title").empty()) site_title = yaml_text(*node, "title"), title_file = file;
        if (YAML::Node languages = yaml_child(*node, "languages"); languages.IsMap())
            for (const auto& language : languages) {
                read_author_block(owner, yaml_child(language.second, "author"), file);
                read_params(owner, yaml_child(language.second, "params"), file);
            }
    }
    for (const auto& file : site_files(plan.dir / "config/_default", {".toml", ".yaml", ".yml"}))
        if (file.filename().string().starts_with("languages"))
            if (auto node = settings_node(plan, file); node && node->IsMap()) {
                read_author_block(owner, yaml_child(*node, "author"), file);  // Congo
                read_params(owner, yaml_child(*node, "params"), file);         // Blowfish: [params.author]
                if (file.stem() == "languages")  // languages.toml: [en.author], [en.params.author]
                    for (const auto& language : *node)
                        if (language.second.IsMap()) {
                            read_author_block(owner, yaml_child(language.second, "author"), file);
                            read_params(owner, yaml_child(language.second, "params"), file);
                        }
            }
    if (owner.name.empty() && looks_like_a_name(site_title)) owner.name = site_title, owner.file = title_file;
    return owner;
}

// The about page: content/about.md, about/index.md, about/_index.md, about-me.md.
fs::path about_of(const SitePlan& plan) {
    for (const char* name : {"about.md", "about/index.md", "about/_index.md", "about-me.md", "about.markdown"})
        if (fs::is_regular_file(plan.content_dir() / name)) return plan.content_dir() / name;
    return {};
}

// The picture the settings name: under assets/ (Congo, Blowfish), static/ (PaperMod) or the root.
fs::path picture_of(const SitePlan& plan, std::string image) {
    if (image.empty() || is_web_link(image) || image.find("..") != std::string::npos) return {};
    image.erase(0, image.find_first_not_of('/'));
    for (const char* folder : {"assets", "static", ""})
        if (fs::is_regular_file(plan.dir / folder / image)) return plan.dir / folder / image;
    return {};
}

// The section's kind, by Hugo's folder and type names the themes use.
std::optional<HugoKind> kind_of_section(std::string name) {
    name = ascii_lower(name);
    static constexpr std::pair<std::string_view, HugoKind> sections[] = {
        {"publication", HugoKind::publication}, {"publications", HugoKind::publication}, {"papers", HugoKind::publication},
        {"paper", HugoKind::publication},       {"pubs", HugoKind::publication},         {"pub", HugoKind::publication},
        {"post", HugoKind::post},               {"posts", HugoKind::post},               {"blog", HugoKind::post},
        {"blogs", HugoKind::post},              {"event", HugoKind::talk},               {"events", HugoKind::talk},
        {"talk", HugoKind::talk},               {"talks", HugoKind::talk},               {"presentations", HugoKind::talk},
        {"project", HugoKind::project},         {"projects", HugoKind::project},         {"portfolio", HugoKind::project},
        {"teaching", HugoKind::course},         {"courses", HugoKind::course},           {"course", HugoKind::course}};
    for (auto [section, kind] : sections)
        if (name == section) return kind;
    return std::nullopt;
}

// A category or tag that files a page under a kind: "publication", "Papers", "talk", "Project".
std::optional<HugoKind> kind_of_category(const YAML::Node& front) {
    for (const char* key : {"categories", "category", "tags"}) {
        YAML::Node node = yaml_child(front, key);
        std::vector<std::string> words;
        if (node.IsScalar()) words.push_back(node.Scalar());
        if (node.IsSequence())
            for (const auto& item : node)
                if (item.IsScalar()) words.push_back(item.Scalar());
        for (const auto& word : words) {
            std::string w = ascii_lower(trim(word));
            if (w == "presentation" || w == "presentations" || w == "invited talk" || w == "invited talks") return HugoKind::talk;
            if (w == "journal article" || w == "journal articles" || w == "conference paper" || w == "conference papers")
                return HugoKind::publication;
            if (auto kind = kind_of_section(w); kind && *kind != HugoKind::post && *kind != HugoKind::course) return kind;
        }
    }
    return std::nullopt;
}

}  // namespace

bool is_any_hugo_site(const fs::path& dir) {
    if (!fs::is_directory(dir / "content")) return false;
    for (const char* name : theme_settings)
        if (fs::is_regular_file(dir / name)) return true;
    return false;
}

std::string hugo_theme_name(const fs::path& dir) {
    static const std::regex theme_key("(^|\\n)\\s*theme\\s*[=:]\\s*\\[?\\s*[\"']?([^\"'\\]\\n,#]+)");
    static const std::regex module_path("path\\s*[=:]\\s*[\"']?(github\\.com/[^\"'\\s]+)");
    for (const char* name : theme_settings) {
        std::string text = settings_text(dir / name);
        std::smatch m;
        if (std::regex_search(text, m, theme_key)) return theme_word(m[2].str());
        if (std::regex_search(text, m, module_path)) return theme_word(m[1].str());
    }
    return {};
}

void read_hugo_theme_owner(SitePlan& plan) {
    ThemeOwner owner = theme_owner(plan);
    fs::path about = about_of(plan);
    if (owner.name.empty()) {
        plan.note(SiteNote::Outcome::warning, plan.dir / "content",
                  "no owner in the site's settings (params.author, an [author] of the theme, profileMode): no name imported");
    } else {
        plan.profile.name = std::string(trim(sanitized_text(owner.name)));
        plan.profile.job_title = std::string(trim(sanitized_text(owner.headline)));
    }
    if (!owner.email.empty()) plan.profile.emails.push_back({std::string(trim(owner.email)), ""});
    for (auto [label, url] : owner.links) {
        url = std::string(trim(url));
        if (url.starts_with("mailto:")) {
            if (std::none_of(plan.profile.emails.begin(), plan.profile.emails.end(), [&](const auto& e) { return e.address == url.substr(7); }))
                plan.profile.emails.push_back({url.substr(7), ""});
        } else if (is_web_link(url)) {
            bool written = std::any_of(label.begin(), label.end(), [](char c) { return (c >= 'A' && c <= 'Z') || c == ' '; });
            plan.profile.links.push_back({written ? label : hugo_link_label(label), url});  // "Google Scholar" as written, "github" named
        } else if (!url.empty()) {
            plan.note(SiteNote::Outcome::warning, owner.file.empty() ? plan.dir / "content" : owner.file,
                      "link " + in_quotes(url) + " (" + label + "): not an http(s) URL; left out");
        }
    }
    std::string bio(trim(owner.bio));
    if (bio.empty() && !about.empty())
        if (auto read = read_front(plan, about)) {
            bio = hugo_markdown(plan, about, read->body, read->body_line);
            if (!trim(bio).empty()) plan.note(SiteNote::Outcome::imported, about, "the about page: its text is the bio");
        }
    plan.profile.bio_markdown = paragraphs(bio);
    plan.photo = picture_of(plan, owner.image);
    std::string theme = plan.theme.size() > 5 ? "theme " + in_quotes(plan.theme.substr(5)) : "no theme named";
    if (!owner.file.empty())
        plan.note(SiteNote::Outcome::imported, owner.file,
                  "the site's settings (" + theme + "): owner " + in_quotes(plan.profile.name) + ", " +
                      std::to_string(plan.profile.bio_markdown.size()) + " bio paragraphs, " +
                      std::to_string(plan.profile.emails.size()) + " e-mail, " + std::to_string(plan.profile.links.size()) + " links");
}

HugoKind hugo_page_kind(const SitePlan& plan, const fs::path& file, const YAML::Node& front) {
    fs::path relative = file.lexically_relative(plan.content_dir());
    auto part = relative.begin();
    std::string section = part == relative.end() ? "" : part->string();
    // content/<lang>/<section>/...: a language's folder (two letters, or xx-yy) is not the section.
    if (std::next(part) != relative.end() && std::next(part, 2) != relative.end() &&
        (section.size() == 2 || (section.size() == 5 && section[2] == '-')) &&
        std::all_of(section.begin(), section.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; }))
        section = std::next(part)->string();
    if (std::next(part) == relative.end()) section.clear();  // a page at content/'s top has no section
    if (auto by_type = kind_of_section(yaml_text(front, "type"))) return *by_type;
    auto by_section = kind_of_section(section);
    if (!by_section || *by_section == HugoKind::post)
        if (auto by_category = kind_of_category(front)) return *by_category;
    return by_section.value_or(HugoKind::other);
}

std::optional<YAML::Node> quiet_front_matter(const fs::path& file) {
    try {
        std::string text = read_site_file(file);
        FrontMatterFile read = text.starts_with("+++") ? split_toml_front_matter(text)
                               : text.starts_with('{') ? split_json_front_matter(text)
                                                       : split_front_matter(text);
        return read.front;
    } catch (const Error&) {
    } catch (const YAML::Exception&) {
    }
    return std::nullopt;
}

}  // namespace vitae::cli
