// `vitae add post`, `tag post`, `untag post`, `publish post`: rows of `post`
// and `post_tag`, checked before they are written (store/write/posts.hpp) so
// the error names the argument instead of a schema CHECK constraint.
#pragma once

#include "store/model/content.hpp"
#include "store/model/slug.hpp"      // is_tag
#include "store/write/posts.hpp"     // new_preview_token

#include <string>
#include <string_view>
#include <vector>

namespace vitae::cli {

// Throws Error if the slug is taken.
void add_post(const std::string& db_path, const Post& post);

// Adds the tags the post lacks after its others; returns how many it added.
// Throws Error if there is no such post.
int tag_post(const std::string& db_path, const std::string& slug, const std::vector<std::string>& tags);
// Makes a draft public (its preview URL stops working); returns its date, from
// which it is listed. Throws Error if there is no such post or it is not a draft.
std::string publish_post(const std::string& db_path, const std::string& slug);

// Removes a tag; false if the post did not have it. Throws Error if there is no such post.
bool untag_post(const std::string& db_path, const std::string& slug, const std::string& tag);

}  // namespace vitae::cli
