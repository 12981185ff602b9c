// `vitae add post`: one new row in `post`, checked before it is written so
// the error names the argument instead of a schema CHECK constraint.
#pragma once

#include <string>
#include <string_view>

namespace vitae::cli {

struct NewPost {
    std::string slug;
    std::string title;
    std::string published;  // YYYY-MM-DD
    std::string body_format = "markdown";
    std::string body;  // empty: listed, not yet written
};

bool is_valid_date(std::string_view date);  // YYYY-MM-DD naming a real day

// Throws Error if the slug is taken.
void add_post(const std::string& db_path, const NewPost& post);

}  // namespace vitae::cli
