// BibTeX -> Publication: which field means what, and how each is decoded.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>

#include "bibtex/bib_mapping.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "bibtex/field_markup.hpp"
#include "render/cite/latex.hpp"
#include "render/cite/publication_links.hpp"
#include "rules/link.hpp"
#include "rules/work_ids.hpp"
#include "store/model/slug.hpp"

namespace vitae {

namespace {

// The TeX as written, with its line breaks and blank runs one space as the
// decoder makes them: the export writes this text back escaped, and reading
// that gives the same text, so the next trip changes nothing.
std::string collapse_blanks(std::string_view tex) {
    std::string out;
    for (char c : trim(tex)) {
        if (!is_blank(c)) out += c;
        else if (!out.empty() && out.back() != ' ') out += ' ';
    }
    return out;
}

// The entry being read: its fields, which of them are used, where to point
// when one is wrong, and the warnings collected on the way.
class EntryReader {
public:
    EntryReader(const BibEntry& entry, std::string_view file, std::vector<BibProblem>& warnings)
        : entry_(entry), file_(file), warnings_(warnings) {}

    const BibEntry& entry() const { return entry_; }
    // Marks the field used: it will not be kept verbatim as well. A field
    // the entry lacks comes from its crossref parent, as BibTeX reads it.
    const BibField* take(std::string_view name) {
        const BibField* f = entry_.find(name);
        if (f) used_.insert(f);
        return f ? f : inherited(name);
    }
    const BibField* peek(std::string_view name) const {
        const BibField* f = entry_.find(name);
        return f ? f : inherited(name);
    }
    void set_parent(const BibEntry* parent) { parent_ = parent; }
    // The first of `names` present, taken.
    const BibField* take_first(std::initializer_list<std::string_view> names) {
        for (auto name : names)
            if (const BibField* f = take(name)) return f;
        return nullptr;
    }
    std::string text(std::string_view name) {
        const BibField* f = take(name);
        return f ? decode(*f, f->value) : std::string();
    }
    // LaTeX it cannot decode is kept as written, with a warning: shown with
    // its backslashes rather than dropped.
    std::string decode(const BibField& f, std::string_view tex) {
        auto resolved = resolve_field_markup(tex);
        if (resolved.changed) tex = resolved.text;  // HTML/JATS from the producer: what it means, never stray tags
        try {
            DecodedTex decoded = decode_latex(tex);
            for (const auto& letter : decoded.stray_backslashes)
                warn(f.line, "field \"" + f.name + "\": a backslash before \"" + letter + "\" dropped (no LaTeX command is spelled so)");
            return std::move(decoded.text);
        } catch (const Error& e) {
            warn(f.line, "field \"" + f.name + "\": " + e.what() + "; kept as written");
            return collapse_blanks(tex);
        }
    }
    void warn(int line, std::string message) {
        warnings_.push_back({line, "@" + entry_.type + "{" + entry_.key + "}: " + std::move(message), entry_.key, false});
    }
    [[noreturn]] void fail(int line, const std::string& message) const {
        throw BibError(file_, line, "@" + entry_.type + "{" + entry_.key + "}: " + message);
    }
    // Every field not taken, verbatim and in file order (a repeated one included).
    std::vector<Field> rest() const {
        std::vector<Field> out;
        for (const auto& f : entry_.fields)
            if (!used_.count(&f)) out.push_back({f.name, f.value});
        return out;
    }

private:
    // BibTeX's crossref: a field the entry lacks is the parent's; a book's
    // or proceedings' title is its parts' booktitle.
    const BibField* inherited(std::string_view name) const {
        if (!parent_) return nullptr;
        bool part = entry_.type.starts_with("in");  // inproceedings, inbook, incollection
        if (name == "booktitle" && part && !parent_->find("booktitle")) return parent_->find("title");
        if ((name == "title" && part) || name == "key" || name == "crossref") return nullptr;
        return parent_->find(name);
    }

    const BibEntry& entry_;
    std::string_view file_;
    std::vector<BibProblem>& warnings_;
    std::set<const BibField*> used_;
    const BibEntry* parent_ = nullptr;
};

bool is_arxiv(std::string_view prefix) { return ascii_lower(trim(prefix)) == "arxiv"; }

bool mentions_arxiv(std::string_view venue) {
    std::string v = ascii_lower(venue);
    return v.find("arxiv") != std::string::npos || v == "corr";
}

// URLs are not TeX: `%`, `_` and `~` stay as written. Only the escapes
// people add out of TeX habit (a\_b for a_b) are undone, and the braces they
// add to protect a character ({~}): a URL has no literal braces (the export
// writes one as %7B).
std::string url_of(std::string_view raw) {
    std::string url;
    raw = trim(raw);
    for (std::size_t i = 0; i < raw.size(); ++i) {
        bool escape = raw[i] == '\\' && i + 1 < raw.size() &&
                      std::string_view("_%&#~${}").find(raw[i + 1]) != std::string_view::npos;
        if (!escape && (raw[i] == '{' || raw[i] == '}')) continue;
        url += raw[escape ? ++i : i];
    }
    return url;
}

PublicationKind kind_of(EntryReader& r) {
    const std::string& type = r.entry().type;
    auto kind = kind_of_bibtex_type(type);
    if (!kind) {
        r.warn(r.entry().line, "unknown entry type; filed as \"other\" (the type is kept for the export)");
        kind = PublicationKind::other;
    }
    // An arXiv paper with no other venue is a preprint whatever type the exporter chose.
    const BibField* prefix = r.peek("archiveprefix");
    if (!prefix) prefix = r.peek("eprinttype");
    bool arxiv = (prefix && is_arxiv(prefix->value)) || r.peek("arxiv");
    const BibField* venue = r.peek("journal");
    if (!venue) venue = r.peek("journaltitle");
    if (!venue) venue = r.peek("booktitle");
    bool no_venue = !venue || mentions_arxiv(venue->value);
    bool paper = *kind == PublicationKind::journal || *kind == PublicationKind::conference ||
                 *kind == PublicationKind::preprint || *kind == PublicationKind::other;
    if (arxiv && no_venue && paper) return PublicationKind::preprint;
    return *kind;
}

std::string venue_of(EntryReader& r, PublicationKind kind) {
    if (r.peek("venue")) return r.text("venue");
    std::string_view field = kind_row(kind).bibtex_venue;
    if (field == "journal" && !r.peek("journal")) return r.text("journaltitle");
    return field == "venue" ? std::string() : r.text(field);
}

std::optional<int> year_of(EntryReader& r) {
    const BibField* f = r.peek("year");
    bool from_date = f == nullptr;
    if (from_date && (f = r.peek("date")) == nullptr) return std::nullopt;
    std::string text = r.decode(*f, f->value);
    std::string_view digits = from_date ? std::string_view(text).substr(0, 4) : std::string_view(text);  // 2024-05-01
    int year = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), year);
    if (ec == std::errc() && end == digits.data() + digits.size() && !digits.empty()) {
        if (!from_date) r.take("year");  // a date is kept whole: it may say more than the year
        return year;
    }
    // "16. Dezember 2008", "Jan. 2011": the year in it, and the text kept as written.
    for (std::size_t i = 0; i + 4 <= text.size(); ++i) {
        auto four = std::string_view(text).substr(i, 4);
        bool alone = (i == 0 || !std::isdigit(static_cast<unsigned char>(text[i - 1]))) &&
                     (i + 4 == text.size() || !std::isdigit(static_cast<unsigned char>(text[i + 4])));
        if (alone && std::all_of(four.begin(), four.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
            (four[0] == '1' || four[0] == '2')) {
            r.warn(f->line, "field \"" + f->name + "\": took the year " + std::string(four) + " from \"" + text +
                                "\"; the text is kept as written");
            return std::stoi(std::string(four));
        }
    }
    r.warn(f->line, "field \"" + f->name + "\": \"" + text + "\" is not a year; kept as written");
    return std::nullopt;  // the field stays verbatim, so the export writes it back
}

// biblatex's extended name format: "family=Borst, given=R., prefix=de,
// useprefix=true" -> "R. de Borst"; empty when `parts` are not in it.
std::string extended_name(EntryReader& r, const BibField& f, const std::vector<std::string_view>& parts) {
    std::string given, prefix, family, suffix;
    for (auto part : parts) {
        auto eq = part.find('=');
        if (eq == std::string_view::npos) return {};
        auto key = ascii_lower(trim(part.substr(0, eq)));
        std::string value = r.decode(f, trim(part.substr(eq + 1)));
        if (key == "given") given = value;
        else if (key == "family") family = value;
        else if (key == "prefix") prefix = value;
        else if (key == "suffix") suffix = value;
        else if (key != "useprefix" && key != "given-i" && key != "family-i" && key != "prefix-i") return {};
    }
    std::string name;
    for (const auto* piece : {&given, &prefix, &family, &suffix})
        if (!piece->empty()) name += (name.empty() ? "" : " ") + *piece;
    return name;
}

// "Last, First", "Last, Jr, First", "First Last", or biblatex's extended
// "family=..., given=..."; a trailing * on any part marks equal contribution.
Author author_of(EntryReader& r, const BibField& f, std::string_view raw, const OwnerNames& owner) {
    auto parts = split_outside_braces(raw, ',');
    if (raw.find("family=") != std::string_view::npos || raw.find("given=") != std::string_view::npos) {
        Author extended;
        extended.name = extended_name(r, f, parts);
        if (!extended.name.empty()) {
            extended.is_owner = owner.match(extended.name);
            return extended;
        }
    }
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
    if (names.size() > 3) r.warn(f.line, "author \"" + std::string(raw) + "\" has more than two commas; kept in order");
    for (const auto& name : names) {
        if (name.empty()) continue;
        if (!author.name.empty()) author.name += ' ';
        author.name += name;
    }
    author.is_owner = owner.match(author.name);
    return author;
}

std::vector<Author> authors_of(EntryReader& r, const OwnerNames& owner) {
    std::vector<Author> authors;
    const BibField* f = r.take("author");
    if (f == nullptr) return authors;  // an edited book, a dataset: no authors is allowed
    for (auto raw : split_names(f->value)) {
        if (raw.empty()) {
            r.warn(f->line, "empty author name (two \"and\" in a row?) left out");
            continue;
        }
        authors.push_back(author_of(r, *f, raw, owner));
    }
    return authors;
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

// A link's target as the link rule (rules/link) takes it: empty (a label
// without a target) or a link a page may make; else the warning that keeps
// its field as written, never a link (javascript:, data:, a bare file name).
std::optional<std::string> refused_link(const BibField& f, const std::string& url) {
    if (url.empty() || is_link(url)) return std::nullopt;
    return "field \"" + f.name + "\": " + in_quotes(url) + " is " + std::string(link_expected) +
           "; kept as written, not a link";
}

// links = {{Label}{https://...}, {Other}{}}; false when it is not in that
// form, or a target is refused (warned).
bool read_links_field(EntryReader& r, const BibField& f, std::vector<Link>& links) {
    std::vector<Link> found;
    std::string_view rest = f.value;
    for (;;) {
        rest = trim(rest);
        while (rest.starts_with(',') || rest.starts_with(';')) rest = trim(rest.substr(1));
        if (rest.empty()) break;
        auto label = take_group(rest);
        auto url = label ? take_group(rest) : std::nullopt;
        if (!url) {
            r.warn(f.line, "field \"links\" is not {label}{url} pairs; kept as written");
            return false;
        }
        found.push_back({r.decode(f, *label), url_of(*url)});
        if (auto refused = refused_link(f, found.back().url)) {
            r.warn(f.line, std::move(*refused));
            return false;
        }
    }
    links.insert(links.end(), found.begin(), found.end());
    return true;
}

// In field order, so the owner decides the order the page shows. Of a
// field given twice only the first is a link (as every other field is read):
// the copy is kept as written, and exported as written, never a new link.
std::vector<Link> links_of(EntryReader& r) {
    std::vector<Link> links;
    for (const auto& f : r.entry().fields) {
        if (r.entry().find(f.name) != &f) continue;
        if (f.name == "links") {
            if (read_links_field(r, f, links)) r.take("links");
            continue;
        }
        if (const auto* button = link_field_named(f.name)) {
            std::string url = url_of(f.value);
            if (auto refused = refused_link(f, url)) {
                r.warn(f.line, std::move(*refused));
                continue;
            }
            links.push_back({std::string(button->label), std::move(url)});
            r.take(f.name);
        }
    }
    return links;
}

std::vector<std::string> awards_of(EntryReader& r) {
    std::vector<std::string> awards;
    const BibField* f = r.take("award");
    if (f == nullptr) return awards;
    for (auto part : split_outside_braces(f->value, ';'))
        if (auto award = r.decode(*f, part); !award.empty()) awards.push_back(std::move(award));
    return awards;
}

// The columns of publication_text_columns that map to one field (or one of
// its biblatex spellings), then the ones read apart.
void details_of(EntryReader& r, Publication& p) {
    static constexpr std::pair<std::string_view, std::string_view> aliases[] = {
        {"number", "issue"}, {"address", "location"}};
    for (const auto& column : publication_text_columns) {
        if (column.bibtex.empty()) continue;
        const BibField* f = r.take(column.bibtex);
        for (auto [name, alias] : aliases)
            if (!f && column.bibtex == name) f = r.take(alias);
        if (f) p.*column.member = column.tex ? r.decode(*f, f->value) : std::string(trim(f->value));
    }
    p.doi = bare_doi(p.doi);
    // Editors in biblatex's extended name format, as BibTeX can read them back.
    if (const BibField* f = r.peek("editor"); f && f->value.find("family=") != std::string::npos) {
        std::string editors;
        for (auto raw : split_names(f->value)) {
            std::string name = extended_name(r, *f, split_outside_braces(raw, ','));
            if (name.empty()) name = r.decode(*f, raw);
            editors += (editors.empty() ? "" : " and ") + name;
        }
        p.editor = editors;
    }
    const BibField* prefix = r.peek("archiveprefix") ? r.peek("archiveprefix") : r.peek("eprinttype");
    if (prefix && is_arxiv(prefix->value) && r.peek("eprint")) {
        p.arxiv = trim(r.take("eprint")->value);
        r.take(prefix->name);
        if (const BibField* c = r.take_first({"primaryclass", "eprintclass"})) p.arxiv_class = trim(c->value);
    } else if (const BibField* a = r.take("arxiv")) {  // al-folio's arXiv button
        p.arxiv = trim(a->value);
        // Its class too: the export writes it next to the eprint it writes,
        // so a class left among the other fields would move on the next trip.
        if (const BibField* c = r.take_first({"primaryclass", "eprintclass"})) p.arxiv_class = trim(c->value);
        if (prefix && is_arxiv(prefix->value)) r.take(prefix->name);  // written with it, never twice
    }
    if (const BibField* f = r.take_first({"institution", "school", "organization"})) p.institution = r.decode(*f, f->value);
    if (const BibField* s = r.take("selected")) {
        std::string v = ascii_lower(trim(s->value));
        p.selected = v == "true" || v == "yes" || v == "1";
    }
}

}  // namespace

Publication publication_from_entry(const BibEntry& entry, const OwnerNames& owner, std::string_view file_name,
                                   std::vector<BibProblem>& warnings, const BibEntry* crossref) {
    EntryReader r(entry, file_name, warnings);
    r.set_parent(crossref);
    Publication p;
    p.slug = slug_from(entry.key);
    if (!is_slug(p.slug)) r.fail(entry.line, "the key gives no usable slug (letters and digits, at most " +
                                                std::to_string(limits::max_slug_bytes) + ")");
    if (p.slug != entry.key) p.bibtex_key = entry.key;
    p.kind = kind_of(r);
    if (entry.type != kind_row(p.kind).bibtex_type) p.bibtex_type = entry.type;
    p.title = r.text("title");
    if (p.title.empty()) r.fail(entry.line, "no title");
    p.authors = authors_of(r, owner);
    p.venue = venue_of(r, p.kind);
    p.year = year_of(r);
    p.abstract = r.text("abstract");
    p.links = links_of(r);
    p.awards = awards_of(r);
    details_of(r, p);
    p.fields = r.rest();
    return p;
}

}  // namespace vitae
