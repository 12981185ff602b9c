// The writers of `post` and `post_tag`: `vitae add post`, `tag post`,
// `untag post`, `publish post` and import-site write through them. Inside
// the caller's transaction; the caller checks the values first, so an
// error names its argument rather than a CHECK constraint.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// 128 bits from getrandom(2) as 32 hex digits: a draft's preview URL no one guesses.
std::string new_preview_token();

// The post's row ("draft" or "published" from post.draft) and its tags.
void insert_post(const Db& db, const Post& post);
// The web editor's: every column but the slug, and the tags in the post's
// order; false from remove when there was no such post (its tags and its
// projects' relations to it go with it).
void update_post(const Db& db, const Post& post);
bool remove_post(const Db& db, std::string_view slug);
// Appends the tags the post lacks after its last one; returns how many it added.
int add_post_tags(const Db& db, std::string_view slug, const std::vector<std::string>& tags);
// False when the post did not have the tag.
bool remove_post_tag(const Db& db, std::string_view slug, std::string_view tag);
// Makes a draft public (its preview token goes); its date, or none when
// there is no draft of that slug.
std::optional<std::string> publish_draft(const Db& db, std::string_view slug);

}  // namespace vitae
