#include "render/template/catalogue.hpp"

#include <nlohmann/json.hpp>

#include <atomic>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "base/read_file.hpp"
#include "render/template/english_strings.hpp"
#include "rules/date.hpp"

namespace vitae {

namespace fs = std::filesystem;
using Strings = std::map<std::string, std::string, std::less<>>;

namespace {

constexpr std::string_view file_prefix = "strings.";
constexpr std::string_view file_suffix = ".json";

// A flat object of strings; anything else is refused, naming the key.
Strings parse_strings(std::string_view text, const std::string& label) {
    nlohmann::json json;
    try {
        json = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw Error("strings " + label + ": not JSON (" + e.what() + ")");
    }
    if (!json.is_object()) throw Error("strings " + label + ": not a JSON object of strings");
    Strings out;
    for (const auto& [key, value] : json.items()) {
        if (!value.is_string()) throw Error("strings " + label + ": " + in_quotes(key) + " is not a string");
        out.emplace(key, value.get<std::string>());
    }
    return out;
}

bool same_tag(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
    return true;
}

Catalogue make_catalogue(std::string code, Strings strings, const Strings& english) {
    std::vector<std::string> missing;
    for (const auto& [key, text] : english)
        if (!strings.contains(key)) {
            missing.push_back(key);
            strings.emplace(key, text);
        }
    return Catalogue(std::move(code), std::move(strings), std::move(missing));
}

const Strings& english_strings() {
    static const Strings strings = parse_strings(english_strings_json, "(built in)");
    return strings;
}

}  // namespace

Catalogue::Catalogue(std::string code, Strings strings, std::vector<std::string> missing)
    : code_(std::move(code)), strings_(std::move(strings)), missing_(std::move(missing)) {
    static std::atomic<std::uint64_t> next_id{1};
    id_ = next_id++;
    kainjow::mustache::data t{kainjow::mustache::data::type::object};
    for (const auto& [key, text] : strings_) t.set(key, text);
    data_.set("t", t);
}

const std::string& Catalogue::operator()(std::string_view key) const {
    if (auto it = strings_.find(key); it != strings_.end()) return it->second;
    static const std::string unknown = "?";
    return unknown;
}

std::string Catalogue::format(std::string_view key,
                              std::initializer_list<std::pair<std::string_view, std::string_view>> args) const {
    const std::string& pattern = (*this)(key);
    std::string out;
    out.reserve(pattern.size() + 32);
    for (std::size_t i = 0; i < pattern.size();) {
        bool replaced = false;
        if (pattern[i] == '{')
            for (const auto& [name, value] : args)
                if (pattern.compare(i + 1, name.size(), name) == 0 && i + 1 + name.size() < pattern.size() &&
                    pattern[i + 1 + name.size()] == '}') {
                    out += value;
                    i += name.size() + 2;
                    replaced = true;
                    break;
                }
        if (!replaced) out += pattern[i++];
    }
    return out;
}

const std::string& Catalogue::joiner(std::size_t index, std::size_t count) const {
    static const std::string none;
    if (index == 0) return none;
    if (index + 1 < count) return (*this)("list_comma");
    return count == 2 ? (*this)("list_and") : (*this)("list_last_and");
}

std::string Catalogue::date(std::string_view iso) const {
    // A value that names no real day or month is shown as written: "31 Feb"
    // would present as a date what the feeds and <time> refuse as one.
    auto mon = [&](unsigned month) -> const std::string& { return (*this)("month_" + std::to_string(month)); };
    std::string_view year = iso.substr(0, 4);
    if (auto day = parse_date(iso))
        return format("date_day", {{"d", std::to_string(day->day)}, {"mon", mon(day->month)}, {"y", year}});
    if (is_month(iso)) return format("date_month", {{"mon", mon((iso[5] - '0') * 10u + (iso[6] - '0'))}, {"y", year}});
    return std::string(iso);
}

namespace {

struct StringsFile {
    std::string text;
    fs::path path;
};

// Every strings.<code>.json in `dir`, by code.
std::map<std::string, StringsFile, std::less<>> read_strings(const fs::path& dir) {
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) throw Error("strings " + in_quotes(dir.string()) + ": " + ec.message());
    std::map<std::string, StringsFile, std::less<>> files;
    for (const auto& entry : it) {
        std::string name = entry.path().filename().string();
        if (!name.starts_with(file_prefix) || !name.ends_with(file_suffix) || !entry.is_regular_file(ec)) continue;
        std::string code = name.substr(file_prefix.size(), name.size() - file_prefix.size() - file_suffix.size());
        files.emplace(code, StringsFile{.text = read_whole_file(entry.path(), limits::max_template_bytes), .path = entry.path()});
    }
    return files;
}

// Every strings.<code>.json of `dir`, each one in `overrides` in its place.
std::map<std::string, StringsFile, std::less<>> read_overlaid(const fs::path& dir, const fs::path& overrides) {
    auto read = read_strings(dir);
    if (!overrides.empty())
        for (auto& [code, file] : read_strings(overrides)) {
            auto it = read.find(code);
            // Refused like a template override of no shared template: a misspelt code would do nothing.
            if (it == read.end())
                throw Error("strings " + in_quotes(file.path.string()) + ": overrides strings." + code +
                            ".json, which the shared templates " + in_quotes(dir.string()) + " do not have");
            it->second = std::move(file);
        }
    return read;
}

}  // namespace

std::map<std::string, std::string, std::less<>> Catalogues::read_sources(const fs::path& dir, const fs::path& overrides) {
    std::map<std::string, std::string, std::less<>> sources;
    for (auto& [code, file] : read_overlaid(dir, overrides)) sources.emplace(code, std::move(file.text));
    return sources;
}

Catalogues Catalogues::load(const fs::path& dir, const fs::path& overrides) {
    Catalogues out;
    auto read = read_overlaid(dir, overrides);
    std::map<std::string, Strings, std::less<>> files;
    for (auto& [code, file] : read) {
        files.emplace(code, parse_strings(file.text, in_quotes(file.path.string())));
        out.sources_.emplace(code, std::move(file.text));
    }
    // English as the directory has it, else as built in (a template directory
    // from before catalogues keeps working); a key this build needs is kept.
    if (!files.contains("en")) files.emplace("en", english_strings());
    Strings base = files.find("en")->second;
    for (const auto& [key, text] : english_strings()) base.emplace(key, text);
    for (auto& [code, strings] : files) out.by_code_.emplace(code, make_catalogue(code, std::move(strings), base));
    return out;
}

const Catalogues& Catalogues::builtin_english() {
    static const Catalogues english = [] {
        Catalogues c;
        c.by_code_.emplace("en", make_catalogue("en", english_strings(), english_strings()));
        return c;
    }();
    return english;
}

const Catalogue& Catalogues::english() const { return by_code_.find("en")->second; }

const Catalogue& Catalogues::for_language(std::string_view tag) const {
    auto exact = [this](std::string_view code) -> const Catalogue* {
        for (const auto& [c, catalogue] : by_code_)
            if (same_tag(c, code)) return &catalogue;
        return nullptr;
    };
    if (const Catalogue* c = exact(tag)) return *c;
    if (same_tag(tag.substr(0, 3), "zh-") || same_tag(tag, "zh")) {
        bool traditional = false;
        for (std::string_view region : {"-Hant", "-TW", "-HK", "-MO"})
            for (std::size_t at = 0; (at = tag.find('-', at)) != std::string_view::npos; ++at)
                if (same_tag(tag.substr(at, region.size()), region) &&
                    (at + region.size() == tag.size() || tag[at + region.size()] == '-'))
                    traditional = true;
        if (const Catalogue* c = exact(traditional ? "zh-Hant" : "zh-Hans")) return *c;
    }
    for (std::string_view shorter = tag; shorter.find('-') != std::string_view::npos;) {
        shorter = shorter.substr(0, shorter.rfind('-'));
        if (const Catalogue* c = exact(shorter)) return *c;
    }
    return english();
}

}  // namespace vitae
