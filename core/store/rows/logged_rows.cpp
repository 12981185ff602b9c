#include "store/rows/logged_rows.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/model/publication_kind.hpp"
#include "store/model/slug.hpp"
#include "store/rows/content_rows.hpp"
#include "store/rows/language_rows.hpp"
#include "store/rows/publication_store.hpp"

namespace vitae {

namespace {

std::string joined_lines(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& line : lines) out += line + "\n";
    return out;
}

// Authors, links and awards a line each ("Name *" for equal contribution,
// "Label | URL"); the BibTeX fields kept verbatim as a JSON list, so an undo
// of a removal puts back all of it.
RowValues publication_values(const Publication& p) {
    std::string authors, links, awards;
    for (const auto& a : p.authors) authors += a.name + (a.equal_contribution ? " *" : "") + "\n";
    for (const auto& l : p.links) links += l.label + (l.url.empty() ? "" : " | " + l.url) + "\n";
    for (const auto& a : p.awards) awards += a + "\n";
    nlohmann::ordered_json fields = nlohmann::ordered_json::array();
    for (const auto& f : p.fields) fields.push_back({f.name, f.value});
    RowValues v = {{"title", p.title}, {"kind", std::string(kind_row(p.kind).name)}, {"authors", authors},
                   {"venue", p.venue}, {"year", p.year ? std::to_string(*p.year) : ""},
                   {"selected", p.selected ? "1" : "0"}, {"abstract", p.abstract}, {"links", links}, {"awards", awards}};
    for (const auto& column : publication_text_columns) v.emplace_back(std::string(column.name), p.*column.member);
    v.emplace_back("picture", p.preview);  // "preview" is the editor's Preview button
    v.emplace_back("slug", p.slug);
    v.emplace_back("bibtex_fields", fields.dump());
    return v;
}

std::optional<RowValues> load_publication(const Db& db, std::string_view key) {
    auto id = position_key(key);
    auto p = id ? read_publication(db, *id) : std::nullopt;
    if (!p) return std::nullopt;
    return publication_values(*p);
}

std::optional<RowValues> load_post(const Db& db, std::string_view key) {
    if (!is_slug(key)) return std::nullopt;
    auto p = rows::read_post(db, std::string(key));
    if (!p) return std::nullopt;
    std::string tags;
    for (const auto& t : p->tags) tags += (tags.empty() ? "" : " ") + t;
    return RowValues{{"slug", p->slug}, {"title", p->title}, {"published", p->published}, {"draft", p->draft ? "1" : "0"},
                     {"body_format", p->body_format}, {"body", p->body}, {"tags", tags}};
}

// Links, papers and posts a line each ("Label | URL", slugs).
std::optional<RowValues> load_project(const Db& db, std::string_view key) {
    if (!is_slug(key)) return std::nullopt;
    Content c;
    rows::load_projects(db, c);  // a handful of rows: read whole, as the site does
    auto p = std::find_if(c.projects.begin(), c.projects.end(), [&](const Project& q) { return q.slug == key; });
    if (p == c.projects.end()) return std::nullopt;
    std::vector<std::string> links;
    for (const auto& l : p->links) links.push_back(l.label + " | " + l.url);
    return RowValues{{"slug", p->slug}, {"title", p->title}, {"summary", p->summary}, {"markdown", p->markdown},
                     {"image", p->image}, {"links", joined_lines(links)}, {"papers", joined_lines(p->publications)},
                     {"posts", joined_lines(p->posts)}};
}

constexpr std::string_view file_columns[] = {"type", "size", "digest", "alt"};
const TableRead file_table{.table = "file", .key_column = "name", .columns = file_columns, .order_by = "name",
                           .only = "variant_of = ''"};

// A file's description and its name, not its bytes: the log cannot give removed bytes back.
std::optional<RowValues> load_file(const Db& db, std::string_view key) {
    if (!is_file_name(key)) return std::nullopt;
    auto values = read_table_row(db, file_table, key);
    if (values) values->insert(values->begin(), {"name", std::string(key)});
    return values;
}

std::optional<RowValues> load_translation(const Db& db, std::string_view key) {
    auto t = translation_of_key(key);
    auto text = t ? rows::read_translation_text(db, *t) : std::nullopt;
    if (!text) return std::nullopt;
    return RowValues{{"language", t->language}, {"item", t->item}, {"key", t->key}, {"field", t->field}, {"text", *text}};
}

std::vector<std::string> translation_keys(const Db& db) {
    std::vector<std::string> keys;
    for (const auto& t : rows::read_translations(db)) keys.push_back(translation_key(t));
    return keys;
}

constexpr std::string_view profile_columns[] = {"name", "affiliation", "job_title", "photo"};
constexpr std::string_view paragraph_columns[] = {"markdown"};
constexpr std::string_view link_columns[] = {"label", "url"};
constexpr std::string_view email_columns[] = {"address", "label"};
constexpr std::string_view name_variant_columns[] = {"name"};
constexpr std::string_view publication_list_columns[] = {"title", "year", "venue"};
constexpr std::string_view post_list_columns[] = {"title", "published", "status"};
constexpr std::string_view education_columns[] = {"start_year", "end_year", "degree", "institution"};
constexpr std::string_view experience_columns[] = {"organization", "location", "role", "start_month", "end_month"};
constexpr std::string_view teaching_columns[] = {"course", "title", "term", "role"};
constexpr std::string_view service_columns[] = {"role", "venue"};
constexpr std::string_view award_columns[] = {"year", "name", "issuer"};
constexpr std::string_view news_columns[] = {"date", "markdown"};
constexpr std::string_view talk_columns[] = {"date", "title", "event", "place", "url_slides", "url_video", "url_event", "abstract"};
constexpr std::string_view project_list_columns[] = {"title", "summary"};
constexpr std::string_view page_columns[] = {"title", "in_menu", "body_format", "body"};
constexpr std::string_view language_columns[] = {"name", "is_default"};

// A list in the owner's order, keyed by position.
LoggedItem positional(std::string_view table, std::span<const std::string_view> columns) {
    return {.item = table, .table = {.table = table, .key_column = "position", .columns = columns, .order_by = "position"}};
}

// News and talks: keyed by id, newest first.
LoggedItem dated(std::string_view table, std::span<const std::string_view> columns) {
    return {.item = table, .table = {.table = table, .key_column = "id", .columns = columns, .order_by = "date DESC, id DESC"}};
}

std::vector<LoggedItem> make_items() {
    return {
        {.item = "profile", .table = {.table = "profile", .key_column = "id", .columns = profile_columns, .order_by = "id"},
         .single = true},
        positional("profile_paragraph", paragraph_columns),
        positional("profile_link", link_columns),
        positional("profile_email", email_columns),
        positional("profile_name_variant", name_variant_columns),
        {.item = "publication",
         .table = {.table = "publication", .key_column = "id", .columns = publication_list_columns, .order_by = "position"},
         .keyed_changes = true, .load = load_publication},
        {.item = "post",
         .table = {.table = "post", .key_column = "slug", .columns = post_list_columns, .order_by = "published DESC, slug"},
         .keyed_changes = true, .load = load_post},
        positional("education", education_columns),
        positional("experience", experience_columns),
        positional("teaching", teaching_columns),
        positional("service", service_columns),
        positional("award", award_columns),
        dated("news", news_columns),
        dated("talk", talk_columns),
        {.item = "project",
         .table = {.table = "project", .key_column = "slug", .columns = project_list_columns, .order_by = "position"},
         .load = load_project},
        {.item = "page", .table = {.table = "page", .key_column = "slug", .columns = page_columns, .order_by = "position"}},
        {.item = "file", .table = file_table, .load = load_file},
        {.item = "language",
         .table = {.table = "language", .key_column = "code", .columns = language_columns, .order_by = "position"}},
        {.item = "translation", .table = {}, .load = load_translation, .keys = translation_keys},
    };
}

}  // namespace

const std::vector<LoggedItem>& logged_items() {
    static const std::vector<LoggedItem> items = make_items();
    return items;
}

const LoggedItem& logged_item(std::string_view item) {
    for (const auto& i : logged_items())
        if (i.item == item) return i;
    throw Error("edit log: no item " + std::string(item));
}

std::vector<std::string> logged_keys(const Db& db, const LoggedItem& item) {
    if (item.single) return {"1"};
    if (item.keys) return item.keys(db);
    return read_table_keys(db, item.table);
}

std::optional<RowValues> read_logged_row(const Db& db, const LoggedItem& item, std::string_view key) {
    if (item.load) return item.load(db, key);
    if (item.single && key != "1") return std::nullopt;
    // An INTEGER key column would take "03" for 3 (column affinity): a number's key is written one way only.
    bool numbered = item.table.key_column == "position" || item.table.key_column == "id";
    if (numbered && !position_key(key)) return std::nullopt;
    return read_table_row(db, item.table, key);
}

std::string translation_key(const Translation& t) {
    std::string sep(1, translation_key_separator);
    return t.language + sep + t.item + sep + t.key + sep + t.field;
}

std::optional<Translation> translation_of_key(std::string_view key) {
    Translation t;
    std::string* parts[] = {&t.language, &t.item, &t.key, &t.field};
    for (std::size_t i = 0; i < 4; ++i) {
        auto end = i < 3 ? key.find(translation_key_separator) : key.size();
        if (end == std::string_view::npos) return std::nullopt;
        *parts[i] = std::string(key.substr(0, end));
        key = key.substr(std::min(end + 1, key.size()));
    }
    if (t.language.empty() || t.item.empty() || t.field.empty()) return std::nullopt;
    return t;
}

}  // namespace vitae
