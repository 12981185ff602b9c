// When two records are one work: the rule BibTeX import, the editor's
// paste, import-site, every sync service and the group pages all decide by.
//
// 1. Records that share an identifier (a DOI, an arXiv id, by their keys in
//    rules/work_ids) are one work. So are records one of which names the
//    other's identifier as another version of itself: a relation its source
//    states (ORCID's version-of, Crossref's is-preprint-of / has-preprint /
//    is-version-of, the several DOIs or arXiv ids one ORCID group, OpenAlex
//    work, DBLP or INSPIRE record gives). Nothing else joins two records
//    whose identifiers differ.
// 2. Records with different DOIs, or different arXiv ids, are different
//    works whatever their titles: a repository copies its paper's title onto
//    the paper's data set (Dryad, Zenodo, figshare), a journal prints many
//    an "Editorial", and each version a repository mints its own DOI for is
//    its own record.
// 3. Otherwise the title (work_title's key) and the year decide. That is
//    also the case when one record has a DOI and the other has none, or one
//    has only a DOI and the other only an arXiv id: their identifiers cannot
//    disagree, and a list typed by hand without DOIs must meet the same
//    papers from a service with them (the bare one then gains the DOI), as
//    a preprint must meet its published version. A year one record lacks is
//    unknown, not different.
//
// A record's kind enters the rule in two places only (WorkForm): a preprint
// and its published version may be a year apart (posted in December,
// printed in January), and by its title a data set or software is only
// ever a data set or software, never the paper whose title it carries.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace vitae {

// What the rule asks of a record's kind (store/model's work_form maps each kind).
enum class WorkForm { text, preprint, data };

// A record as its source wrote it (any spelling of each identifier).
struct WorkRecord {
    std::string_view doi{}, arxiv{}, title{};
    std::optional<int> year{};
    WorkForm form = WorkForm::text;
    // Identifiers (a DOI or an arXiv id, any spelling, or id_key's form) the
    // source states are other versions of this same work.
    std::span<const std::string> versions{};
};

// A record as the rule compares it.
struct WorkIdentity {
    std::string doi{};                    // doi_key; "" for none (and for arXiv's own DOI: that is its arxiv)
    std::string arxiv{};                  // arxiv_key; "" for none
    std::vector<std::string> versions{};  // id_key of each stated version
    std::string title{};                  // title_key
    std::optional<int> year{};
    WorkForm form = WorkForm::text;
};
WorkIdentity identity_of(const WorkRecord& record);

// "doi:10.1/x", "arxiv:2401.01234": any identifier as a key ("doi:…" and
// "arxiv:…" keys are taken as they are); "" when it is neither.
std::string id_key(std::string_view identifier);
// A work's id keys: its DOI's, its arXiv id's, then its stated versions'.
std::vector<std::string> id_keys(const WorkIdentity& work);

enum class SameBy { none, doi, arxiv, title_and_year };
// The rule above, for two records.
SameBy same_work(const WorkIdentity& a, const WorkIdentity& b);
// Part 2: a DOI, or an arXiv id, on each side and they differ.
bool ids_conflict(const WorkIdentity& a, const WorkIdentity& b);
// Part 3 without the identifiers: the same title key, years that agree, forms that may meet.
bool titles_agree(const WorkIdentity& a, const WorkIdentity& b);

// Works looked up by the rule. Each work is added under the caller's index
// `at`, once per record of it (a work that gains an identifier is added
// again): its identifiers are all its records' (so a title never joins it
// to a record whose DOI differs from any of them), its titles are each
// record's own title and year.
class WorkIndex {
public:
    struct Found {
        std::size_t at;
        SameBy by;
    };
    void add(std::size_t at, const WorkIdentity& work);
    // The work `work` is: by an identifier (the first it shares), else by
    // title and year (the first added); none when it is a new work.
    std::optional<Found> find(const WorkIdentity& work) const;

private:
    struct Titled {
        std::size_t at;
        std::optional<int> year;
        WorkForm form;
    };
    std::unordered_map<std::string, std::size_t> by_id_;
    std::unordered_map<std::string, std::vector<Titled>> by_title_;
    std::vector<WorkIdentity> ids_;  // by `at`: its first DOI and arXiv id; the others among versions
};

}  // namespace vitae
