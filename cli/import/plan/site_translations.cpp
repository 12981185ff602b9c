// The translations of a site in several languages: the items read from
// files in another language folded into their item in the default one
// (site_languages.hpp says how a file's language and key are found), and
// their writing once the rows have their ids.
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/plan/site_languages.hpp"
#include "cli/import/plan/site_text.hpp"
#include "store/write/languages.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

using Fields = std::vector<std::pair<std::string, std::string>>;

// One list of the plan, as the fold sees it.
template <class T>
struct FoldedList {
    std::string item;                                     // "post", "news"...
    std::vector<T>* rows;
    std::function<std::optional<fs::path>(std::size_t)> file_of;
    std::function<Fields(const T&)> fields;
    std::function<std::string(const T&)> slug;            // "" for a list keyed by index (news, talks)
};

// The file's note "imported ..." now says it is a translation.
void renote_translation(SitePlan& plan, const fs::path& file, const std::string& language, const std::string& of) {
    std::string name = plan.relative(file);
    for (auto& note : plan.notes)
        if (note.file == name && note.kind == SiteNote::Outcome::imported)
            note.message = "the " + language + " translation of " + of + " (was: " + note.message + ")";
}

template <class T>
void fold_list(SitePlan& plan, FoldedList<T> list) {
    std::vector<T>& rows = *list.rows;
    const std::string& main = plan.languages.front().code;
    std::vector<FileLanguage> of(rows.size());
    std::map<std::string, std::vector<std::size_t>> groups;
    std::vector<std::string> order;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        auto file = list.file_of(i);
        of[i] = file ? file_language(plan, *file) : FileLanguage{"", "#" + std::to_string(i)};
        if (of[i].language.empty()) of[i].language = main;
        if (!groups.count(of[i].key)) order.push_back(of[i].key);
        groups[of[i].key].push_back(i);
    }
    std::vector<bool> dropped(rows.size(), false);
    std::map<std::size_t, std::vector<SiteTranslation>> pending;  // by the base's old index
    for (const auto& key : order) {
        const auto& members = groups[key];
        if (members.size() < 2) continue;
        auto base_at = std::find_if(members.begin(), members.end(), [&](std::size_t i) { return of[i].language == main; });
        std::size_t base = base_at == members.end() ? members.front() : *base_at;
        std::set<std::string> languages{of[base].language};
        for (std::size_t i : members) {
            if (i == base || !languages.insert(of[i].language).second) continue;  // the same language twice: two items
            dropped[i] = true;
            std::string slug = list.slug(rows[base]);
            std::map<std::string, std::string> same;  // a field the translation leaves as it is needs none
            for (auto& [field, text] : list.fields(rows[base])) same[field] = text;
            for (auto& [field, text] : list.fields(rows[i]))
                if (!trim(text).empty() && same[field] != text) pending[base].push_back({of[i].language, list.item, slug, 0, field, text});
            auto base_file = list.file_of(base);
            renote_translation(plan, *list.file_of(i), of[i].language,
                               list.item + " " + (slug.empty() ? (base_file ? plan.relative(*base_file) : key) : slug));
        }
    }
    std::vector<T> kept;
    std::map<std::pair<std::string, std::size_t>, fs::path> sources;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (dropped[i]) continue;
        if (auto file = list.file_of(i)) sources[{list.item, kept.size()}] = *file;
        for (auto t : pending[i]) {
            t.index = kept.size();
            plan.translations.push_back(std::move(t));
        }
        kept.push_back(std::move(rows[i]));
    }
    rows = std::move(kept);
    std::erase_if(plan.sources, [&](const auto& s) { return s.first.first == list.item; });
    plan.sources.merge(sources);
}

std::function<std::optional<fs::path>(std::size_t)> by_source(const SitePlan& plan, std::string item) {
    return [&plan, item](std::size_t i) -> std::optional<fs::path> {
        auto found = plan.sources.find({item, i});
        if (found == plan.sources.end()) return std::nullopt;
        return found->second;
    };
}

}  // namespace

void fold_translations(SitePlan& plan) {
    if (plan.languages.empty()) return;
    fold_list<Post>(plan, {"post", &plan.posts, by_source(plan, "post"),
                           [](const Post& p) { return Fields{{"title", p.title}, {"body", p.body}}; },
                           [](const Post& p) { return p.slug; }});
    fold_list<News>(plan, {"news", &plan.news, by_source(plan, "news"),
                           [](const News& n) { return Fields{{"markdown", n.markdown}}; }, [](const News&) { return std::string(); }});
    fold_list<Talk>(plan, {"talk", &plan.talks, by_source(plan, "talk"),
                           [](const Talk& t) {
                               return Fields{{"title", t.title}, {"event", t.event}, {"place", t.place}, {"abstract", t.abstract}};
                           },
                           [](const Talk&) { return std::string(); }});
    fold_list<Publication>(plan, {"publication", &plan.publications, by_source(plan, "publication"),
                                  [](const Publication& p) {
                                      return Fields{{"title", p.title}, {"abstract", p.abstract}, {"note", p.note}, {"venue", p.venue}};
                                  },
                                  [](const Publication& p) { return p.slug; }});
    fold_list<Teaching>(plan, {"teaching", &plan.profile.teaching, by_source(plan, "teaching"),
                               [](const Teaching& t) { return Fields{{"title", t.title}, {"term", t.term}, {"role", t.role}}; },
                               [](const Teaching&) { return std::string(); }});
    auto projects = &plan.projects;
    fold_list<SiteProject>(plan, {"project", projects, [projects](std::size_t i) { return std::optional<fs::path>((*projects)[i].file); },
                                  [](const SiteProject& p) {
                                      return Fields{{"title", p.title}, {"summary", p.summary}, {"markdown", p.markdown}};
                                  },
                                  [](const SiteProject& p) { return p.slug; }});
    auto pages = &plan.pages;
    fold_list<SitePage>(plan, {"page", pages, [pages](std::size_t i) { return std::optional<fs::path>((*pages)[i].file); },
                               [](const SitePage& p) { return Fields{{"title", p.page.title}, {"body", p.page.body}}; },
                               [](const SitePage& p) { return p.page.slug; }});
}

void read_translated_bio(SitePlan& plan, const fs::path& bio) {
    if (plan.languages.empty() || !fs::is_regular_file(bio)) return;
    FileLanguage base = file_language(plan, bio);
    if (base.language.empty()) base.language = plan.languages.front().code;
    fs::path folder = plan.dir / *bio.lexically_relative(plan.dir).begin();
    std::vector<fs::path> files = fs::is_directory(folder) ? site_files(folder, {".md", ".markdown", ".html"}) : std::vector<fs::path>{};
    std::set<std::string> done{base.language};
    for (const auto& file : files) {
        if (file == bio) continue;
        FileLanguage other = file_language(plan, file);
        if (other.key != base.key || other.language.empty() || !done.insert(other.language).second) continue;
        FrontMatterFile read;
        try {
            read = split_front_matter(read_site_file(file));
        } catch (const Error& e) {
            plan.note(SiteNote::Outcome::skipped, file, e.what());
            continue;
        }
        std::vector<std::string> parts = paragraphs(markdown_for_import(plan, file, read.body, read.body_line));
        std::size_t n = plan.profile.bio_markdown.size();
        if (n == 0 || parts.empty()) {
            plan.note(SiteNote::Outcome::skipped, file, "the " + other.language + " about page, but the bio has no text to translate");
            continue;
        }
        for (std::size_t i = n; i < parts.size(); ++i) parts[n - 1] += "\n\n" + parts[i];  // more paragraphs: the last holds the rest
        for (std::size_t i = 0; i < std::min(n, parts.size()); ++i)
            plan.translations.push_back({other.language, "paragraph", "", i, "markdown", parts[i]});
        plan.note(SiteNote::Outcome::imported, file,
                  "the " + other.language + " translation of the bio (" + std::to_string(std::min(n, parts.size())) + " of its " +
                      std::to_string(n) + " paragraphs)");
    }
}

void write_translations(const Db& db, SitePlan& plan, const std::vector<std::int64_t>& news_ids,
                        const std::vector<std::int64_t>& talk_ids) {
    for (const auto& language : plan.languages) insert_language(db, language);
    for (const auto& t : plan.translations) {
        Translation row;
        row.language = t.language;
        row.item = t.item;
        row.key = t.key;
        row.field = t.field;
        row.text = t.text;
        const std::vector<std::int64_t>* ids = t.item == "news"        ? &news_ids
                                               : t.item == "talk"      ? &talk_ids
                                               : t.item == "paragraph" ? &plan.paragraph_positions
                                               : t.item == "teaching"  ? &plan.teaching_positions
                                                                       : nullptr;
        if (ids) {
            if (t.index >= ids->size()) continue;  // its row was not written
            row.key = std::to_string((*ids)[t.index]);
        }
        upsert_translation(db, row);
    }
}

}  // namespace vitae::cli
