#include "edit/edit_templates.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/read_file.hpp"

namespace vitae {

EditTemplates::EditTemplates(const std::filesystem::path& dir) {
    for (const char* name : edit_templates) {
        auto path = dir / (std::string(name) + ".mustache");
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec))
            throw Error("editor templates: " + in_quotes(path.string()) + " is missing");
        std::string source = read_whole_file(path);
        kainjow::mustache::mustache page(source);
        if (!page.is_valid())
            throw Error("editor templates: " + in_quotes(path.string()) + ": " + page.error_message());
        pages_.emplace(name, std::move(page));
        sources_.emplace(name, std::move(source));
    }
}

std::string EditTemplates::render(std::string_view name, const EditData& data) const {
    std::lock_guard lock(mutex_);
    auto it = pages_.find(name);
    if (it == pages_.end()) throw Error("editor templates: no page " + in_quotes(std::string(name)));
    std::string html = it->second.render(data);
    if (!it->second.is_valid()) {
        std::string message = it->second.error_message();
        it->second = kainjow::mustache::mustache(sources_.find(name)->second);  // the failed one is poisoned
        throw Error("editor template " + in_quotes(std::string(name)) + ": " + message);
    }
    return html;
}

}  // namespace vitae
