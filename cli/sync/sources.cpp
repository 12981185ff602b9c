#include "cli/sync/sources.hpp"

#include <cstdlib>
#include <iterator>

#include "cli/sync/merge.hpp"

namespace vitae::cli::sync {

namespace {

constexpr Source source_table[] = {
    {"orcid", "VITAE_ORCID_API", "https://pub.orcid.org", true, "one answer: /v3.0/<iD>/works"},
    {"openalex", "VITAE_OPENALEX_API", "https://api.openalex.org", true,
     "cursor: /works?filter=author.id:<id>&per-page=200&cursor=*, then meta.next_cursor"},
    {"dblp", "VITAE_DBLP_API", "https://dblp.org", true, "one answer: /pid/<pid>.xml"},
    {"inspire", "VITAE_INSPIRE_API", "https://inspirehep.net/api", true,
     "pages: /literature?q=a <author>&size=100&page=N, then links.next"},
    {"crossref", "VITAE_CROSSREF_API", "https://api.crossref.org", false, "one answer per DOI: /works/<doi>"},
};

}  // namespace

std::span<const Source> sources() { return source_table; }

const Source* source_named(std::string_view name) {
    for (const auto& s : source_table)
        if (s.name == name) return &s;
    return nullptr;
}

std::string base_url(const Source& source) {
    std::string env(source.env);
    const char* set = std::getenv(env.c_str());
    std::string base = set && *set ? set : std::string(source.default_base);
    while (!base.empty() && base.back() == '/') base.pop_back();
    return base;
}

}  // namespace vitae::cli::sync
