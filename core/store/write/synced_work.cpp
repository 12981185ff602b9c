#include <nlohmann/json.hpp>

#include "store/write/synced_work.hpp"

#include "base/error.hpp"
#include "store/model/slug.hpp"
#include "store/write/publication_sync.hpp"
#include "store/write/publications.hpp"

namespace vitae {

namespace {

using nlohmann::json;

// The text columns a sync fills, by their JSON names.
constexpr std::pair<const char*, std::string Publication::*> text_fields[] = {
    {"title", &Publication::title},     {"venue", &Publication::venue},   {"abstract", &Publication::abstract},
    {"doi", &Publication::doi},         {"arxiv", &Publication::arxiv},   {"volume", &Publication::volume},
    {"number", &Publication::number},   {"pages", &Publication::pages},   {"publisher", &Publication::publisher},
};

// "knuth1974-structured": the first author's family name, the year and the
// title's first word, numbered when taken.
std::string new_slug(const Publication& p, std::set<std::string>& taken) {
    std::string family = p.authors.empty() ? "work" : p.authors.front().name;
    if (auto space = family.rfind(' '); space != std::string::npos) family = family.substr(space + 1);
    std::string word = slug_from(p.title);
    if (auto dash = word.find('-'); dash != std::string::npos) word.resize(dash);
    std::string base = slug_from(family + (p.year ? std::to_string(*p.year) : "") + "-" + word);
    if (base.empty()) base = "work";
    if (base.size() > 60) base.resize(60);
    std::string slug = base;
    for (int n = 2; taken.count(slug); ++n) slug = base + "-" + std::to_string(n);
    taken.insert(slug);
    return slug;
}

}  // namespace

std::string work_to_json(const FetchedWork& work) {
    const Publication& p = work.publication;
    json out = {{"service", work.service}, {"kind", std::string(kind_row(p.kind).name)}};
    for (const auto& [name, member] : text_fields)
        if (!(p.*member).empty()) out[name] = p.*member;
    if (p.year) out["year"] = *p.year;
    json authors = json::array();
    for (const auto& a : p.authors) authors.push_back(a.name);
    out["authors"] = authors;
    json ids = json::array();
    for (const auto& id : work.ids) ids.push_back({id.service, id.id});
    out["ids"] = ids;
    json citations = json::array();
    for (const auto& c : p.citations) citations.push_back({c.service, c.count});
    out["citations"] = citations;
    return out.dump();
}

FetchedWork work_from_json(const std::string& text) {
    try {
        json in = json::parse(text);
        FetchedWork work;
        work.service = in.at("service").get<std::string>();
        Publication& p = work.publication;
        auto kind = kind_named(in.at("kind").get<std::string>());
        if (kind) p.kind = *kind;
        for (const auto& [name, member] : text_fields)
            if (in.contains(name)) p.*member = in[name].get<std::string>();
        if (in.contains("year")) p.year = in["year"].get<int>();
        for (const auto& a : in.at("authors")) p.authors.push_back({a.get<std::string>(), false, false});
        for (const auto& id : in.at("ids")) work.ids.push_back({id.at(0).get<std::string>(), id.at(1).get<std::string>()});
        for (const auto& c : in.at("citations"))
            p.citations.push_back({c.at(0).get<std::string>(), c.at(1).get<std::int64_t>(), ""});
        return work;
    } catch (const json::exception& e) {
        throw Error(std::string("a work in the review list is not valid JSON: ") + e.what());
    }
}

std::int64_t add_fetched_work(const Db& db, FetchedWork work, std::set<std::string>& taken, const std::string& day) {
    Publication& p = work.publication;
    p.slug = new_slug(p, taken);
    auto citations = std::move(p.citations);
    p.citations.clear();
    auto id = insert_publication(db, p);
    for (const auto& ext : work.ids) add_external_id(db, id, ext);
    for (auto& c : citations) set_citation_count(db, id, {c.service, c.count, c.counted.empty() ? day : c.counted});
    return id;
}

std::int64_t accept_review_item(const Db& db, const ReviewItem& item, std::set<std::string>& taken, const std::string& day) {
    FetchedWork work = work_from_json(item.work);  // throws before anything is written
    remove_review_item(db, item.key);
    return add_fetched_work(db, std::move(work), taken, day);
}

}  // namespace vitae
