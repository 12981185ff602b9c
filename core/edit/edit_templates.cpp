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
        CompiledTemplate page(read_whole_file(path));
        if (!page.is_valid())
            throw Error("editor templates: " + in_quotes(path.string()) + ": " + page.error_message());
        pages_.emplace(name, std::move(page));
    }
}

std::string EditTemplates::render(std::string_view name, const EditData& data) const {
    auto it = pages_.find(name);
    if (it == pages_.end()) throw Error("editor templates: no page " + in_quotes(std::string(name)));
    std::string html;
    if (auto rendered = it->second.render(data, html); !rendered)
        throw Error("editor template " + in_quotes(std::string(name)) + ": " + rendered.error());
    return html;
}

}  // namespace vitae
