#include "render/template/template_pages.hpp"

#include <optional>

#include "base/error.hpp"
#include "base/log.hpp"

namespace vitae {

TemplatePages::TemplatePages(std::string_view what, const std::filesystem::path& dir,
                             std::initializer_list<const char*> names, std::initializer_list<const char*> partials)
    : what_(what) {
    for (const char* name : names) {
        auto path = dir / (std::string(name) + ".mustache");
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec)) throw Error(what_ + ": " + in_quotes(path.string()) + " is missing");
        std::string source = read_template_file(path);
        pages_.emplace(name, compiled_or_throw(what_ + ": " + in_quotes(path.string()), source));
        for (const char* partial : partials)
            if (std::string_view(partial) == name) partials_.emplace(name, std::move(source));
    }
    for (const char* partial : partials)
        if (!partials_.contains(partial)) throw Error(what_ + ": partial " + in_quotes(partial) + " is not one of the pages");
}

std::string TemplatePages::render(std::string_view name, const TemplateData& data) const {
    auto it = pages_.find(name);
    if (it == pages_.end()) throw Error(what_ + ": no page " + in_quotes(name));
    std::optional<TemplateData> with_partials;
    if (!partials_.empty()) {
        with_partials.emplace(data);
        for (const auto& [partial, source] : partials_) with_partials->set(partial, partial_data(source));
    }
    std::string html;
    if (auto rendered = it->second.render(with_partials ? *with_partials : data, html); !rendered)
        throw Error(what_ + " " + in_quotes(name) + ": " + rendered.error());
    return html;
}

}  // namespace vitae
