// import-site: how a theme marks the owner in an author list, read as
// spellings of the owner's name (profile_name_variant rows), so the site
// keeps recognising the owner after the import (owner_names.hpp matches
// them). Hugo Blox and Wowchemy write `admin` in a publication's
// front-matter `authors:` where the owner stands, and the cite.bib beside
// it spells the name as the exporter did; academicpages lists write the
// owner in <strong>, <b> or **...**.
#include "cli/import/plan/site_owner.hpp"

#include <regex>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "bibtex/bib_mapping.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "render/text/sanitize.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

void add_owner_variant(SitePlan& plan, const fs::path& file, const std::string& spelling, std::string_view mark) {
    std::string name(trim(spelling));
    if (name.empty() || owner_names_of(plan).match(name)) return;
    plan.profile.name_variants.push_back(name);
    plan.note(SiteNote::Outcome::imported, file,
              "the owner written " + in_quotes(name) + " (" + std::string(mark) + "): kept as a name variant");
}

void read_owner_in_bib(SitePlan& plan, const fs::path& page, const YAML::Node& front, const BibEntry& entry,
                       const fs::path& bib) {
    const YAML::Node authors = yaml_child(front, "authors");
    if (!authors.IsSequence()) return;
    std::size_t admin = authors.size();
    for (std::size_t i = 0; i < authors.size(); ++i) {
        std::string name(trim(authors[i].as<std::string>("")));
        if (name == "admin" || name == "me") admin = i;
    }
    if (admin == authors.size()) return;
    std::vector<BibProblem> ignored;  // import-bibtex reports them when it reads the entry
    Publication p;
    try {
        p = publication_from_entry(entry, OwnerNames(), bib.string(), ignored);
    } catch (const Error&) {
        return;  // the same: import-bibtex says why it cannot be a publication
    }
    if (p.authors.size() == authors.size()) return add_owner_variant(plan, bib, p.authors[admin].name, "admin in " + plan.relative(page));
    OwnerNames owner = owner_names_of(plan);
    for (const auto& a : p.authors)
        if (owner.match(a.name)) return;
    plan.note(SiteNote::Outcome::warning, page,
              "authors: names the owner (admin) but the cite.bib lists " + std::to_string(p.authors.size()) + " authors, not " +
                  std::to_string(authors.size()) + ", none of them the owner's name: the owner is not marked in this paper");
}

std::vector<std::string> bold_names(std::string_view raw) {
    static const std::regex html("<(strong|b)(\\s[^>]*)?>(.*?)</(strong|b)\\s*>", std::regex::icase);
    static const std::regex markdown("\\*\\*([^*]+)\\*\\*|__([^_]+)__");
    std::vector<std::string> out;
    std::string text(raw);
    for (std::sregex_iterator m(text.begin(), text.end(), html), end; m != end; ++m)
        if (std::string name(trim(sanitized_text((*m)[3].str()))); !name.empty()) out.push_back(name);
    for (std::sregex_iterator m(text.begin(), text.end(), markdown), end; m != end; ++m)
        if (std::string name(trim(sanitized_text((*m)[1].matched ? (*m)[1].str() : (*m)[2].str()))); !name.empty())
            out.push_back(name);
    return out;
}

Author marked_author(std::string_view written) {
    std::string name;
    for (std::size_t i = 0; i < written.size(); ++i) {
        bool pair = i + 1 < written.size() && written[i + 1] == written[i];
        if ((written[i] == '*' || written[i] == '_') && pair) ++i;  // markdown bold
        else name += written[i];
    }
    Author a;
    std::string_view kept = trim(name);
    while (!kept.empty() && kept.back() == '*') {  // <sup>*</sup> or a plain *: equal contribution
        a.equal_contribution = true;
        kept = trim(kept.substr(0, kept.size() - 1));
    }
    a.name = kept;
    return a;
}

void mark_owner(SitePlan& plan, const fs::path& file, std::vector<Author>& authors, const std::vector<std::string>& bold) {
    OwnerNames owner = owner_names_of(plan);
    for (auto& a : authors) {
        for (const auto& b : bold)
            if (same_person(a.name, b)) {
                a.is_owner = true;
                add_owner_variant(plan, file, a.name, "in bold");
            }
        if (!a.is_owner) a.is_owner = owner.match(a.name);
    }
}

}  // namespace vitae::cli
