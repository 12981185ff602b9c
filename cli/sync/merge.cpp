#include "cli/sync/merge.hpp"

#include <algorithm>
#include <unordered_map>

#include "rules/work_identity.hpp"
#include "store/model/publication_identity.hpp"

namespace vitae::cli::sync {

namespace {

// Looks works up by their ids at the services, then by the work-identity
// rule (a work found again gains what it was found with: add it again).
class KeyIndex {
public:
    void add(std::size_t at, const Publication& p, const std::vector<ExternalId>& ids, const std::vector<std::string>& versions) {
        for (const auto& id : ids) by_record_.emplace(record_key(id), at);
        works_.add(at, identity_of(p, versions));
    }
    std::optional<std::size_t> find(const Publication& p, const std::vector<ExternalId>& ids,
                                    const std::vector<std::string>& versions) const {
        for (const auto& id : ids)
            if (auto it = by_record_.find(record_key(id)); it != by_record_.end()) return it->second;
        auto found = works_.find(identity_of(p, versions));
        return found ? std::optional(found->at) : std::nullopt;
    }

private:
    static std::string record_key(const ExternalId& id) { return id.service + ":" + id.id; }
    std::unordered_map<std::string, std::size_t> by_record_;
    WorkIndex works_;
};

// Every identifier a work is known by, as id keys: its DOI, its arXiv id, its versions.
std::vector<std::string> id_keys_of(const FetchedWork& work) {
    std::vector<std::string> keys = work.versions;
    for (auto key : {id_key(work.publication.doi), id_key(work.publication.arxiv)})
        if (!key.empty()) keys.push_back(std::move(key));
    return keys;
}

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
    // A DOI or an arXiv id it has beside `into`'s own: a version of it now.
    for (auto& key : id_keys_of(other))
        if (key != id_key(p.doi) && key != id_key(p.arxiv)) add_version(into, std::move(key));
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
        if (auto found = index.find(work.publication, work.ids, work.versions)) {
            fold_into(out[*found], work);
            index.add(*found, out[*found].publication, out[*found].ids, out[*found].versions);
        } else {
            index.add(out.size(), work.publication, work.ids, work.versions);
            out.push_back(std::move(work));
        }
    }
    return out;
}

MergePlan plan_merge(const std::vector<SyncedPublication>& site, std::vector<FetchedWork> fetched,
                     const std::set<std::string>& complete, const std::string& today) {
    KeyIndex index;
    for (std::size_t i = 0; i < site.size(); ++i) index.add(i, site[i].publication, site[i].ids, {});
    MergePlan plan;
    std::set<ExternalId> seen;
    for (auto& work : fold_works(std::move(fetched))) {
        for (const auto& id : work.ids) seen.insert(id);
        auto found = index.find(work.publication, work.ids, work.versions);
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
        // The entry as it will be, with the work's ids: a later work with another DOI is not this one by its title.
        index.add(*found, update.publication, work.ids, id_keys_of(work));
        if (update.publication_changed || !update.new_ids.empty() || !update.citations.empty())
            plan.updates.push_back(std::move(update));
    }
    for (std::size_t i = 0; i < site.size(); ++i)
        for (const auto& id : site[i].ids)
            if (complete.count(id.service) && !seen.count(id)) plan.gone.push_back({i, id});
    return plan;
}

}  // namespace vitae::cli::sync
