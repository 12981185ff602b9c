// import-site: a Hugo Blox publication (content/publication/<slug>/index.md).
// Its cite.bib, when there, goes through import-bibtex (the same mapping as
// every other BibTeX file), and the front matter adds what BibTeX has no
// field for: featured (selected), url_pdf/url_code/... and links, the
// featured.jpg/png preview, the projects it belongs to. Without a cite.bib
// the front matter is the whole record (title, authors, date,
// publication_types, publication, publication_short, abstract, doi).
#include <algorithm>
#include <regex>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "bibtex/bibtex.hpp"
#include "cli/import/hugo/readers.hpp"
#include "cli/import/plan/site_citation.hpp"
#include "cli/import/plan/site_demo.hpp"
#include "cli/import/plan/site_kind.hpp"
#include "cli/import/plan/site_owner.hpp"
#include "cli/import/plan/site_plan.hpp"
#include "cli/import/plan/site_text.hpp"
#include "cli/import/plan/site_title.hpp"
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

// The first of `keys` the front matter gives, as plain text.
std::string first_of(const YAML::Node& f, std::initializer_list<const char*> keys) {
    for (const char* key : keys)
        if (std::string value = plain(yaml_text(f, key)); !value.empty()) return value;
    return {};
}

// publication_types (Hugo Blox), else what other themes file a paper under:
// publication_type, pub_type, a type other than the section's, categories.
PublicationKind kind_of_page(const YAML::Node& f) {
    if (PublicationKind kind = kind_of(yaml_child(f, "publication_types")); kind != PublicationKind::other) return kind;
    for (const char* key : {"publication_type", "pub_type", "type", "categories", "category", "tags"}) {
        YAML::Node node = yaml_child(f, key);
        if (node.IsScalar())
            if (auto kind = kind_from_label(node.Scalar())) return *kind;
        if (node.IsSequence())
            for (const auto& item : node)
                if (auto kind = item.IsScalar() ? kind_from_label(item.Scalar()) : std::nullopt) return *kind;
    }
    return PublicationKind::other;
}

// authors: [names] or [{name: ...}] (PaperMod-academic), else author: "A, B and C" or [A, B].
std::vector<Author> authors_of_page(SitePlan& plan, const YAML::Node& f) {
    OwnerNames owner = owner_names_of(plan);
    std::vector<Author> out;
    YAML::Node list = yaml_child(f, "authors");
    if (!list.IsSequence()) list = yaml_child(f, "author");
    if (list.IsScalar()) return authors_from_names(sanitized_text(list.Scalar()), owner);
    if (list.IsSequence())
        for (const auto& a : list) {
            std::string name(trim(sanitized_text(a.IsMap() ? yaml_text(a, "name") : a.as<std::string>(""))));
            if (name == "admin" || name == "me") name = plan.profile.name;  // the site's own author page
            if (name.empty() || name == "others" || name == "et al.") continue;
            out.push_back({name, owner.match(name), false});
        }
    return out;
}

// The text under a heading "Abstract" of the page's body, up to the next heading or rule.
std::string abstract_section(std::string_view body) {
    static const std::regex heading("(^|\\n)#{1,6}\\s*\\**Abstract\\**\\s*\\n");
    std::string text(body);
    std::smatch m;
    if (!std::regex_search(text, m, heading)) return {};
    std::string rest = text.substr(static_cast<std::size_t>(m.position(0) + m.length(0)));
    static const std::regex end("\\n(#{1,6}\\s|---|\\*\\*\\*|___)");
    std::smatch e;
    if (std::regex_search(rest, e, end)) rest.resize(static_cast<std::size_t>(e.position(0)));
    static const std::regex link_item("(^|\\n)\\s*[-+*]\\s+\\[[^\\]]+\\]\\([^)\\s]+\\)\\s*(?=\\n|$)");
    return std::string(trim(std::regex_replace(rest, link_item, "")));  // the paper's links, read apart
}

// A list item that is only a link ("+ [Paper](/1.pdf)", "- [Code](https://...)"): the paper's links.
std::vector<Link> listed_links(SitePlan& plan, const fs::path& file, std::string_view body) {
    static const std::regex item("(^|\\n)\\s*[-+*]\\s+\\[([^\\]]+)\\]\\(([^)\\s]+)\\)\\s*(?=\\n|$)");
    std::vector<Link> out;
    std::string text(body);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), item); it != std::sregex_iterator(); ++it)
        if (std::string target = hugo_link(plan, file, (*it)[2].str(), (*it)[3].str()); !target.empty())
            out.push_back({sanitized_text((*it)[2].str()), target});
    return out;
}

Publication from_front_matter(SitePlan& plan, const fs::path& file, const FrontMatterFile& read, const std::string& title) {
    const YAML::Node& f = read.front;
    Publication p;
    p.slug = slug_of_name(file.stem() == "index" ? file.parent_path().filename().string() : file.stem().string());
    if (std::none_of(p.slug.begin(), p.slug.end(), is_ascii_letter)) p.slug = slug_from(title);  // "content/papers/1.md"
    p.title = title;
    p.kind = kind_of_page(f);
    YAML::Node edit = yaml_child(f, "editPost");  // PaperMod-academic: the published version's link and venue
    p.venue = first_of(f, {"publication", "venue", "journal", "booktitle", "conference"});
    if (p.venue.empty() && edit.IsMap() && !yaml_text(edit, "URL").empty()) p.venue = plain(yaml_text(edit, "Text"));
    p.venue_short = plain(yaml_text(f, "publication_short"));
    if (p.kind == PublicationKind::other) {  // the venue's words: "SIAM Journal on ...", "Proceedings of ..." (a paper in them)
        p.kind = kind_from_label(p.venue).value_or(PublicationKind::other);
        if (p.kind == PublicationKind::proceedings) p.kind = PublicationKind::conference;
    }
    if (std::string date = hugo_date(plan, file, read); date.size() >= 4) p.year = std::atoi(date.substr(0, 4).c_str());
    else if (std::string year = yaml_text(f, "year"); year.size() == 4) p.year = std::atoi(year.c_str());
    std::string body = hugo_markdown(plan, file, read.body, read.body_line);
    p.abstract = std::string(trim(yaml_text(f, "abstract")));
    if (p.abstract.empty()) p.abstract = abstract_section(body);
    if (p.abstract.empty()) p.abstract = first_of(f, {"summary", "description"});
    p.doi = bare_doi(yaml_text(f, "doi"));
    if (p.doi.empty() && edit.IsMap()) p.doi = bare_doi(yaml_text(edit, "URL"));
    p.authors = authors_of_page(plan, f);
    std::vector<Link> links = listed_links(plan, file, read.body);
    if (!links.empty()) plan.note(SiteNote::Outcome::imported, file, std::to_string(links.size()) + " links of the page's list");
    for (auto& link : links) p.links.push_back(std::move(link));
    if (!trim(body).empty() && abstract_section(body).empty() && links.empty() && p.abstract != trim(body) &&
        yaml_text(f, "abstract").empty())
        p.note = std::string(trim(body));  // the page's own text: kept as the paper's note, not lost
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
    std::string title = clean_title(yaml_text(f, "title"));
    if (title.empty()) title = first_heading(read->body);
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
