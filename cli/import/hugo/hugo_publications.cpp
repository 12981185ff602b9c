// import-site: a Hugo Blox publication (content/publication/<slug>/index.md).
// Its cite.bib, when there, goes through import-bibtex (the same mapping as
// every other BibTeX file), and the front matter adds what BibTeX has no
// field for: featured (selected), url_pdf/url_code/... and links, the
// featured.jpg/png preview, the projects it belongs to. Without a cite.bib
// the front matter is the whole record (title, authors, date,
// publication_types, publication, publication_short, abstract, doi).
#include <algorithm>
#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "bibtex/bibtex.hpp"
#include "cli/import/hugo/readers.hpp"
#include "cli/import/plan/site_demo.hpp"
#include "cli/import/plan/site_owner.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/plan/site_text.hpp"
#include "render/text/sanitize.hpp"
#include "rules/work_ids.hpp"
#include "store/model/slug.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

// publication_types: CSL names (Hugo Blox) or the old numbers (Academic:
// 1 conference paper, 2 journal article, 3 preprint, 4 report, 5 book,
// 6 book section, 7 thesis, 8 patent).
PublicationKind kind_of(const YAML::Node& types) {
    std::string t = types.IsSequence() && types.size() > 0 ? types[0].as<std::string>("") : "";
    if (t == "paper-conference" || t == "1") return PublicationKind::conference;
    if (t == "article-journal" || t == "2") return PublicationKind::journal;
    if (t == "article" || t == "manuscript" || t == "3") return PublicationKind::preprint;
    if (t == "report" || t == "4") return PublicationKind::report;
    if (t == "book" || t == "5") return PublicationKind::book;
    if (t == "chapter" || t == "6") return PublicationKind::chapter;
    if (t == "thesis" || t == "7") return PublicationKind::thesis;
    if (t == "patent" || t == "8") return PublicationKind::patent;
    if (t == "dataset") return PublicationKind::dataset;
    if (t == "software") return PublicationKind::software;
    return PublicationKind::other;
}

// "*The Astronomical Journal*" -> "The Astronomical Journal".
std::string plain(std::string_view markdown) {
    std::string out;
    for (char c : sanitized_text(markdown))
        if (c != '*' && c != '_') out += c;
    return std::string(trim(out));
}

Publication from_front_matter(SitePlan& plan, const fs::path& file, const FrontMatterFile& read, const std::string& title) {
    const YAML::Node& f = read.front;
    Publication p;
    p.slug = slug_of_name(file.parent_path().filename().string());
    p.title = title;
    p.kind = kind_of(yaml_child(f, "publication_types"));
    p.venue = plain(yaml_text(f, "publication"));
    p.venue_short = plain(yaml_text(f, "publication_short"));
    if (std::string date = hugo_date(plan, file, read); date.size() >= 4) p.year = std::atoi(date.substr(0, 4).c_str());
    p.abstract = std::string(trim(yaml_text(f, "abstract")));
    p.doi = bare_doi(yaml_text(f, "doi"));
    OwnerNames owner = owner_names_of(plan);
    if (yaml_child(f, "authors").IsSequence())
        for (const auto& a : yaml_child(f, "authors")) {
            std::string name(trim(sanitized_text(a.as<std::string>(""))));
            if (name == "admin" || name == "me") name = plan.profile.name;  // the site's own author page
            if (name.empty() || name == "others" || name == "et al.") continue;
            p.authors.push_back({name, owner.match(name), false});
        }
    return p;
}

// The cite.bib's entry: its key names the row import-bibtex writes.
std::optional<BibEntry> bib_entry(SitePlan& plan, const fs::path& bib) {
    try {
        BibFile file = read_bibtex_file(bib);
        if (!file.entries.empty()) return std::move(file.entries.front());
    } catch (const Error& e) {
        plan.note(SiteNote::Outcome::warning, bib, e.what());
    }
    return std::nullopt;
}

}  // namespace

void read_hugo_publication(SitePlan& plan, const fs::path& file) {
    auto read = read_front(plan, file);
    if (!read) return;
    const YAML::Node& f = read->front;
    std::string title(trim(sanitized_text(yaml_text(f, "title"))));
    fs::path bib = file.stem() == "index" ? file.parent_path() / "cite.bib" : fs::path();
    if (!bib.empty() && !fs::exists(bib)) bib = file.parent_path() / (file.parent_path().filename().string() + ".bib");  // <slug>.bib
    bool has_bib = !bib.empty() && fs::is_regular_file(bib);
    bool demo = is_demo_hugo("publication", title, read->body);
    auto& named = plan.options.include_demo_files;
    if (demo && has_bib && std::find(named.begin(), named.end(), plan.relative(bib)) != named.end()) {
        plan.demo_files_taken.insert(plan.relative(bib));  // its cite.bib named: the page and its entry
        named.push_back(plan.relative(file));
    }
    if (demo && !plan.keep_demo(file, "the starter's example publication " + in_quotes(title))) {
        if (has_bib) plan.note(SiteNote::Outcome::demo, bib, "the starter's example publication's entry; left out with its page " + plan.relative(file));
        return;
    }
    if (title.empty() && !has_bib) return plan.note(SiteNote::Outcome::skipped, file, "no title and no cite.bib");
    if (yaml_text(f, "draft") == "true") return plan.note(SiteNote::Outcome::skipped, file, "a draft (draft: true): Hugo does not publish it");
    std::optional<BibEntry> entry = has_bib ? bib_entry(plan, bib) : std::nullopt;
    std::string key = entry ? entry->key : "";
    if (!key.empty()) {  // another folder's cite.bib has this key: another work, under key-2 (as import-bibtex names a repeat)
        auto taken = [&](const std::string& k) {
            for (const auto& other : plan.publication_extras)
                if (slug_from(other.publication) == slug_from(k)) return true;
            return false;
        };
        std::string unique = key;
        for (int n = 2; taken(unique); ++n) unique = key + "-" + std::to_string(n);
        if (unique != key) plan.bib_keys[bib] = {key, unique};
        key = unique;
    }
    SitePublicationExtra extra;
    extra.file = file;
    extra.selected = yaml_text(f, "featured") == "true";
    extra.links = hugo_page_links(plan, file, f);
    std::string name;
    if (!key.empty()) {
        plan.bibliographies.push_back(bib);
        read_owner_in_bib(plan, file, f, *entry, bib);
        extra.publication = name = key;
        plan.note(SiteNote::Outcome::imported, file, "publication " + key + ": its cite.bib, and " +
                                                      std::to_string(extra.links.size()) + " links of this page" +
                                                      (extra.selected ? ", featured (selected)" : ""));
    } else {
        Publication p = from_front_matter(plan, file, *read, title);
        for (const auto& other : plan.publications)
            if (other.slug == p.slug) p.slug += "-2";
        if (auto same = planned_already(plan, p))
            plan.note(SiteNote::Outcome::warning, file, "publication " + p.slug + ": " + *same);
        extra.publication = name = p.slug;
        plan.note(SiteNote::Outcome::imported, file, "publication " + p.slug + " (" + std::to_string(p.authors.size()) + " authors)");
        if (has_bib)  // read, and none of it usable: the page is the record, and the ledger says where it went
            plan.note(SiteNote::Outcome::imported, bib, "no entry of it could be read; publication " + p.slug +
                                                         " is its page's front matter instead");
        plan.publications.push_back(std::move(p));
    }
    plan.publication_extras.push_back(std::move(extra));
    for (const char* stem : {"featured.png", "featured.jpg", "featured.jpeg", "featured.webp"})
        if (fs::is_regular_file(file.parent_path() / stem) && file.stem() == "index") {
            plan.previews.push_back({file, name, file.parent_path() / stem});
            break;
        }
    if (yaml_child(f, "projects").IsSequence())
        for (const auto& item : yaml_child(f, "projects"))
            if (item.IsScalar()) plan.relations.push_back({item.as<std::string>(), name, ""});
}

}  // namespace vitae::cli
