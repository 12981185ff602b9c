#include "store/model/content.hpp"

#include "base/text.hpp"
namespace vitae {

TagIndex posts_by_tag(const Content& content) {
    TagIndex out;
    for (std::size_t i = 0; i < content.posts.size(); ++i)
        for (const auto& tag : content.posts[i].tags) out[tag].push_back(i);
    return out;
}

}  // namespace vitae
