#include "render/template/templates.hpp"

#include <sys/stat.h>

#include <atomic>
#include <set>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "render/template/override_header.hpp"

namespace vitae {

namespace {

namespace fs = std::filesystem;
using Sources = std::map<std::string, std::string, std::less<>>;
// Which directory each template was read from, so an error names its file.
using Origins = std::map<std::string, fs::path, std::less<>>;

std::int64_t mtime_of(const fs::path& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? static_cast<std::int64_t>(st.st_mtime) : 0;
}

std::string file_label(const fs::path& dir, std::string_view name) {
    return in_quotes((dir / (std::string(name) + ".mustache")).string());
}

Sources read_sources(const fs::path& dir, std::int64_t& newest_mtime) {
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) throw Error("templates " + in_quotes(dir.string()) + ": " + ec.message());
    Sources sources;
    for (const auto& entry : it) {
        const auto& path = entry.path();
        if (path.extension() != ".mustache" || !entry.is_regular_file(ec)) continue;
        if (sources.size() == limits::max_templates)
            throw Error("templates " + in_quotes(dir.string()) + ": more than " +
                            std::to_string(limits::max_templates) + " templates");
        sources.emplace(path.stem().string(), read_template_file(path));
        newest_mtime = std::max(newest_mtime, mtime_of(path));
    }
    return sources;
}

// The shared directory's sources, each override put in its place. An
// override of a name the shared set lacks is refused: a misspelt file name
// would otherwise change nothing, silently.
Sources overlaid(const fs::path& dir, const fs::path& overrides, Sources shared, Origins& origins,
                 std::int64_t& newest_mtime) {
    for (const auto& [name, source] : shared) origins.emplace(name, dir);
    if (overrides.empty()) return shared;
    for (auto& [name, source] : read_sources(overrides, newest_mtime)) {
        auto it = shared.find(name);
        if (it == shared.end())
            throw Error("template " + file_label(overrides, name) + ": overrides " + name +
                        ".mustache, which the shared templates " + in_quotes(dir.string()) + " do not have");
        it->second = without_override_header(source);
        origins[name] = overrides;
    }
    return shared;
}

// The file a template was read from (for a missing one, where it belongs).
struct Labels {
    const fs::path& dir;
    const Origins& origins;
    std::string operator()(std::string_view name) const {
        auto it = origins.find(name);
        return file_label(it == origins.end() ? dir : it->second, name);
    }
};

// Replaces each {{> name}} with the partial's source, recursively.
std::string expand(const Labels& label, const Sources& sources, std::string_view name, std::set<std::string>& stack) {
    if (stack.size() > static_cast<std::size_t>(limits::max_partial_depth))
        throw Error("template " + label(name) + ": partials nested deeper than " +
                        std::to_string(limits::max_partial_depth));
    if (!stack.insert(std::string(name)).second)
        throw Error("template " + label(name) + ": includes itself through its partials");
    const std::string& source = sources.find(name)->second;
    std::string out;
    std::size_t pos = 0;
    while (true) {
        auto open = source.find("{{>", pos);
        if (open == std::string::npos) break;
        auto close = source.find("}}", open);
        if (close == std::string::npos) break;  // the compile step reports the unclosed tag
        auto inner = std::string_view(source).substr(open + 3, close - open - 3);
        auto first = inner.find_first_not_of(" \t");
        auto last = inner.find_last_not_of(" \t");
        std::string partial(first == std::string_view::npos ? "" : inner.substr(first, last - first + 1));
        if (sources.find(partial) == sources.end())
            throw Error("template " + label(name) + ": partial " + in_quotes(partial) + " not found (no " +
                            label(partial) + ")");
        out.append(source, pos, open - pos);
        out += expand(label, sources, partial, stack);
        pos = close + 2;
    }
    out.append(source, pos);
    stack.erase(std::string(name));
    return out;
}

}  // namespace

bool Templates::files_match(const Templates& loaded, const fs::path& dir, const fs::path& overrides) {
    std::int64_t newest_mtime = 0;
    Origins origins;
    // Equal sources, equal templates, as TemplateSet keeps a set whose files were only touched.
    return overlaid(dir, overrides, read_sources(dir, newest_mtime), origins, newest_mtime) == loaded.sources() &&
           Catalogues::read_sources(dir, overrides) == loaded.catalogues().sources();
}

std::shared_ptr<const Templates> Templates::load(const fs::path& dir, const fs::path& overrides) {
    static std::atomic<std::uint64_t> next_id{1};
    std::int64_t newest_mtime = 0;
    Origins origins;
    Sources sources = overlaid(dir, overrides, read_sources(dir, newest_mtime), origins, newest_mtime);
    Labels label{dir, origins};
    for (const char* name : required_templates)
        if (sources.find(name) == sources.end())
            throw Error("templates " + in_quotes(dir.string()) + ": missing " + label(name));

    // Compile each file on its own first, so an error names the file it is in.
    for (const auto& [name, source] : sources) compiled_or_throw("template " + label(name), source);
    auto templates = std::make_shared<Templates>();
    for (const char* name : required_templates) {
        std::set<std::string> stack;
        std::string expanded = expand(label, sources, name, stack);
        templates->pages_.emplace(name, compiled_or_throw("template " + label(name), expanded));
        templates->expanded_.emplace(name, std::move(expanded));
    }
    templates->catalogues_ = Catalogues::load(dir, overrides);
    templates->id_ = next_id++;
    templates->modified_unix_ = newest_mtime;
    templates->sources_ = std::move(sources);
    return templates;
}

}  // namespace vitae
