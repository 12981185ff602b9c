#include <nlohmann/json.hpp>

#include "base/error.hpp"
#include "cli/sync/work.hpp"

namespace vitae::cli::sync {

namespace {

using nlohmann::json;

// The text columns a sync fills, by their JSON names.
constexpr std::pair<const char*, std::string Publication::*> text_fields[] = {
    {"title", &Publication::title},     {"venue", &Publication::venue},   {"abstract", &Publication::abstract},
    {"doi", &Publication::doi},         {"arxiv", &Publication::arxiv},   {"volume", &Publication::volume},
    {"number", &Publication::number},   {"pages", &Publication::pages},   {"publisher", &Publication::publisher},
};

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

}  // namespace vitae::cli::sync
