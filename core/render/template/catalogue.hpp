// Interface strings per language: navigation, headings, dates, "and" in
// lists, reading time, the 404 text. Each language's catalogue is a flat
// JSON object in the template directory, strings.<code>.json, loaded and
// refused together with the templates (the last good set keeps serving).
// English (strings.en.json; built in when the file is absent) fills every
// other language's missing keys, and `vitae check` lists them.
#pragma once

#include <kainjow/mustache.hpp>

#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vitae {

class Catalogue {
public:
    Catalogue() = default;
    Catalogue(std::string code, std::map<std::string, std::string, std::less<>> strings,
              std::vector<std::string> missing);

    const std::string& code() const { return code_; }  // "en", "zh-Hans": the file's
    // The text of `key`; "?" if even English lacks it (a template's typo shows, never crashes).
    const std::string& operator()(std::string_view key) const;
    // The text with each {name} replaced by its value: format("reading_time", {{"n", "3"}}).
    std::string format(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string_view>> args) const;
    // Text before item `index` of an inline list of `count` items: "", ", ", " and ", ", and ".
    const std::string& joiner(std::size_t index, std::size_t count) const;
    // "2026-07-25" -> "25 Jul 2026"; "2024-07" -> "Jul 2024" (or the language's order). Bad input passes through.
    std::string date(std::string_view iso) const;
    // {"t": every string}: under every page's data, so a template says {{t.key}}.
    const kainjow::mustache::data& data() const { return data_; }
    const std::vector<std::string>& missing() const { return missing_; }  // English keys this file lacked
    std::uint64_t id() const { return id_; }  // unique per catalogue made: data made from one is kept by it

private:
    std::uint64_t id_ = 0;
    std::string code_;
    std::map<std::string, std::string, std::less<>> strings_;
    std::vector<std::string> missing_;
    kainjow::mustache::data data_{kainjow::mustache::data::type::object};
};

class Catalogues {
public:
    // Every strings.<code>.json in `dir`, each one in `overrides` (if given)
    // in place of the one of its code; throws Error naming the file and the problem.
    static Catalogues load(const std::filesystem::path& dir, const std::filesystem::path& overrides = {});
    // What load() would read, as sources() has it: each file's text by code.
    static std::map<std::string, std::string, std::less<>> read_sources(const std::filesystem::path& dir,
                                                                        const std::filesystem::path& overrides = {});
    // English alone, built in: for callers without a template directory (tests, tools).
    static const Catalogues& builtin_english();

    // The catalogue for a BCP 47 tag: the same tag, then Chinese by script
    // ("zh", "zh-CN" -> zh-Hans; "zh-TW", "zh-HK" -> zh-Hant), then the tag
    // with its last subtag dropped ("pt-BR" -> "pt"), then English.
    const Catalogue& for_language(std::string_view tag) const;
    const Catalogue& english() const;
    const std::map<std::string, Catalogue, std::less<>>& all() const { return by_code_; }
    // Each file's text by code, compared to tell which languages' pages changed.
    const std::map<std::string, std::string, std::less<>>& sources() const { return sources_; }

private:
    std::map<std::string, Catalogue, std::less<>> by_code_;
    std::map<std::string, std::string, std::less<>> sources_;
};

}  // namespace vitae
