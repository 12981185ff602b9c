// The site's content as plain values, exactly as loaded from one read
// transaction. Immutable once built; shared between threads by const pointer.
// Equality is exact (every field compared), which is how a reload tells new
// content from old: no digest that a collision could fool.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "store/model/owner_names.hpp"
#include "store/model/publication_kind.hpp"
#include "store/model/shared_rows.hpp"

namespace vitae {

struct Email {
    std::string address;  // as shown, e.g. "haoranz [at] nvidia [dot] com"
    std::string label;

    bool operator==(const Email&) const = default;
};

struct Link {
    std::string label;
    std::string url;  // empty: named but without a target; rendered as a label

    bool operator==(const Link&) const = default;
};

struct Education {
    int start_year = 0;
    int end_year = 0;
    std::string degree;
    std::string institution;

    bool operator==(const Education&) const = default;
};

struct Post {
    std::string slug;
    std::string title;
    std::string published;    // YYYY-MM-DD
    std::string body_format;  // "markdown" or "html"
    std::string body;
    std::vector<std::string> tags;  // in the owner's order, each a slug-like word
    bool draft = false;             // listed nowhere; served only at its preview URL
    std::string preview_token;      // 32 hex digits, or empty (no preview URL)

    bool operator==(const Post&) const = default;
};

struct Author {
    std::string name;
    bool is_owner = false;
    bool equal_contribution = false;

    bool operator==(const Author&) const = default;
};

// A BibTeX field kept as the file wrote it (raw TeX), for everything the
// model has no column for: nothing imported is ever dropped.
struct Field {
    std::string name;  // lower case
    std::string value;

    bool operator==(const Field&) const = default;
};

// How often a paper is cited, as one service counted it (`vitae sync`).
struct CitationCount {
    std::string service;   // "openalex", "inspire", "crossref"
    std::int64_t count = 0;
    std::string counted;   // YYYY-MM-DD: the day the count last changed

    bool operator==(const CitationCount&) const = default;
};

struct Publication {
    std::string slug;
    PublicationKind kind = PublicationKind::preprint;
    std::string title;
    std::string venue;
    std::optional<int> year;
    std::string abstract;
    std::vector<Author> authors;
    std::vector<Link> links;
    std::vector<std::string> awards;
    // What reference managers export beyond that; "" when absent.
    bool selected = false;  // shown under "Selected publications" on the home page
    std::string venue_short;  // al-folio's abbr
    std::string doi;          // no resolver prefix
    std::string arxiv;        // the eprint id
    std::string arxiv_class;
    std::string volume;
    std::string number;
    std::string pages;
    std::string publisher;
    std::string institution;
    std::string address;
    std::string month;
    std::string editor;
    std::string series;
    std::string edition;
    std::string isbn;
    std::string issn;
    std::string note;
    std::string keywords;
    std::string bibtex_key;   // "" means the slug
    std::string bibtex_type;  // "" means the kind's
    std::vector<Field> fields;
    std::string preview;  // a stored picture's name shown beside it, "" for none (not BibTeX)
    std::vector<CitationCount> citations;  // from `vitae sync`, highest count first (not BibTeX)

    bool operator==(const Publication&) const = default;
};

// The text columns of `publication` beyond the core ones, in table order: the
// member each fills and the BibTeX field it comes from and goes back to.
// The loader, the CLI's writer and diff, and the BibTeX import and export
// all walk this one list.
struct TextColumn {
    std::string_view name;
    std::string Publication::*member;
    std::string_view bibtex;  // "": read and written apart (arXiv, institution, key, type)
    bool tex;                 // TeX in BibTeX (decoded on import); false: verbatim (DOI, ISBN)
};
inline constexpr TextColumn publication_text_columns[] = {
    {"venue_short", &Publication::venue_short, "abbr", true},
    {"doi", &Publication::doi, "doi", false},
    {"arxiv", &Publication::arxiv, "", false},
    {"arxiv_class", &Publication::arxiv_class, "", false},
    {"volume", &Publication::volume, "volume", true},
    {"number", &Publication::number, "number", true},
    {"pages", &Publication::pages, "pages", true},
    {"publisher", &Publication::publisher, "publisher", true},
    {"institution", &Publication::institution, "", true},
    {"address", &Publication::address, "address", true},
    {"month", &Publication::month, "month", true},
    {"editor", &Publication::editor, "editor", true},
    {"series", &Publication::series, "series", true},
    {"edition", &Publication::edition, "edition", true},
    {"isbn", &Publication::isbn, "isbn", false},
    {"issn", &Publication::issn, "issn", false},
    {"note", &Publication::note, "note", true},
    {"keywords", &Publication::keywords, "keywords", true},
    {"bibtex_key", &Publication::bibtex_key, "", false},
    {"bibtex_type", &Publication::bibtex_type, "", false},
};

struct Teaching {
    std::string course;
    std::string title;
    std::string term;
    std::string role;  // "Teaching Assistant", "Instructor"; "" unnamed

    bool operator==(const Teaching&) const = default;
};

struct Service {
    std::string role;
    std::string venue;

    bool operator==(const Service&) const = default;
};

struct Experience {
    std::string organization;
    std::string location;
    std::string role;
    std::string start_month;  // YYYY-MM
    std::string end_month;    // YYYY-MM or empty

    bool operator==(const Experience&) const = default;
};

// A short dated note, in Markdown (math allowed, raw HTML sanitized).
struct News {
    std::int64_t id = 0;  // the row's id: its anchor, /news/#news-<id>, and its feed entry's
    std::string date;     // YYYY-MM-DD
    std::string markdown;

    bool operator==(const News&) const = default;
};

// A talk given at an event. Every text but the title and date may be empty.
struct Talk {
    std::int64_t id = 0;
    std::string date;  // YYYY-MM-DD
    std::string title;
    std::string event;  // "NeurIPS 2025", "MIT ML Seminar"
    std::string place;  // "Vancouver", "Online"
    std::string url_slides;
    std::string url_video;
    std::string url_event;
    std::string abstract;  // Markdown, may be empty

    bool operator==(const Talk&) const = default;
};

// A project, with a page at /projects/<slug>. Its related
// publications are named by slug (the loader resolves project_publication's
// ids, and reads them again when a publication changes).
struct Project {
    std::string slug;
    std::string title;
    std::string summary;   // Markdown: a sentence or two for /projects/
    std::string markdown;  // the page's body (math allowed)
    std::string image;     // a stored picture's name, "" for none
    std::vector<Link> links;                // in the owner's order: http(s) or /files/<name>
    std::vector<std::string> publications;  // slugs, in the owner's order of publications
    std::vector<std::string> posts;         // slugs, newest first

    bool operator==(const Project&) const = default;
};

// A page of the owner's own ("Teaching", "Join the lab") at /<slug>/: a
// title and a body shown as a post's is, in the nav when in_menu. Its slug
// is none a route or a language prefix uses (http/router's page_slug_problem).
struct OwnPage {
    std::string slug{};
    std::string title{};
    std::string body_format = "markdown";  // "markdown" (math allowed) or "html" (sanitized)
    std::string body{};
    bool in_menu = false;

    bool operator==(const OwnPage&) const = default;
};

// A line of the CV's awards.
struct Award {
    std::optional<int> year;  // none when undated
    std::string name;         // "Best Paper Award"
    std::string issuer;       // "OSDI 2024", may be empty

    bool operator==(const Award&) const = default;
};

struct Coauthor {
    std::string name;
    std::string url;
    std::string orcid;

    bool operator==(const Coauthor&) const = default;
};

// A stored file's description (its bytes stay in the database, read when served).
// What an uploaded PDF says of its own accessibility, read by qpdf when it
// is added (picture/pdf_facts.hpp); kept with the file, so the pages, the
// editor and `vitae check` show it without reading the PDF again.
struct PdfFacts {
    bool read = false;    // false: not a PDF, or stored before these were read (schema v13)
    bool tagged = false;  // /MarkInfo /Marked true and a /StructTreeRoot: a screen reader can follow it
    std::string language;  // the catalog's /Lang; "" when it names none
    std::string title;     // the Info dictionary's /Title, else XMP's dc:title; "" when neither
    bool text = false;     // text a reader can extract: fonts with Unicode maps, not locked against copying

    bool operator==(const PdfFacts&) const = default;
};

struct StoredFile {
    std::string name;    // as in its URL and on disk: slug.hpp's is_file_name, the type's extension
    std::string type;    // MIME type, sniffed from the bytes
    std::int64_t size = 0;
    std::string digest;  // SHA-256, lower-case hex
    int width = 0;       // pictures: pixels; 0 for other files
    int height = 0;
    std::string alt;     // pictures: what it shows
    std::string variant_of;  // a smaller copy of this picture (for srcset); "" for an owner's file
    PdfFacts pdf;            // a PDF's accessibility, as read when it was added

    bool is_picture() const { return width > 0 && height > 0; }
    // A PDF read when added and found untagged: flagged wherever it is listed or linked.
    bool is_untagged_pdf() const { return pdf.read && !pdf.tagged; }

    bool operator==(const StoredFile&) const = default;
};

// A language the site is written in. The default one is served
// at /, every other under /<code>/.
struct Language {
    std::string code;  // BCP 47: "en", "zh-Hant", "ar"
    std::string name;  // as its readers write it: "English", "中文"
    bool is_default = false;

    bool operator==(const Language&) const = default;
};

// One field of one row in one language. `index` is the row's
// place in its list (bio paragraphs, education...: rows keyed by position),
// -1 for rows keyed by slug or id, or when no row has that position.
struct Translation {
    std::string language;
    std::string item;   // "post", "publication", "paragraph", ...
    std::string key;    // the row: a slug, an id or a position, as text
    std::string field;  // "title", "markdown", ...
    std::string text;
    std::int64_t index = -1;

    bool operator==(const Translation&) const = default;
};

struct Content {
    std::string name;
    std::vector<std::string> name_variants;  // other spellings of `name` in author lists
    std::vector<Coauthor> coauthors;
    std::string affiliation;  // may be empty
    std::string job_title;    // may be empty
    std::vector<std::string> bio_markdown;
    std::vector<Email> emails;
    std::vector<Link> links;
    std::vector<Education> education;
    SharedRows<Post> posts;  // newest first
    SharedRows<Publication> publications;  // in the owner's order, preprints included
    std::vector<Teaching> teaching;
    std::vector<Service> services;
    std::vector<Experience> experiences;
    std::vector<News> news;   // newest first
    std::vector<Talk> talks;  // newest first
    std::vector<Project> projects;  // in the owner's order
    std::vector<OwnPage> pages;        // in the owner's order (the nav's, for those in it)
    std::vector<Award> awards;  // in the owner's order
    std::string photo;  // the profile photo: a file's name, "" for none
    std::vector<StoredFile> files;  // each owner's file, then the copies made of it (file_store.hpp)
    std::vector<Language> languages;        // in the switcher's order; empty: English only
    std::vector<Translation> translations;  // every language's, by language, item, key, field
    // What translated() made of this content: the language its rows are in
    // ("" for the rows as stored) and the rows it translated, as "item:key",
    // or "item#index" for rows keyed by position (the others carry their own lang).
    std::string language;
    std::set<std::string, std::less<>> translated;

    bool operator==(const Content&) const = default;

    // The file of this name, or none.
    const StoredFile* file(std::string_view file_name) const {
        for (const auto& f : files)
            if (f.name == file_name) return &f;
        return nullptr;
    }
};

// Each tag of the posts, in byte order, with the indexes of its posts in
// content.posts (newest first): the tag pages, their feeds and the sitemap
// all walk this one map.
using TagIndex = std::map<std::string, std::vector<std::size_t>, std::less<>>;
TagIndex posts_by_tag(const Content& content);

// Whether `author` is the owner by the profile's names (owner_names.hpp).
inline bool is_owner_name(const Content& content, std::string_view author) {
    return OwnerNames(content.name, content.name_variants).match(author);
}

// Whether the site has a CV (/cv/, /cv.pdf, /cv.json): any row of the
// sections it is made from. The profile alone is not a CV.
inline bool has_cv(const Content& c) {
    return !c.education.empty() || !c.experiences.empty() || !c.publications.empty() || !c.talks.empty() ||
           !c.teaching.empty() || !c.services.empty() || !c.awards.empty();
}

// The kinds that have at least one publication, in kind_rows() order: the
// filters a list offers and the filter pages the sitemap names.
inline std::vector<PublicationKind> kinds_in(const Content& content) {
    std::vector<PublicationKind> kinds;
    for (const auto& row : kind_rows())
        for (const auto& p : content.publications)
            if (p.kind == row.kind) {
                kinds.push_back(row.kind);
                break;
            }
    return kinds;
}

}  // namespace vitae
