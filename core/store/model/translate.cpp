#include "store/model/translate.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <unordered_map>

namespace vitae {

namespace {

const TranslatableItem* find_item(std::string_view item) {
    for (const auto& t : translatable_items())
        if (t.item == item) return &t;
    return nullptr;
}

bool has_field(const TranslatableItem& item, std::string_view field) {
    return std::find(item.fields.begin(), item.fields.end(), field) != item.fields.end();
}

std::optional<std::int64_t> id_of(std::string_view key) {
    std::int64_t id = 0;
    auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), id);
    if (ec != std::errc{} || end != key.data() + key.size()) return std::nullopt;
    return id;
}

// The row a keyed translation names, by slug or id; npos when none.
template <typename Rows, typename Key>
std::size_t find_row(const Rows& rows, Key&& matches) {
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (matches(rows[i])) return i;
    return static_cast<std::size_t>(-1);
}

constexpr std::size_t npos = static_cast<std::size_t>(-1);

std::string* positional_field(Content& c, const Translation& t) {
    auto i = static_cast<std::size_t>(t.index);
    if (t.index < 0) return nullptr;
    if (t.item == "paragraph" && i < c.bio_markdown.size() && t.field == "markdown") return &c.bio_markdown[i];
    if (t.item == "education" && i < c.education.size()) {
        if (t.field == "degree") return &c.education[i].degree;
        if (t.field == "institution") return &c.education[i].institution;
    }
    if (t.item == "experience" && i < c.experiences.size()) {
        if (t.field == "role") return &c.experiences[i].role;
        if (t.field == "organization") return &c.experiences[i].organization;
        if (t.field == "location") return &c.experiences[i].location;
    }
    if (t.item == "teaching" && i < c.teaching.size()) {
        if (t.field == "role") return &c.teaching[i].role;
        if (t.field == "title") return &c.teaching[i].title;
        if (t.field == "term") return &c.teaching[i].term;
    }
    if (t.item == "award" && i < c.awards.size()) {
        if (t.field == "name") return &c.awards[i].name;
        if (t.field == "issuer") return &c.awards[i].issuer;
    }
    if (t.item == "service" && i < c.services.size()) {
        if (t.field == "role") return &c.services[i].role;
        if (t.field == "venue") return &c.services[i].venue;
    }
    return nullptr;
}

std::string* keyed_field(Content& c, const Translation& t) {
    if (t.item == "profile") {
        if (t.field == "affiliation") return &c.affiliation;
        if (t.field == "job_title") return &c.job_title;
        return nullptr;
    }
    auto id = id_of(t.key);
    if (t.item == "news" && id) {
        std::size_t i = find_row(c.news, [&](const News& n) { return n.id == *id; });
        if (i != npos && t.field == "markdown") return &c.news[i].markdown;
    }
    if (t.item == "project") {
        std::size_t i = find_row(c.projects, [&](const Project& x) { return x.slug == t.key; });
        if (i == npos) return nullptr;
        if (t.field == "title") return &c.projects[i].title;
        if (t.field == "summary") return &c.projects[i].summary;
        if (t.field == "markdown") return &c.projects[i].markdown;
        return nullptr;
    }
    if (t.item == "page") {
        std::size_t i = find_row(c.pages, [&](const OwnPage& x) { return x.slug == t.key; });
        if (i == npos) return nullptr;
        if (t.field == "title") return &c.pages[i].title;
        if (t.field == "body") return &c.pages[i].body;
        return nullptr;
    }
    if (t.item == "talk" && id) {
        std::size_t i = find_row(c.talks, [&](const Talk& x) { return x.id == *id; });
        if (i == npos) return nullptr;
        if (t.field == "title") return &c.talks[i].title;
        if (t.field == "event") return &c.talks[i].event;
        if (t.field == "place") return &c.talks[i].place;
        if (t.field == "abstract") return &c.talks[i].abstract;
    }
    return nullptr;
}

// Posts and publications are shared rows: each translated one is copied
// once, changed, and put back in place of the shared one.
template <typename Row>
void translate_shared(SharedRows<Row>& rows, const std::vector<const Translation*>& ts, std::string_view item,
                      std::string* (*field_of)(Row&, std::string_view), std::set<std::string, std::less<>>& done) {
    if (ts.empty()) return;
    std::unordered_map<std::string_view, std::size_t> by_slug;  // one pass, not one per translated row
    for (std::size_t i = 0; i < rows.size(); ++i) by_slug.emplace(rows[i].slug, i);
    for (std::size_t k = 0; k < ts.size();) {
        const std::string& key = ts[k]->key;
        std::size_t end = k;
        while (end < ts.size() && ts[end]->key == key) ++end;
        if (auto found = by_slug.find(key); found != by_slug.end()) {
            std::size_t i = found->second;
            Row copy = rows[i];
            bool changed = false;
            for (std::size_t j = k; j < end; ++j)
                if (std::string* f = field_of(copy, ts[j]->field)) {
                    *f = ts[j]->text;
                    changed = true;
                }
            if (changed) {
                rows.replace(i, std::move(copy));
                done.insert(std::string(item) + ":" + key);
            }
        }
        k = end;
    }
}

std::string* post_field(Post& p, std::string_view field) {
    if (field == "title") return &p.title;
    if (field == "body") return &p.body;
    return nullptr;
}

std::string* publication_field(Publication& p, std::string_view field) {
    if (field == "title") return &p.title;
    if (field == "abstract") return &p.abstract;
    if (field == "note") return &p.note;
    if (field == "venue") return &p.venue;
    return nullptr;
}

}  // namespace

const std::vector<TranslatableItem>& translatable_items() {
    static const std::vector<TranslatableItem> items{
        {.item = "profile", .fields = {"affiliation", "job_title"}, .positional = false, .key = "''"},
        {.item = "paragraph", .fields = {"markdown"}, .positional = true, .key = "its position (profile_paragraph.position)"},
        {.item = "education", .fields = {"degree", "institution"}, .positional = true, .key = "its position"},
        {.item = "experience", .fields = {"role", "organization", "location"}, .positional = true, .key = "its position"},
        {.item = "teaching", .fields = {"role", "title", "term"}, .positional = true, .key = "its position"},
        {.item = "award", .fields = {"name", "issuer"}, .positional = true, .key = "its position"},
        {.item = "service", .fields = {"role", "venue"}, .positional = true, .key = "its position"},
        {.item = "post", .fields = {"title", "body"}, .positional = false, .key = "its slug"},
        {.item = "publication", .fields = {"title", "abstract", "note", "venue"}, .positional = false, .key = "its slug"},
        {.item = "news", .fields = {"markdown"}, .positional = false, .key = "its id"},
        {.item = "talk", .fields = {"title", "event", "place", "abstract"}, .positional = false, .key = "its id"},
        {.item = "project", .fields = {"title", "summary", "markdown"}, .positional = false, .key = "its slug"},
        {.item = "page", .fields = {"title", "body"}, .positional = false, .key = "its slug"},
    };
    return items;
}

std::vector<Language> site_languages(const Content& content) {
    std::vector<Language> out = content.languages;  // loaded default first
    if (out.empty() || !out.front().is_default)
        out.insert(out.begin(), Language{std::string(fallback_language), "English", true});
    return out;
}

bool is_rtl(std::string_view code) {
    std::string_view primary = code.substr(0, code.find('-'));
    for (std::string_view rtl : {"ar", "he", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb", "syr"})
        if (primary == rtl) return true;
    return code.find("-Arab") != std::string_view::npos || code.find("-Hebr") != std::string_view::npos;
}

Content translated(const Content& base, std::string_view language) {
    Content c = base;
    c.language = std::string(language);
    c.translated.clear();
    std::vector<const Translation*> posts, publications;
    for (const auto& t : base.translations) {
        if (t.language != language) continue;
        if (t.item == "post") posts.push_back(&t);
        else if (t.item == "publication") publications.push_back(&t);
        else if (std::string* f = t.index >= 0 ? positional_field(c, t) : keyed_field(c, t)) {
            *f = t.text;
            c.translated.insert(t.index >= 0 ? t.item + "#" + std::to_string(t.index) : t.item + ":" + t.key);
        }
    }
    translate_shared(c.posts, posts, "post", post_field, c.translated);  // translations come sorted by key
    translate_shared(c.publications, publications, "publication", publication_field, c.translated);
    return c;
}

std::vector<std::string> translation_problems(const Content& content) {
    std::vector<std::string> out;
    auto languages = site_languages(content);
    std::map<std::string, Content, std::less<>> applied;  // each language's translation, made once
    for (const auto& t : content.translations) {
        std::string where = t.language + " " + t.item + " '" + t.key + "' " + t.field + ": ";
        const TranslatableItem* item = find_item(t.item);
        if (!item) {
            std::string items;
            for (const auto& i : translatable_items()) items += (items.empty() ? "" : ", ") + std::string(i.item);
            out.push_back(where + "no such item (translatable: " + items + ")");
            continue;
        }
        if (!has_field(*item, t.field)) {
            std::string fields;
            for (auto f : item->fields) fields += (fields.empty() ? "" : ", ") + std::string(f);
            out.push_back(where + "a " + t.item + " has no translatable field '" + t.field + "' (" + fields + ")");
            continue;
        }
        if (languages.front().code == t.language) {
            out.push_back(where + "this is the default language: change the row itself");
            continue;
        }
        auto it = applied.find(t.language);
        if (it == applied.end()) it = applied.emplace(t.language, translated(content, t.language)).first;
        std::string id = t.index >= 0 ? t.item + "#" + std::to_string(t.index) : t.item + ":" + t.key;
        if (!it->second.translated.contains(id)) out.push_back(where + "no " + t.item + " '" + t.key + "'");
    }
    return out;
}

}  // namespace vitae
