#include "render/template/render_context.hpp"

#include <cstring>

namespace vitae {

const RenderContext::Data* RenderContext::get(const std::string& name) const {
    if (name.size() == 1 && name[0] == '.') return layers_.empty() ? nullptr : layers_.back();
    if (!name.empty() && name[0] == literal_mark && literals_ != nullptr) {
        std::size_t index = 0;
        for (std::size_t i = 1; i < name.size(); ++i) index = index * 10 + static_cast<std::size_t>(name[i] - '0');
        return index < literals_->size() ? &(*literals_)[index] : nullptr;
    }
    auto dot = name.find('.');
    if (dot == std::string::npos) {
        for (auto it = layers_.rbegin(); it != layers_.rend(); ++it)
            if (const Data* var = (*it)->get(name)) return var;
        return nullptr;
    }
    // kainjow splits with getline: "a..b" has an empty part, a trailing '.' adds none.
    bool t_first = dot == 1 && name[0] == 't';
    for (std::size_t layer = layers_.size(); layer-- > 0;) {
        const Data* var = layers_[layer];
        if (t_first) {
            if (has_t_[layer] == unknown) has_t_[layer] = var->get(t_key_) != nullptr ? with : without;
            if (has_t_[layer] == without) continue;  // its lookup of "t" would fail
        }
        std::size_t begin = 0;
        while (var != nullptr && begin < name.size()) {
            std::size_t end = name.find('.', begin);
            if (end == std::string::npos) end = name.size();
            part_.assign(name, begin, end - begin);
            var = var->get(part_);
            begin = end + 1;
        }
        if (var != nullptr) return var;
    }
    return nullptr;
}

const RenderContext::Data* RenderContext::get_partial(const std::string& name) const {
    for (auto it = layers_.rbegin(); it != layers_.rend(); ++it)
        if (const Data* var = (*it)->get(name)) return var;
    return nullptr;
}

std::string html_escape_runs(const std::string& text) {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    const char* p = text.data();
    const char* end = p + text.size();
    while (p < end) {
        const char* run = p;
        while (p < end && *p != '&' && *p != '<' && *p != '>' && *p != '"' && *p != '\'') ++p;
        out.append(run, static_cast<std::size_t>(p - run));
        if (p == end) break;
        switch (*p) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += "&apos;";
                break;
        }
        ++p;
    }
    return out;
}

void use_fast_escape(kainjow::mustache::mustache& page) {
    page.set_custom_escape(html_escape_runs);
}

}  // namespace vitae
