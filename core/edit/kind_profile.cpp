// The profile's kinds: its one row, the bio's paragraphs, its links.
#include "edit/kind_rows.hpp"
#include "store/write/profile.hpp"

namespace vitae::edit_kinds {

namespace {

constexpr std::string_view profile_columns[] = {"name", "affiliation", "job_title"};
constexpr std::string_view paragraph_columns[] = {"markdown"};
constexpr std::string_view link_columns[] = {"label", "url"};

Kind profile_kind() {
    Kind kind{.path = "profile", .label = "Profile", .item = "profile", .single = true,
              .fields = {{.name = "name", .label = "Name", .required = true},
                         {.name = "affiliation", .label = "Affiliation"},
                         {.name = "job_title", .label = "Job title"}},
              .summary = "name"};
    TableRead read{.table = "profile", .key_column = "id", .columns = profile_columns, .order_by = "id"};
    kind.list = [read](const Db& db) { return read_table_rows(db, read); };
    kind.load = [read](const Db& db, std::string_view key) -> std::optional<RowValues> {
        if (key != "1") return std::nullopt;
        return read_table_row(db, read, key);
    };
    kind.put = [](const Db& db, std::string_view, V v) {
        Content profile;
        profile.name = text(v, "name");
        profile.affiliation = text(v, "affiliation");
        profile.job_title = text(v, "job_title");
        upsert_profile(db, profile);
        return std::string("1");
    };
    return kind;
}

}  // namespace

void add_profile_kinds(std::vector<Kind>& table) {
    table.push_back(profile_kind());
    table.push_back(positional(
        {.path = "bio", .label = "Bio paragraphs", .item = "profile_paragraph",
         .fields = {{.name = "markdown", .label = "Paragraph", .type = FieldType::markdown, .required = true,
                     .hint = "Markdown; raw HTML is sanitized on the page"}},
         .summary = "markdown"},
        paragraph_columns, [](const Db& db, std::int64_t at, V v) { put_profile_paragraph(db, at, value_of(v, "markdown")); },
        remove_profile_paragraph));
    table.push_back(positional(
        {.path = "links", .label = "Links", .item = "profile_link",
         .fields = {{.name = "label", .label = "Label", .required = true},
                    {.name = "url", .label = "URL", .type = FieldType::url}},
         .summary = "label"},
        link_columns,
        [](const Db& db, std::int64_t at, V v) { put_profile_link(db, at, Link{.label = text(v, "label"), .url = text(v, "url")}); },
        remove_profile_link));
}

}  // namespace vitae::edit_kinds
