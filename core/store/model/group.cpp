#include "store/model/group.hpp"

#include <algorithm>
#include <numeric>
#include <set>

#include "base/text.hpp"

namespace vitae {

namespace {

std::string_view without_prefix(std::string_view s, std::initializer_list<std::string_view> prefixes) {
    for (auto p : prefixes)
        if (s.size() >= p.size() && equals_ignoring_case(s.substr(0, p.size()), p)) return s.substr(p.size());
    return s;
}

}  // namespace

std::string normal_doi(std::string_view doi) {
    doi = trim(doi);
    doi = without_prefix(doi, {"https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:"});
    return ascii_lower(trim(doi));
}

std::string normal_arxiv(std::string_view arxiv) {
    arxiv = trim(arxiv);
    arxiv = without_prefix(arxiv, {"https://arxiv.org/abs/", "http://arxiv.org/abs/", "arxiv:"});
    std::string id = ascii_lower(trim(arxiv));
    // "2401.01234v2": every version is the one work.
    auto v = id.rfind('v');
    if (v != std::string::npos && v > 0 && v + 1 < id.size() &&
        std::all_of(id.begin() + static_cast<std::ptrdiff_t>(v) + 1, id.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
        id[v - 1] >= '0' && id[v - 1] <= '9')
        id.resize(v);
    return id;
}

std::string normal_title(std::string_view title) {
    std::string folded = fold_name(title);  // case and accents, as names are compared
    std::string out;
    for (char c : folded) {
        auto u = static_cast<unsigned char>(c);
        bool word = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || u >= 0x80;  // other scripts kept
        if (word) out += c;
        else if (!out.empty() && out.back() != ' ') out += ' ';
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

std::vector<std::string> work_keys(std::string_view doi, std::string_view arxiv, std::string_view title,
                                   std::optional<int> year) {
    std::vector<std::string> keys;
    if (auto d = normal_doi(doi); !d.empty()) keys.push_back("doi:" + d);
    if (auto a = normal_arxiv(arxiv); !a.empty()) keys.push_back("arxiv:" + a);
    if (auto t = normal_title(title); !t.empty()) keys.push_back("title:" + t + "|" + (year ? std::to_string(*year) : ""));
    return keys;
}

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
    std::size_t add(const MemberPaper& p) {
        parent_.push_back(parent_.size());
        doi_.push_back(normal_doi(p.doi));
        arxiv_.push_back(normal_arxiv(p.arxiv));
        return parent_.size() - 1;
    }
    std::size_t root(std::size_t i) {
        while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
        return i;
    }
    // Joins the sets of a and b; by title only when their ids do not disagree.
    void join(std::size_t a, std::size_t b, bool by_title) {
        a = root(a);
        b = root(b);
        if (a == b) return;
        auto differ = [](const std::string& x, const std::string& y) { return !x.empty() && !y.empty() && x != y; };
        if (by_title && (differ(doi_[a], doi_[b]) || differ(arxiv_[a], arxiv_[b]))) return;
        if (b < a) std::swap(a, b);  // the earlier paper's set stays the root: its member comes first
        parent_[b] = a;
        if (doi_[a].empty()) doi_[a] = doi_[b];
        if (arxiv_[a].empty()) arxiv_[a] = arxiv_[b];
    }

private:
    std::vector<std::size_t> parent_;
    std::vector<std::string> doi_, arxiv_;
};

bool member_before(const GroupMember& a, const GroupMember& b) {
    if (a.group.empty() != b.group.empty()) return !a.group.empty();  // members without a group last
    if (a.group != b.group) return a.group < b.group;
    auto ka = family_sort_key(a.name), kb = family_sort_key(b.name);
    return ka != kb ? ka < kb : a.site < b.site;
}

// Newest first, undated last; then by title (`title_a`, `title_b`: normal_title, made once per work).
bool work_before(const GroupWork& a, const std::string& title_a, const GroupWork& b, const std::string& title_b) {
    if (a.year != b.year) return a.year && (!b.year || *a.year > *b.year);
    return title_a < title_b;
}

// Fills what the first paper of a work lacks from the others that have it.
void fill_from(GroupWork& w, const MemberPaper& p) {
    if (w.venue.empty()) w.venue = p.venue;
    if (!w.year) w.year = p.year;
    if (w.doi.empty()) w.doi = normal_doi(p.doi);
    if (w.arxiv.empty()) w.arxiv = normal_arxiv(p.arxiv);
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

    // Every paper, in member order; the set of each, joined by its keys.
    struct Entry {
        std::size_t member;
        const MemberPaper* paper;
    };
    std::vector<Entry> entries;
    WorkSets sets;
    std::unordered_map<std::string, std::size_t> first_with_key;  // every key of every paper: then Group::by_key
    std::size_t total = 0;
    for (const auto& in : inputs) total += in.summary->papers.size();
    entries.reserve(total);
    first_with_key.reserve(total * 2);
    for (std::size_t m = 0; m < inputs.size(); ++m)
        for (const auto& p : inputs[m].summary->papers) {
            std::size_t e = sets.add(p);
            entries.push_back({m, &p});
            for (auto& key : work_keys(p.doi, p.arxiv, p.title, p.year)) {
                bool by_title = key.starts_with("title:");
                auto [it, added] = first_with_key.try_emplace(std::move(key), e);
                if (!added) sets.join(it->second, e, by_title);
            }
        }

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
    for (const auto& w : works) titles.push_back(normal_title(w.title));
    std::stable_sort(order.begin(), order.end(), [&works, &titles](std::size_t a, std::size_t b) {
        return work_before(works[a], titles[a], works[b], titles[b]);
    });
    std::vector<std::size_t> place(works.size());  // a work's index before sorting -> after
    group.works.reserve(works.size());
    for (std::size_t i : order) {
        place[i] = group.works.size();
        group.works.push_back(std::move(works[i]));
    }
    group.by_key.reserve(first_with_key.size());
    for (auto& [key, entry] : first_with_key) group.by_key.emplace(key, place[work_of_root.at(sets.root(entry))]);
    group.linker = std::move(linker);
    return group;
}

}  // namespace vitae
