// Loads and validates a template directory. Partials are expanded into the
// pages that use them once, here, because kainjow re-parses a partial on every
// render; every page and partial is compiled so a broken file is refused at
// load, naming the file, and never reaches a visitor. A site's overrides
// directory, when given, is laid over the shared one before any of that.
#pragma once

#include <kainjow/mustache.hpp>

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "render/template/catalogue.hpp"
#include "render/template/compiled_template.hpp"

namespace vitae {

using Mustache = kainjow::mustache::mustache;

// The pages the worker renders; layout wraps each of the others.
inline constexpr const char* required_templates[] = {"layout",       "home",  "blog",     "post",  "tag",
                                                      "publications", "paper", "not_found", "news",  "talks",
                                                      "projects",     "project",   "cv",    "people", "search",
                                                      "accessibility"};

class Templates {
public:
    // Throws Error naming the template file and the problem. Each *.mustache
    // (and strings.<code>.json) in `overrides`, when given, replaces the one of
    // that name in `dir`; one `dir` lacks is refused, naming the file.
    static std::shared_ptr<const Templates> load(const std::filesystem::path& dir,
                                                 const std::filesystem::path& overrides = {});
    // Whether `dir` (and `overrides`) hold exactly what `loaded` was made
    // from, read without compiling anything: a worker process then keeps
    // the set its supervisor loaded. Throws Error as load() would.
    static bool files_match(const Templates& loaded, const std::filesystem::path& dir,
                            const std::filesystem::path& overrides = {});

    // Compiled pages by name, partials already expanded (compiled_template.hpp):
    // immutable, rendered by every thread at once.
    const std::map<std::string, CompiledTemplate, std::less<>>& pages() const { return pages_; }
    std::uint64_t id() const { return id_; }  // unique per load
    std::int64_t modified_unix() const { return modified_unix_; }  // newest file's mtime
    // Every *.mustache file's text by name, overrides in place (without the
    // line `vitae site override` heads them with): equal sources, equal templates.
    const std::map<std::string, std::string, std::less<>>& sources() const { return sources_; }
    // Each page's text with its partials expanded: a page whose text is
    // unchanged renders as before, whatever else in the directory changed.
    const std::map<std::string, std::string, std::less<>>& expanded() const { return expanded_; }
    // The interface strings of each language (strings.<code>.json), loaded with the templates.
    const Catalogues& catalogues() const { return catalogues_; }

private:
    std::map<std::string, CompiledTemplate, std::less<>> pages_;
    std::uint64_t id_ = 0;
    std::int64_t modified_unix_ = 0;
    std::map<std::string, std::string, std::less<>> sources_;
    std::map<std::string, std::string, std::less<>> expanded_;
    Catalogues catalogues_;
};

}  // namespace vitae
