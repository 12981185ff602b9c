#include "store/model/content.hpp"

#include "base/text.hpp"

namespace vitae {

std::string name_key(std::string_view name) {
    name = trim(name);
    std::string turned;
    if (auto comma = name.find(','); comma != std::string_view::npos)
        turned = std::string(trim(name.substr(comma + 1))) + " " + std::string(trim(name.substr(0, comma)));
    else
        turned = name;
    std::string key;
    for (char c : ascii_lower(turned)) {
        bool space = c == '.' || is_blank(c) || c == '~';
        if (space) {
            if (!key.empty() && key.back() != ' ') key += ' ';
        } else {
            key += c;
        }
    }
    while (!key.empty() && key.back() == ' ') key.pop_back();
    return key;
}

TagIndex posts_by_tag(const Content& content) {
    TagIndex out;
    for (std::size_t i = 0; i < content.posts.size(); ++i)
        for (const auto& tag : content.posts[i].tags) out[tag].push_back(i);
    return out;
}

bool OwnerNames::match(std::string_view author) const {
    std::string key = name_key(author);
    if (key.empty()) return false;
    if (key == name_key(name)) return true;
    for (const auto& variant : variants)
        if (key == name_key(variant)) return true;
    return false;
}

}  // namespace vitae
