// The profile's kinds: its one row, the bio's paragraphs, its links.
#include "base/error.hpp"
#include "base/log.hpp"
#include "edit/kind_rows.hpp"
#include "store/rows/file_store.hpp"
#include "store/write/profile.hpp"

namespace vitae::editable_tables {

namespace {

Editable profile_editable() {
    Editable editable{.path = "profile", .label = "Profile", .item = "profile", .single = true,
              .fields = {{.name = "name", .label = "Name", .required = true},
                         {.name = "affiliation", .label = "Affiliation"},
                         {.name = "job_title", .label = "Job title"},
                         {.name = "photo", .label = "Photo", .hint = "a stored picture's name (see Files), e.g. me.jpg; empty for none"}},
              .summary = "name"};
    editable.put = [](const Db& db, std::string_view, V v) {
        Content profile;
        profile.name = text(v, "name");
        profile.affiliation = text(v, "affiliation");
        profile.job_title = text(v, "job_title");
        upsert_profile(db, profile);
        auto photo = value_of(v, "photo");
        if (!photo.empty() && !is_stored_picture(db, photo))
            throw Error("the photo " + in_quotes(photo) + " is not a stored picture; upload it under Files first");
        set_profile_photo(db, photo);
        return std::string("1");
    };
    return editable;
}

}  // namespace

std::vector<Editable> profile_editables() {
    std::vector<Editable> table;
    table.push_back(profile_editable());
    table.push_back(positional(
        {.path = "bio", .label = "Bio paragraphs", .item = "profile_paragraph",
         .fields = {{.name = "markdown", .label = "Paragraph", .type = FieldType::markdown, .required = true,
                     .hint = "Markdown; raw HTML is sanitized on the page"}},
         .summary = "markdown"},
        [](const Db& db, std::int64_t at, V v) { put_profile_paragraph(db, at, value_of(v, "markdown")); },
        remove_profile_paragraph));
    table.push_back(positional(
        {.path = "links", .label = "Links", .item = "profile_link",
         .fields = {{.name = "label", .label = "Label", .required = true},
                    {.name = "url", .label = "URL", .type = FieldType::url}},
         .summary = "label"},
        [](const Db& db, std::int64_t at, V v) { put_profile_link(db, at, Link{.label = text(v, "label"), .url = text(v, "url")}); },
        remove_profile_link));
    return table;
}

}  // namespace vitae::editable_tables
