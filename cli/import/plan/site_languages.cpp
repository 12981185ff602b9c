#include "cli/import/plan/site_languages.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/front/toml_front.hpp"
#include "cli/import/plan/site_text.hpp"
#include "http/router.hpp"
#include "store/write/languages.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

// The settings' file read as YAML (a TOML one converted); an empty map when
// it is missing or cannot be read (its reader elsewhere reports it).
YAML::Node settings_of(const fs::path& file) {
    if (!fs::is_regular_file(file)) return YAML::Node(YAML::NodeType::Map);
    try {
        std::string text = read_site_file(file);
        YAML::Node node = file.extension() == ".toml" ? read_toml(text) : YAML::Load(text);
        if (node.IsMap()) return node;
    } catch (const Error&) {
    } catch (const YAML::Exception&) {
    }
    return YAML::Node(YAML::NodeType::Map);
}

std::vector<std::string> scalars_of(const YAML::Node& node) {
    std::vector<std::string> out;
    if (node.IsScalar()) out.push_back(node.as<std::string>());
    if (node.IsSequence())
        for (const auto& item : node)
            for (auto& s : scalars_of(item)) out.push_back(std::move(s));
    return out;
}

// Hugo's `languages` table: its keys, in the order of their `weight`.
std::vector<std::string> hugo_language_keys(const YAML::Node& table) {
    std::vector<std::pair<int, std::string>> weighted;
    if (!table.IsMap()) return {};
    for (const auto& entry : table) {
        int weight = 1000 + static_cast<int>(weighted.size());
        if (entry.second.IsMap())
            if (std::string w = yaml_text(entry.second, "weight"); !w.empty() && is_ascii_digit(w[0])) weight = std::atoi(w.c_str());
        weighted.emplace_back(weight, entry.first.as<std::string>());
    }
    std::stable_sort(weighted.begin(), weighted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::string> out;
    for (auto& [weight, code] : weighted) out.push_back(code);
    return out;
}

struct NamedLanguages {
    std::vector<std::string> codes;
    std::string main;
};

// Without polyglot's list: the site's `lang:` first, then each other
// `lang:` its pages and collections' files say (al-folio's pages paired by
// translation_key).
std::vector<std::string> jekyll_page_languages(const fs::path& dir, const std::string& main) {
    std::vector<std::string> out{main};
    for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
        std::string name = it->path().filename().string();
        if (it->is_directory()) {
            if (name.starts_with(".") || name == "_site" || name == "_layouts" || name == "_includes" || name == "node_modules" ||
                name == "vendor" || name == "assets")
                it.disable_recursion_pending();
            continue;
        }
        std::string ext = it->path().extension().string();
        if (ext != ".md" && ext != ".markdown" && ext != ".html") continue;
        try {
            std::string code(trim(yaml_text(split_front_matter(read_site_file(it->path())).front, "lang")));
            if (!code.empty() && std::find(out.begin(), out.end(), code) == out.end()) out.push_back(code);
        } catch (const Error&) {  // its reader says why
        } catch (const YAML::Exception&) {
        }
    }
    return out;
}

NamedLanguages jekyll_languages(const fs::path& dir) {
    YAML::Node config = settings_of(dir / "_config.yml");
    NamedLanguages out{scalars_of(config["languages"]), yaml_text(config, "default_lang")};
    if (std::string main(trim(yaml_text(config, "lang"))); out.codes.empty() && !main.empty()) {
        out.codes = jekyll_page_languages(dir, main);
        out.main = main;
    }
    return out;
}

NamedLanguages hugo_languages(const fs::path& dir) {
    NamedLanguages out;
    for (const char* name : {"hugo.toml", "hugo.yaml", "hugo.yml", "config.toml", "config.yaml", "config.yml",
                             "config/_default/hugo.toml", "config/_default/hugo.yaml", "config/_default/config.toml",
                             "config/_default/config.yaml", "config/_default/params.toml", "config/_default/params.yaml"}) {
        YAML::Node config = settings_of(dir / name);
        if (out.codes.empty()) out.codes = hugo_language_keys(config["languages"]);
        if (out.main.empty()) out.main = yaml_text(config, "defaultContentLanguage");
    }
    for (const char* name : {"config/_default/languages.toml", "config/_default/languages.yaml", "config/_default/languages.yml"})
        if (out.codes.empty()) out.codes = hugo_language_keys(settings_of(dir / name));
    if (out.main.empty()) out.main = "en";  // Hugo's own default
    return out;
}

// Quarto: a profile per language (`profile: group:`, `default:`), or
// babelquarto's `babelquarto: languages:` and `mainlanguage:`.
NamedLanguages quarto_languages(const fs::path& dir) {
    YAML::Node config = settings_of(dir / "_quarto.yml");
    NamedLanguages out;
    YAML::Node babel = yaml_child(config, "babelquarto");
    if (babel.IsMap()) {
        out.main = yaml_text(babel, "mainlanguage");
        out.codes = scalars_of(babel["languages"]);
        if (!out.main.empty() && std::find(out.codes.begin(), out.codes.end(), out.main) == out.codes.end())
            out.codes.insert(out.codes.begin(), out.main);
        return out;
    }
    YAML::Node profile = yaml_child(config, "profile");
    if (!profile.IsMap()) return out;
    for (auto& code : scalars_of(profile["group"]))
        if (is_language_code(code) && fs::exists(dir / ("_quarto-" + code + ".yml"))) out.codes.push_back(code);
    std::vector<std::string> main = scalars_of(profile["default"]);
    if (!main.empty()) out.main = main.front();
    return out;
}

// The language of the site `code` names (compared as BCP 47 does, without case); "" when none.
std::string site_language(const SitePlan& plan, std::string_view code) {
    for (const auto& l : plan.languages)
        if (equals_ignoring_case(l.code, code)) return l.code;
    return {};
}

const char* const key_fields[] = {"translation_key", "translationKey", "page_id"};

}  // namespace

std::string language_name(std::string_view code) {
    static const std::map<std::string, std::string> names = {
        {"en", "English"},    {"fr", "Français"}, {"de", "Deutsch"},  {"es", "Español"},    {"it", "Italiano"},
        {"pt", "Português"},  {"nl", "Nederlands"}, {"zh", "中文"},   {"ja", "日本語"},     {"ko", "한국어"},
        {"ru", "Русский"},    {"ar", "العربية"},  {"he", "עברית"},    {"fa", "فارسی"},      {"tr", "Türkçe"},
        {"pl", "Polski"},     {"sv", "Svenska"},  {"da", "Dansk"},    {"no", "Norsk"},      {"nb", "Norsk bokmål"},
        {"fi", "Suomi"},      {"el", "Ελληνικά"}, {"cs", "Čeština"},  {"uk", "Українська"}, {"ca", "Català"},
        {"eu", "Euskara"},    {"gl", "Galego"},   {"hu", "Magyar"},   {"ro", "Română"},     {"vi", "Tiếng Việt"},
        {"id", "Bahasa Indonesia"}, {"hi", "हिन्दी"}, {"bn", "বাংলা"}, {"th", "ไทย"},       {"ur", "اردو"}};
    std::string primary = ascii_lower(code.substr(0, code.find('-')));
    auto found = names.find(primary);
    return found == names.end() ? std::string(code) : found->second;
}

void read_site_languages(SitePlan& plan) {
    NamedLanguages named = plan.theme == "quarto"      ? quarto_languages(plan.dir)
                           : plan.is_hugo() ? hugo_languages(plan.dir)
                                                       : jekyll_languages(plan.dir);
    std::vector<std::string> codes;
    for (const auto& code : named.codes) {
        if (!is_language_code(code)) {
            plan.note(SiteNote::Outcome::warning, plan.dir, "language " + in_quotes(code) + ": not a language code Vitae serves; left out");
            continue;
        }
        if (std::find(codes.begin(), codes.end(), code) == codes.end()) codes.push_back(code);
    }
    if (codes.size() < 2) return;  // one language: nothing to translate into
    auto main = std::find(codes.begin(), codes.end(), named.main);
    if (main != codes.end()) std::rotate(codes.begin(), main, main + 1);
    for (const auto& code : codes) plan.languages.push_back({code, language_name(code), plan.languages.empty()});
}

FileLanguage file_language(const SitePlan& plan, const fs::path& file) {
    fs::path relative = file.lexically_relative(plan.dir);
    FileLanguage out;
    if (plan.languages.empty()) return {"", relative.generic_string()};
    fs::path key;
    for (auto part = relative.begin(); part != relative.end(); ++part) {
        bool last = std::next(part) == relative.end();
        if (!last && out.language.empty()) {
            if (std::string code = site_language(plan, part->string()); !code.empty()) {
                out.language = code;
                continue;
            }
        }
        if (last) {
            std::string stem = part->stem().string();
            for (char between : {'.', '_', '-'}) {
                auto at = stem.rfind(between);
                if (at == std::string::npos || !out.language.empty()) continue;
                if (std::string code = site_language(plan, stem.substr(at + 1)); !code.empty()) {
                    out.language = code;
                    stem.resize(at);
                }
            }
            key /= stem + part->extension().string();
        } else {
            key /= *part;
        }
    }
    out.key = key.generic_string();
    std::string ext = file.extension().string();
    if (ext != ".md" && ext != ".markdown" && ext != ".qmd" && ext != ".html" && ext != ".ipynb") return out;
    try {
        std::string text = read_site_file(file);
        YAML::Node front = text.starts_with("+++") ? split_toml_front_matter(text).front : split_front_matter(text).front;
        if (out.language.empty())
            for (const char* name : {"lang", "language"})
                if (std::string code = site_language(plan, trim(yaml_text(front, name))); !code.empty() && out.language.empty())
                    out.language = code;
        for (const char* name : key_fields)
            if (std::string written(trim(yaml_text(front, name))); !written.empty()) {
                bool top = std::next(relative.begin()) == relative.end();
                out.key = (top ? std::string() : relative.begin()->generic_string()) + "#" + written;  // one collection's key
                break;
            }
    } catch (const Error&) {  // unreadable: its reader has said why
    } catch (const YAML::Exception&) {
    }
    return out;
}

}  // namespace vitae::cli
