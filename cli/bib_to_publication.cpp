// BibTeX -> Publication: which field means what, and how each is decoded.
#include <charconv>

#include "bib_mapping.hpp"
#include "latex.hpp"
#include "slug.hpp"
#include "text.hpp"

namespace vitae::cli {

namespace {

// The entry being read, and where to point when a field is wrong.
class EntryReader {
public:
    EntryReader(const BibEntry& entry, std::string_view file) : entry_(entry), file_(file) {}

    const BibEntry& entry() const { return entry_; }
    const BibField* field(std::string_view name) const { return entry_.find(name); }
    std::string text(std::string_view name) const {
        const BibField* f = field(name);
        return f ? decode(*f, f->value) : std::string();
    }
    std::string decode(const BibField& f, std::string_view tex) const {
        try {
            return latex_to_utf8(tex);
        } catch (const Error& e) {
            fail(f.line, "field \"" + f.name + "\": " + e.what());
        }
    }
    [[noreturn]] void fail(int line, const std::string& message) const {
        throw BibError(file_, line, "@" + entry_.type + "{" + entry_.key + "}: " + message);
    }

private:
    const BibEntry& entry_;
    std::string_view file_;
};

PublicationKind kind_of(const EntryReader& r) {
    const std::string& type = r.entry().type;
    // An arXiv paper is a preprint whatever type the exporter chose for it.
    if (ascii_lower(r.text("archiveprefix")) == "arxiv" || ascii_lower(r.text("eprinttype")) == "arxiv")
        return PublicationKind::preprint;
    if (type == "inproceedings" || type == "conference") return PublicationKind::conference;
    if (type == "article") return PublicationKind::journal;
    if (type == "misc" || type == "unpublished" || type == "online" || type == "preprint")
        return PublicationKind::preprint;
    r.fail(r.entry().line, "unsupported entry type (use @inproceedings, @article, @misc or @unpublished)");
}

// `venue` wins; else the field the kind's BibTeX type keeps it in (a
// preprint has no venue unless one is given).
std::string venue_of(const EntryReader& r, PublicationKind kind) {
    if (r.field("venue")) return r.text("venue");
    return r.text(kind_row(kind).bibtex_venue);
}

std::optional<int> year_of(const EntryReader& r) {
    const BibField* f = r.field("year");
    bool from_date = f == nullptr;
    if (from_date && (f = r.field("date")) == nullptr) return std::nullopt;
    std::string text = r.decode(*f, f->value);
    std::string_view digits = from_date ? std::string_view(text).substr(0, 4) : std::string_view(text);  // 2024-05-01
    int year = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), year);
    if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty())
        r.fail(f->line, "field \"" + f->name + "\": \"" + text + "\" is not a year");
    return year;
}

// "Last, First", "Last, Jr, First" or "First Last"; a trailing * on any part
// marks equal contribution.
Author author_of(const EntryReader& r, const BibField& f, std::string_view raw, std::string_view owner) {
    if (raw.empty()) r.fail(f.line, "empty author name (two \"and\" in a row?)");
    auto parts = split_outside_braces(raw, ',');
    if (parts.size() > 3) r.fail(f.line, "author \"" + std::string(raw) + "\" has more than two commas");
    Author author;
    for (auto& part : parts) {
        if (!part.ends_with('*')) continue;
        author.equal_contribution = true;
        part = trim(part.substr(0, part.size() - 1));
    }
    std::vector<std::string> names;
    for (auto part : parts) names.push_back(r.decode(f, part));
    if (parts.size() == 1 && parts[0] == "others") names[0] = "et al.";
    if (names.size() == 2) names = {names[1], names[0]};
    if (names.size() == 3) names = {names[2], names[0], names[1]};
    for (const auto& name : names) {
        if (name.empty()) continue;
        if (!author.name.empty()) author.name += ' ';
        author.name += name;
    }
    author.is_owner = !owner.empty() && author.name == owner;
    return author;
}

std::vector<Author> authors_of(const EntryReader& r, std::string_view owner) {
    const BibField* f = r.field("author");
    if (f == nullptr) r.fail(r.entry().line, "no author field");
    std::vector<Author> authors;
    for (auto raw : split_names(f->value)) authors.push_back(author_of(r, *f, raw, owner));
    return authors;
}

// URLs are not TeX: `%`, `_` and `~` stay as written. Only the escapes
// people add out of TeX habit (a\_b for a_b) are undone.
std::string url_of(std::string_view raw) {
    std::string url;
    raw = trim(raw);
    for (std::size_t i = 0; i < raw.size(); ++i) {
        bool escape = raw[i] == '\\' && i + 1 < raw.size() &&
                      std::string_view("_%&#~$").find(raw[i + 1]) != std::string_view::npos;
        url += raw[escape ? ++i : i];
    }
    return url;
}

// The text inside the {group} at the start of `rest`, which moves past it.
std::optional<std::string_view> take_group(std::string_view& rest) {
    rest = trim(rest);
    if (!rest.starts_with('{')) return std::nullopt;
    int depth = 0;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        if (rest[i] == '\\')
            ++i;
        else if (rest[i] == '{')
            ++depth;
        else if (rest[i] == '}' && --depth == 0) {
            auto inner = rest.substr(1, i - 1);
            rest.remove_prefix(i + 1);
            return inner;
        }
    }
    return std::nullopt;  // unreachable: the parser checked the braces
}

// links = {{Label}{https://...}, {Other}{}}
void read_links_field(const EntryReader& r, const BibField& f, std::vector<Link>& links) {
    std::string_view rest = f.value;
    for (;;) {
        rest = trim(rest);
        while (rest.starts_with(',') || rest.starts_with(';')) rest = trim(rest.substr(1));
        if (rest.empty()) return;
        auto label = take_group(rest);
        auto url = label ? take_group(rest) : std::nullopt;
        if (!url) r.fail(f.line, "field \"links\": expected {label}{url} pairs, e.g. {{Slides}{https://example.org}}");
        links.push_back({r.decode(f, *label), url_of(*url)});
    }
}

// In field order, so the owner decides the order the page shows.
std::vector<Link> links_of(const EntryReader& r) {
    std::vector<Link> links;
    for (const auto& f : r.entry().fields) {
        if (f.name == "pdf") links.push_back({"PDF", url_of(f.value)});
        if (f.name == "code") links.push_back({"Code", url_of(f.value)});
        if (f.name == "url") links.push_back({"Link", url_of(f.value)});
        if (f.name == "links") read_links_field(r, f, links);
    }
    return links;
}

std::vector<std::string> awards_of(const EntryReader& r) {
    const BibField* f = r.field("award");
    if (f == nullptr) f = r.field("note");
    std::vector<std::string> awards;
    if (f == nullptr) return awards;
    for (auto part : split_outside_braces(f->value, ';'))
        if (auto award = r.decode(*f, part); !award.empty()) awards.push_back(std::move(award));
    return awards;
}

}  // namespace

Publication publication_from_entry(const BibEntry& entry, std::string_view owner_name, std::string_view file_name) {
    EntryReader r(entry, file_name);
    Publication p;
    p.slug = slug_from(entry.key);
    if (!is_slug(p.slug))
        r.fail(entry.line, "the key gives no usable slug (letters and digits, at most 128)");
    p.kind = kind_of(r);
    p.title = r.text("title");
    if (p.title.empty()) r.fail(entry.line, "no title");
    p.authors = authors_of(r, owner_name);
    p.venue = venue_of(r, p.kind);
    p.year = year_of(r);
    p.abstract = r.text("abstract");
    p.links = links_of(r);
    p.awards = awards_of(r);
    return p;
}

}  // namespace vitae::cli
