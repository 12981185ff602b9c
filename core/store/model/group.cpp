#include "store/model/group.hpp"

#include <algorithm>
#include <numeric>
#include <set>

#include "base/text.hpp"
#include "rules/work_ids.hpp"
#include "rules/work_title.hpp"
#include "store/model/publication_identity.hpp"

namespace vitae {

std::string family_sort_key(std::string_view name) {
    auto readings = name_readings(name);
    if (readings.empty()) return fold_name(name);
    // "Last, First" is read one way; otherwise the last word is the family name.
    const NameReading& r = name.find(',') != std::string_view::npos ? readings.front() : readings.back();
    std::string key = r.surname;
    for (const auto& g : r.given) key += " " + g;
    return key;
}

MemberLinker::MemberLinker(const std::vector<OwnerNames>& members) {
    matchers_.reserve(members.size());
    for (std::size_t i = 0; i < members.size(); ++i) {
        matchers_.emplace_back(members[i]);
        std::set<std::string> surnames;
        for (const auto* name : {&members[i].name})
            for (const auto& r : name_readings(*name)) surnames.insert(r.surname);
        for (const auto& variant : members[i].variants)
            for (const auto& r : name_readings(variant)) surnames.insert(r.surname);
        for (const auto& s : surnames) by_surname_[s].push_back(i);
    }
}

std::optional<std::size_t> MemberLinker::find(std::string_view author) const {
    std::optional<std::size_t> best;
    for (const auto& r : name_readings(author)) {
        auto it = by_surname_.find(r.surname);
        if (it == by_surname_.end()) continue;
        for (std::size_t i : it->second)
            if ((!best || i < *best) && matchers_[i].match(author)) best = i;
    }
    return best;
}

namespace {

// Papers of all members joined into works: a union-find over (member,
// paper) pairs, one set per work. A set remembers its DOI and arXiv id, so
// a title never joins two papers that name different ones.
class WorkSets {
public:
    enum class Join { by_id, by_title };
    std::size_t add(const WorkIdentity& paper) {
        parent_.push_back(parent_.size());
        ids_.push_back({.doi = paper.doi, .arxiv = paper.arxiv, .versions = {}, .title = {}, .year = {}, .form = {}});
        return parent_.size() - 1;
    }
    std::size_t root(std::size_t i) {
        while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
        return i;
    }
    // Joins the sets of a and b; by title only when their ids do not
    // conflict. Whether they are one set now.
    bool join(std::size_t a, std::size_t b, Join how) {
        a = root(a);
        b = root(b);
        if (a == b) return true;
        if (how == Join::by_title && ids_conflict(ids_[a], ids_[b])) return false;
        if (b < a) std::swap(a, b);  // the earlier paper's set stays the root: its member comes first
        parent_[b] = a;
        if (ids_[a].doi.empty()) ids_[a].doi = ids_[b].doi;
        if (ids_[a].arxiv.empty()) ids_[a].arxiv = ids_[b].arxiv;
        return true;
    }

private:
    std::vector<std::size_t> parent_;
    std::vector<WorkIdentity> ids_;  // by root: the set's first DOI and arXiv id
};

WorkIdentity paper_identity(const MemberPaper& p) {
    return identity_of(WorkRecord{.doi = p.doi, .arxiv = p.arxiv, .title = p.title, .year = p.year, .form = work_form(p.kind),
                                  .versions = {}});
}

// Each paper joined to those it shares an id with, then to the first
// earlier one whose title and year agree and whose set's ids do not
// conflict with its set's. The papers' identities, in order.
std::vector<WorkIdentity> join_papers(const std::vector<MemberInput>& inputs, WorkSets& sets) {
    std::vector<WorkIdentity> papers;
    std::unordered_map<std::string, std::size_t> first_with_id;
    std::unordered_map<std::string, std::vector<std::size_t>> with_title;
    for (const auto& in : inputs)
        for (const auto& p : in.summary->papers) {
            WorkIdentity id = paper_identity(p);
            std::size_t e = sets.add(id);
            for (auto& key : id_keys(id)) {
                auto [it, added] = first_with_id.try_emplace(std::move(key), e);
                if (!added) sets.join(it->second, e, WorkSets::Join::by_id);
            }
            if (!id.title.empty()) {
                auto& same_title = with_title[id.title];
                for (std::size_t other : same_title)
                    if (titles_agree(papers[other], id) && sets.join(other, e, WorkSets::Join::by_title)) break;
                same_title.push_back(e);
            }
            papers.push_back(std::move(id));
        }
    return papers;
}

bool member_before(const GroupMember& a, const GroupMember& b) {
    if (a.group.empty() != b.group.empty()) return !a.group.empty();  // members without a group last
    if (a.group != b.group) return a.group < b.group;
    auto ka = family_sort_key(a.name), kb = family_sort_key(b.name);
    return ka != kb ? ka < kb : a.site < b.site;
}

// Newest first, undated last; then by title (`title_a`, `title_b`: title_words, made once per work).
bool work_before(const GroupWork& a, const std::string& title_a, const GroupWork& b, const std::string& title_b) {
    if (a.year != b.year) return a.year && (!b.year || *a.year > *b.year);
    return title_a < title_b;
}

// Fills what the first paper of a work lacks from the others that have it.
void fill_from(GroupWork& w, const MemberPaper& p) {
    if (w.venue.empty()) w.venue = p.venue;
    if (!w.year) w.year = p.year;
    if (w.doi.empty()) w.doi = doi_key(p.doi);
    if (w.arxiv.empty()) w.arxiv = arxiv_key(p.arxiv);
}

}  // namespace

Group make_group(std::vector<MemberInput> inputs, const PaperUrl& paper_url) {
    std::stable_sort(inputs.begin(), inputs.end(),
                     [](const MemberInput& a, const MemberInput& b) { return member_before(a.member, b.member); });
    Group group;
    std::vector<OwnerNames> names;
    for (const auto& in : inputs) {
        group.members.push_back(in.member);
        names.emplace_back(in.summary->name, in.summary->name_variants);
    }
    auto linker = std::make_shared<MemberLinker>(names);

    // Every paper, in member order; the set of each, joined by the rule.
    struct Entry {
        std::size_t member;
        const MemberPaper* paper;
    };
    std::vector<Entry> entries;
    for (std::size_t m = 0; m < inputs.size(); ++m)
        for (const auto& p : inputs[m].summary->papers) entries.push_back({m, &p});
    WorkSets sets;
    std::vector<WorkIdentity> identities = join_papers(inputs, sets);

    // One work per set, made from its first paper; each member listed once.
    std::unordered_map<std::size_t, std::size_t> work_of_root;
    std::vector<GroupWork> works;
    std::vector<std::vector<std::size_t>> listed_by;    // per work: the members listed
    std::map<std::string, std::optional<std::size_t>, std::less<>> linked;  // author spelling -> member
    for (std::size_t e = 0; e < entries.size(); ++e) {
        const auto& [m, p] = entries[e];
        auto [it, added] = work_of_root.try_emplace(sets.root(e), works.size());
        if (added) {
            GroupWork w{.title = p->title, .kind = p->kind};
            for (const auto& a : p->authors) {
                auto [at, fresh] = linked.try_emplace(a);
                if (fresh) at->second = linker->find(a);
                w.authors.push_back({a, at->second ? group.members[*at->second].base_url + "/" : std::string()});
            }
            works.push_back(std::move(w));
            listed_by.emplace_back();
        }
        std::size_t k = it->second;
        fill_from(works[k], *p);
        if (std::find(listed_by[k].begin(), listed_by[k].end(), m) != listed_by[k].end()) continue;
        listed_by[k].push_back(m);
        works[k].papers.push_back({group.members[m].name, paper_url(group.members[m], p->slug)});
    }
    std::vector<std::size_t> order(works.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::vector<std::string> titles;
    for (const auto& w : works) titles.push_back(title_words(w.title));
    std::stable_sort(order.begin(), order.end(), [&works, &titles](std::size_t a, std::size_t b) {
        return work_before(works[a], titles[a], works[b], titles[b]);
    });
    std::vector<std::size_t> place(works.size());  // a work's index before sorting -> after
    group.works.reserve(works.size());
    for (std::size_t i : order) {
        place[i] = group.works.size();
        group.works.push_back(std::move(works[i]));
    }
    for (std::size_t e = 0; e < entries.size(); ++e) group.index.add(place[work_of_root.at(sets.root(e))], identities[e]);
    group.linker = std::move(linker);
    return group;
}

}  // namespace vitae
