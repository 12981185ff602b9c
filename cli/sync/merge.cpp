#include "cli/sync/merge.hpp"

#include <algorithm>
#include <unordered_map>

namespace vitae::cli::sync {

namespace {

// Looks works up by their keys: ids, DOI, arXiv id, then normalised title
// (the year is checked on the candidates).
class KeyIndex {
public:
    void add(std::size_t at, const Publication& p, const std::vector<ExternalId>& ids) {
        for (const auto& id : ids) by_key_.emplace("id:" + id.service + ":" + id.id, at);
        if (auto doi = normal_doi(p.doi); !doi.empty()) by_key_.emplace("doi:" + doi, at);
        if (auto arxiv = normal_arxiv(p.arxiv); !arxiv.empty()) by_key_.emplace("arxiv:" + arxiv, at);
        if (auto title = normal_title(p.title); !title.empty()) by_title_[title].push_back(at);
    }

    // `kinds_of(at)`/`year_of(at)` describe the candidates.
    template <typename Get>
    std::optional<std::size_t> find(const Publication& p, const std::vector<ExternalId>& ids, Get candidate) const {
        for (const auto& id : ids)
            if (auto it = by_key_.find("id:" + id.service + ":" + id.id); it != by_key_.end()) return it->second;
        if (auto doi = normal_doi(p.doi); !doi.empty())
            if (auto it = by_key_.find("doi:" + doi); it != by_key_.end()) return it->second;
        if (auto arxiv = normal_arxiv(p.arxiv); !arxiv.empty())
            if (auto it = by_key_.find("arxiv:" + arxiv); it != by_key_.end()) return it->second;
        auto it = by_title_.find(normal_title(p.title));
        if (it == by_title_.end()) return std::nullopt;
        for (std::size_t at : it->second)
            if (same_year(p, candidate(at))) return at;
        return std::nullopt;
    }

private:
    static bool same_year(const Publication& a, const Publication& b) {
        if (!a.year || !b.year) return true;
        int apart = std::abs(*a.year - *b.year);
        bool preprint = a.kind == PublicationKind::preprint || b.kind == PublicationKind::preprint;
        return apart == 0 || (preprint && apart <= 1);
    }
    std::unordered_map<std::string, std::size_t> by_key_;
    std::unordered_map<std::string, std::vector<std::size_t>> by_title_;
};

// `other` folded into `into`: one work.
void fold_into(FetchedWork& into, FetchedWork& other) {
    Publication& p = into.publication;
    Publication& o = other.publication;
    bool take_published = p.kind == PublicationKind::preprint && o.kind != PublicationKind::preprint;
    if (take_published) {
        p.kind = o.kind;
        if (!o.venue.empty()) p.venue = o.venue;
        if (o.year) p.year = o.year;
    }
    for (auto member : {&Publication::title, &Publication::venue, &Publication::abstract, &Publication::doi,
                        &Publication::arxiv, &Publication::volume, &Publication::number, &Publication::pages,
                        &Publication::publisher})
        fill_missing(p.*member, o.*member);
    if (!p.year) p.year = o.year;
    if (p.authors.empty()) p.authors = std::move(o.authors);
    for (auto& count : o.citations)
        if (std::none_of(p.citations.begin(), p.citations.end(), [&](const auto& c) { return c.service == count.service; }))
            p.citations.push_back(std::move(count));
    for (auto& id : other.ids)
        if (std::find(into.ids.begin(), into.ids.end(), id) == into.ids.end()) into.ids.push_back(std::move(id));
}

std::string authors_text(const std::vector<Author>& authors) {
    std::string out;
    for (const auto& a : authors) out += (out.empty() ? "" : "\n") + a.name;
    return out;
}

std::string year_text(const std::optional<int>& year) { return year ? std::to_string(*year) : std::string(); }

// The field rule: empty, or still what a sync wrote, may take the new value.
bool may_write(const SyncedPublication& entry, const std::string& field, const std::string& now) {
    if (now.empty()) return true;
    auto it = entry.synced.find(field);
    return it != entry.synced.end() && it->second.value == now;
}

void merge_fields(const SyncedPublication& entry, const FetchedWork& work, EntryUpdate& update) {
    Publication& p = update.publication;
    const Publication& w = work.publication;
    auto consider = [&](const std::string& field, const std::string& now, const std::string& next, auto apply) {
        if (next.empty() || now == next || !may_write(entry, field, now)) return;
        apply();
        update.fields.push_back(field);
        update.synced.push_back({field, {work.service, next}});
        update.publication_changed = true;
    };
    for (auto [field, member] : {std::pair{"title", &Publication::title}, {"venue", &Publication::venue},
                                 {"abstract", &Publication::abstract}, {"doi", &Publication::doi},
                                 {"arxiv", &Publication::arxiv}, {"volume", &Publication::volume},
                                 {"number", &Publication::number}, {"pages", &Publication::pages},
                                 {"publisher", &Publication::publisher}})
        consider(field, p.*member, w.*member, [&, m = member] { p.*m = w.*m; });
    consider("year", year_text(p.year), year_text(w.year), [&] { p.year = w.year; });
    consider("authors", authors_text(p.authors), authors_text(w.authors), [&] {
        p.authors.clear();
        for (const auto& a : w.authors) p.authors.push_back({a.name, false, false});
    });
}

void merge_counts(const SyncedPublication& entry, const FetchedWork& work, const std::string& today, EntryUpdate& update) {
    for (const auto& count : work.publication.citations) {
        const auto& have = entry.publication.citations;
        auto it = std::find_if(have.begin(), have.end(), [&](const auto& c) { return c.service == count.service; });
        if (it != have.end() && it->count == count.count) continue;
        update.citations.push_back({count.service, count.count, today});
    }
}

}  // namespace

std::vector<FetchedWork> fold_works(std::vector<FetchedWork> works) {
    std::vector<FetchedWork> out;
    KeyIndex index;
    for (auto& work : works) {
        auto found = index.find(work.publication, work.ids, [&](std::size_t at) -> const Publication& { return out[at].publication; });
        if (found) {
            fold_into(out[*found], work);
            index.add(*found, out[*found].publication, out[*found].ids);
        } else {
            index.add(out.size(), work.publication, work.ids);
            out.push_back(std::move(work));
        }
    }
    return out;
}

MergePlan plan_merge(const std::vector<SyncedPublication>& site, std::vector<FetchedWork> fetched,
                     const std::set<std::string>& complete, const std::string& today) {
    KeyIndex index;
    for (std::size_t i = 0; i < site.size(); ++i) index.add(i, site[i].publication, site[i].ids);
    MergePlan plan;
    std::set<ExternalId> seen;
    for (auto& work : fold_works(std::move(fetched))) {
        for (const auto& id : work.ids) seen.insert(id);
        auto found = index.find(work.publication, work.ids, [&](std::size_t at) -> const Publication& { return site[at].publication; });
        if (!found) {
            plan.new_works.push_back(std::move(work));
            continue;
        }
        ++plan.matched;
        const SyncedPublication& entry = site[*found];
        EntryUpdate update;
        update.entry = *found;
        update.publication = entry.publication;
        for (const auto& id : work.ids)
            if (std::find(entry.ids.begin(), entry.ids.end(), id) == entry.ids.end()) update.new_ids.push_back(id);
        merge_fields(entry, work, update);
        merge_counts(entry, work, today, update);
        if (update.publication_changed || !update.new_ids.empty() || !update.citations.empty())
            plan.updates.push_back(std::move(update));
    }
    for (std::size_t i = 0; i < site.size(); ++i)
        for (const auto& id : site[i].ids)
            if (complete.count(id.service) && !seen.count(id)) plan.gone.push_back({i, id});
    return plan;
}

}  // namespace vitae::cli::sync
