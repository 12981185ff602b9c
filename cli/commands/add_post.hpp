// `vitae add post`, `tag post`, `untag post`: rows of `post` and `post_tag`,
// checked before they are written so the error names the argument instead
// of a schema CHECK constraint.
#pragma once

#include "store/sqlite/db.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace vitae::cli {

struct NewPost {
    std::string slug;
    std::string title;
    std::string published;  // YYYY-MM-DD
    std::string body_format = "markdown";
    std::string body;  // empty: listed, not yet written
    std::vector<std::string> tags;  // in order; each is_tag()
    bool draft = false;         // listed nowhere; served at /blog/preview/<preview_token>
    std::string preview_token;  // new_preview_token() for a draft
};

// 128 bits from getrandom(2) as 32 hex digits: a preview URL no one guesses.
std::string new_preview_token();

// A tag as the schema takes it: a slug of at most limits::max_tag_bytes ("machine-learning").
bool is_tag(std::string_view tag);

bool is_valid_date(std::string_view date);  // YYYY-MM-DD naming a real day

// Throws Error if the slug is taken.
void add_post(const std::string& db_path, const NewPost& post);
// The post's row and its tags, in the caller's transaction (add_post, import-site).
void insert_post(const Db& db, const NewPost& post);

// Adds the tags the post lacks after its others; returns how many it added.
// Throws Error if there is no such post.
int tag_post(const std::string& db_path, const std::string& slug, const std::vector<std::string>& tags);
// Makes a draft public (its preview URL stops working); returns its date, from
// which it is listed. Throws Error if there is no such post or it is not a draft.
std::string publish_post(const std::string& db_path, const std::string& slug);

// Removes a tag; false if the post did not have it. Throws Error if there is no such post.
bool untag_post(const std::string& db_path, const std::string& slug, const std::string& tag);

}  // namespace vitae::cli
