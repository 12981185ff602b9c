#include "rules/work_identity.hpp"

#include <algorithm>
#include <cstdlib>

#include "rules/work_ids.hpp"
#include "rules/work_title.hpp"

namespace vitae {

namespace {

constexpr std::string_view doi_prefix = "doi:", arxiv_prefix = "arxiv:";

void add_once(std::vector<std::string>& keys, std::string key) {
    if (!key.empty() && std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(std::move(key));
}

bool differ(const std::string& a, const std::string& b) {
    return !a.empty() && !b.empty() && a != b;
}

// Part 3's year and kind: a year either lacks agrees; a preprint may be a
// year from its published version; data and software meet only their own.
bool years_and_forms_agree(std::optional<int> year_a, WorkForm form_a, std::optional<int> year_b, WorkForm form_b) {
    if ((form_a == WorkForm::data) != (form_b == WorkForm::data)) return false;
    if (!year_a || !year_b) return true;
    int apart = std::abs(*year_a - *year_b);
    bool preprint = form_a == WorkForm::preprint || form_b == WorkForm::preprint;
    return apart == 0 || (preprint && apart == 1);
}

SameBy by_key(std::string_view key) {
    return key.starts_with(doi_prefix) ? SameBy::doi : SameBy::arxiv;
}

}  // namespace

std::string id_key(std::string_view identifier) {
    if (auto arxiv = arxiv_key(identifier); !arxiv.empty()) return std::string(arxiv_prefix) + arxiv;
    if (auto doi = doi_key(identifier); !doi.empty()) return std::string(doi_prefix) + doi;
    return "";
}

WorkIdentity identity_of(const WorkRecord& record) {
    WorkIdentity w{.doi = doi_key(record.doi),
                   .arxiv = arxiv_key(record.arxiv),
                   .versions = {},
                   .title = title_key(record.title),
                   .year = record.year,
                   .form = record.form};
    if (auto from_doi = arxiv_key(w.doi); !from_doi.empty()) {  // 10.48550/arXiv.<id>: the id in another spelling
        if (w.arxiv.empty())
            w.arxiv = from_doi;
        else if (from_doi != w.arxiv)
            add_once(w.versions, std::string(arxiv_prefix) + from_doi);
        w.doi.clear();
    }
    std::vector<std::string> own = id_keys(w);
    for (const auto& version : record.versions)
        if (auto key = id_key(version); std::find(own.begin(), own.end(), key) == own.end()) add_once(w.versions, key);
    return w;
}

std::vector<std::string> id_keys(const WorkIdentity& work) {
    std::vector<std::string> keys;
    if (!work.doi.empty()) keys.push_back(std::string(doi_prefix) + work.doi);
    if (!work.arxiv.empty()) keys.push_back(std::string(arxiv_prefix) + work.arxiv);
    for (const auto& version : work.versions) add_once(keys, version);
    return keys;
}

bool ids_conflict(const WorkIdentity& a, const WorkIdentity& b) {
    return differ(a.doi, b.doi) || differ(a.arxiv, b.arxiv);
}

bool titles_agree(const WorkIdentity& a, const WorkIdentity& b) {
    return !a.title.empty() && a.title == b.title && years_and_forms_agree(a.year, a.form, b.year, b.form);
}

SameBy same_work(const WorkIdentity& a, const WorkIdentity& b) {
    auto theirs = id_keys(b);
    for (const auto& key : id_keys(a))
        if (std::find(theirs.begin(), theirs.end(), key) != theirs.end()) return by_key(key);
    if (ids_conflict(a, b)) return SameBy::none;
    return titles_agree(a, b) ? SameBy::title_and_year : SameBy::none;
}

void WorkIndex::add(std::size_t at, const WorkIdentity& work) {
    if (at >= ids_.size()) ids_.resize(at + 1);
    WorkIdentity& known = ids_[at];
    auto keep = [&known](std::string& slot, const std::string& value, std::string_view prefix) {
        if (slot.empty())
            slot = value;
        else if (!value.empty() && value != slot)
            add_once(known.versions, std::string(prefix) + value);
    };
    keep(known.doi, work.doi, doi_prefix);
    keep(known.arxiv, work.arxiv, arxiv_prefix);
    for (const auto& version : work.versions) add_once(known.versions, version);
    for (auto& key : id_keys(work)) by_id_.try_emplace(std::move(key), at);
    if (work.title.empty()) return;
    auto& titled = by_title_[work.title];
    bool again = std::any_of(titled.begin(), titled.end(),
                             [&](const Titled& t) { return t.at == at && t.year == work.year && t.form == work.form; });
    if (!again) titled.push_back({at, work.year, work.form});
}

std::optional<WorkIndex::Found> WorkIndex::find(const WorkIdentity& work) const {
    for (const auto& key : id_keys(work))
        if (auto it = by_id_.find(key); it != by_id_.end()) return Found{it->second, by_key(key)};
    auto titled = work.title.empty() ? by_title_.end() : by_title_.find(work.title);
    if (titled == by_title_.end()) return std::nullopt;
    for (const Titled& t : titled->second)
        if (!ids_conflict(ids_[t.at], work) && years_and_forms_agree(t.year, t.form, work.year, work.form))
            return Found{t.at, SameBy::title_and_year};
    return std::nullopt;
}

}  // namespace vitae
