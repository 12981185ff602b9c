// Posts, keyed by slug, newest first: Markdown (or HTML, sanitized) with a
// preview as the post's page renders it, drafts (served only at their
// preview URL) and scheduling (a post dated in the future is listed from
// that day, UTC, as `vitae add post --date` does).
#include <algorithm>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "edit/kind_rows.hpp"
#include "store/model/slug.hpp"
#include "store/rows/content_rows.hpp"
#include "store/write/posts.hpp"

namespace vitae::editable_tables {

namespace {

std::vector<FieldSpec> post_fields() {
    return {
        {.name = "slug", .label = "Slug", .hint = "its URL, /blog/<slug>: a-z, 0-9 and -; made from the title when empty; "
                                                  "kept as it is once the post exists"},
        {.name = "title", .label = "Title", .required = true},
        {.name = "published", .label = "Date", .type = FieldType::date, .required = true,
         .hint = "a day still to come schedules it: listed from that day (UTC)"},
        {.name = "draft", .label = "Draft (listed nowhere, served only at its preview URL)", .type = FieldType::checkbox},
        {.name = "body_format", .label = "Format", .type = FieldType::select, .required = true, .options = {"markdown", "html"}},
        {.name = "body", .label = "Text", .type = FieldType::markdown_math, .hint = "empty: listed, not yet written",
         .format_from = "body_format"},
        {.name = "tags", .label = "Tags", .hint = "separated by spaces: machine-learning databases"},
    };
}

std::vector<std::string> tags_of(std::string_view text) {
    std::vector<std::string> tags;
    std::string tag;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        char c = i < text.size() ? text[i] : ' ';
        if (c != ' ' && c != ',' && c != '\n' && c != '\t') {
            tag += c;
            continue;
        }
        if (tag.empty()) continue;
        if (!is_tag(tag)) throw Error("the tag " + in_quotes(tag) + " is not a-z, 0-9 and - (at most " +
                                      std::to_string(limits::max_tag_bytes) + " bytes)");
        if (std::find(tags.begin(), tags.end(), tag) == tags.end()) tags.push_back(tag);
        tag.clear();
    }
    return tags;
}

std::string put_post(const Db& db, std::string_view key, V v) {
    auto stored = key.empty() ? std::nullopt : rows::read_post(db, std::string(key));
    Post p = stored.value_or(Post{});
    std::string slug = key.empty() ? text(v, "slug") : std::string(key);
    if (slug.empty()) slug = slug_from(text(v, "title")).substr(0, limits::max_slug_bytes);
    if (!is_slug(slug)) throw Error("the slug " + in_quotes(slug) + " is not a-z, 0-9 and - (at most " +
                                    std::to_string(limits::max_slug_bytes) + " bytes, not starting with -)");
    if (!stored && key.empty() && rows::read_post(db, slug))
        throw Error("a post with the slug " + in_quotes(slug) + " exists; choose another");
    if (stored && !value_of(v, "slug").empty() && value_of(v, "slug") != key)
        throw Error("the slug of a post stays as it is (its URL); make a new post for a new one");
    p.slug = slug;
    p.title = text(v, "title");
    p.published = text(v, "published");
    p.body_format = text(v, "body_format");
    p.body = text(v, "body");
    p.tags = tags_of(value_of(v, "tags"));
    p.draft = value_of(v, "draft") == "1";
    if (!p.draft) p.preview_token.clear();
    else if (p.preview_token.empty()) p.preview_token = new_preview_token();
    if (stored) update_post(db, p);
    else insert_post(db, p);  // new, or an undo of a removal
    return slug;
}

}  // namespace

std::vector<Editable> post_editables() {
    std::vector<Editable> table;
    Editable editable{.path = "posts", .label = "Posts", .item = "post", .fields = post_fields(), .summary = "title"};
    editable.put = put_post;
    editable.remove = [](const Db& db, std::string_view key) { return is_slug(key) && remove_post(db, key); };
    table.push_back(std::move(editable));
    return table;
}

}  // namespace vitae::editable_tables
