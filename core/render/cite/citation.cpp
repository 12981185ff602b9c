// Publication -> BibTeX, RIS and CSL-JSON. BibTeX is written so `vitae
// import-bibtex` (core/bibtex/bib_mapping.cpp) reads back the same rows:
// titles in double braces (styles keep their capitals), TeX specials escaped,
// author names and awards braced where a comma, "and", ";" or "*" would
// otherwise be read as structure. The worker and the CLI share this writer.
#include "render/cite/citation.hpp"

#include <algorithm>

#include "base/text.hpp"
#include "render/cite/latex.hpp"
#include "render/cite/publication_links.hpp"
#include "render/text/escape.hpp"
#include "rules/link.hpp"

namespace vitae {

namespace {

void add_field(std::string& out, std::string_view name, std::string_view value) {
    out += "  ";
    out += name;
    out += " = {";
    out += value;
    out += "},\n";
}

// Braces inside a value must balance and a backslash would escape the
// closing brace, so those three are percent-encoded: the same URL.
std::string url_text(std::string_view url) {
    std::string out;
    for (char c : url) {
        if (c == '{')
            out += "%7B";
        else if (c == '}')
            out += "%7D";
        else if (c == '\\')
            out += "%5C";
        else
            out += c;
    }
    return out;
}

std::string author_text(const Author& author) {
    std::string tex = utf8_to_latex(author.name);
    bool ambiguous = tex.find(',') != std::string::npos || split_names(tex).size() > 1 || tex.ends_with('*') ||
                     tex == "others" || tex.empty();
    if (ambiguous) tex = "{" + tex + "}";
    if (author.equal_contribution) tex += '*';
    return tex;
}

std::string authors_text(const std::vector<Author>& authors) {
    std::string out;
    for (const auto& author : authors) {
        if (!out.empty()) out += " and ";
        out += author_text(author);
    }
    return out;
}

std::string awards_text(const std::vector<std::string>& awards) {
    std::string out;
    for (const auto& award : awards) {
        std::string tex = utf8_to_latex(award);
        if (tex.find(';') != std::string::npos) tex = "{" + tex + "}";
        if (!out.empty()) out += "; ";
        out += tex;
    }
    return out;
}

// The first link of each button label (PDF, Code, Slides...) with a target
// goes to its field (publication_links.hpp), the rest to one `links` field,
// which is also where a link without a target goes: no field is written
// empty. That keeps the order only if the rest stand together; otherwise
// every link goes to `links`.
std::vector<const char*> fields_for_links(const std::vector<Link>& links) {
    std::vector<const char*> fields;
    std::vector<std::string_view> used;
    for (const auto& link : links) {
        const LinkField* button = link.url.empty() ? nullptr : link_field_labelled(link.label);
        const char* field = button ? button->field.data() : nullptr;
        if (field && std::find(used.begin(), used.end(), field) != used.end()) field = nullptr;
        if (field) used.push_back(field);
        fields.push_back(field);
    }
    int runs = 0;
    for (std::size_t i = 0; i < fields.size(); ++i)
        if (!fields[i] && (i == 0 || fields[i - 1])) ++runs;
    if (runs > 1) std::fill(fields.begin(), fields.end(), nullptr);
    return fields;
}

void add_links(std::string& out, const std::vector<Link>& links) {
    auto fields = fields_for_links(links);
    std::string custom;
    for (std::size_t i = 0; i < links.size(); ++i) {
        if (fields[i]) continue;
        if (!custom.empty()) custom += ", ";
        custom += "{" + utf8_to_latex(links[i].label) + "}{" + url_text(links[i].url) + "}";
    }
    bool custom_written = false;
    for (std::size_t i = 0; i < links.size(); ++i) {
        if (fields[i]) {
            add_field(out, fields[i], url_text(links[i].url));
        } else if (!custom_written) {
            add_field(out, "links", custom);
            custom_written = true;
        }
    }
}

// An empty value is not written, unless a field of that name is kept as
// written too (`doi = {}` then `DOI = {10.1/x}`): then the empty one comes
// first, as it did, so the next import uses it again and keeps the copy.
void add_or_hold(std::string& out, const Publication& p, std::string_view field, const std::string& value) {
    bool kept = std::any_of(p.fields.begin(), p.fields.end(), [&](const Field& f) { return f.name == field; });
    if (!value.empty() || kept) add_field(out, field, value);
}

// The v3 columns, each under its own field; the arXiv id as eprint with its
// archivePrefix; the school or institution by kind.
void add_details(std::string& out, const Publication& p) {
    auto add = [&out, &p](std::string_view field, const std::string& value, bool tex) {
        add_or_hold(out, p, field, tex ? utf8_to_latex(value) : value);
    };
    if (p.selected) add_field(out, "selected", "true");
    for (const auto& column : publication_text_columns) {
        const std::string& value = p.*column.member;
        if (!column.bibtex.empty()) {
            add(column.bibtex, value, column.tex);
        } else if (column.member == &Publication::arxiv && !value.empty()) {
            add_field(out, "eprint", value);
            add_field(out, "archiveprefix", "arXiv");
            add("primaryclass", p.arxiv_class, false);
        } else if (column.member == &Publication::institution) {
            add(p.kind == PublicationKind::thesis ? "school" : "institution", value, true);
        }
    }
}

}  // namespace

std::string bibtex_entry(const Publication& p) {
    const KindRow& kind = kind_row(p.kind);
    std::string_view type = p.bibtex_type.empty() ? kind.bibtex_type : std::string_view(p.bibtex_type);
    const std::string& key = p.bibtex_key.empty() ? p.slug : p.bibtex_key;
    std::string out = "@" + std::string(type) + "{" + key + ",\n";
    add_field(out, "title", "{" + utf8_to_latex(p.title) + "}");
    if (!p.authors.empty()) add_field(out, "author", authors_text(p.authors));
    add_or_hold(out, p, kind.bibtex_venue, utf8_to_latex(p.venue));
    if (p.year) add_field(out, "year", std::to_string(*p.year));
    add_links(out, p.links);
    if (!p.awards.empty()) add_field(out, "award", awards_text(p.awards));
    add_or_hold(out, p, "abstract", utf8_to_latex(p.abstract));
    add_details(out, p);
    for (const auto& f : p.fields) add_field(out, f.name, f.value);  // as the owner's file had it
    out += "}\n";
    return out;
}

std::string bibtex_file(const SharedRows<Publication>& publications) {
    std::string out;
    for (const auto& p : publications) out += (out.empty() ? "" : "\n") + bibtex_entry(p);
    return out;
}

namespace {

// "Dan R. K. Ports" -> {"Ports", "Dan R. K."}: the last word is the family
// name. A one-word name has no given part.
std::pair<std::string_view, std::string_view> split_name(std::string_view name) {
    if (name == "et al.") return {name, {}};  // BibTeX's "and others": one literal, never "al., et"
    auto space = name.rfind(' ');
    if (space == std::string_view::npos) return {name, {}};
    return {name.substr(space + 1), name.substr(0, space)};
}

void ris_line(std::string& out, std::string_view tag, std::string_view value) {
    std::string v = ris_value(value);
    if (v.empty()) return;
    out += tag;
    out += "  - ";
    out += v;
    out += "\r\n";
}

}  // namespace

std::string ris_entry(const Publication& p) {
    std::string out;
    ris_line(out, "TY", kind_row(p.kind).ris_type);
    ris_line(out, "ID", p.slug);
    ris_line(out, "TI", p.title);
    for (const auto& a : p.authors) {
        auto [family, given] = split_name(a.name);
        ris_line(out, "AU", given.empty() ? std::string(family) : std::string(family) + ", " + std::string(given));
    }
    ris_line(out, "T2", p.venue);
    if (p.year) ris_line(out, "PY", std::to_string(*p.year));
    ris_line(out, "DO", p.doi);
    ris_line(out, "VL", p.volume);
    ris_line(out, "IS", p.number);
    auto [first, last] = page_range(p.pages);
    ris_line(out, "SP", first);
    ris_line(out, "EP", last);
    ris_line(out, "PB", p.publisher.empty() ? p.institution : p.publisher);
    ris_line(out, "SN", p.isbn.empty() ? p.issn : p.isbn);
    ris_line(out, "AB", p.abstract);
    for (const auto& link : p.links)  // a reference manager links them: only what the link rule takes
        if (is_link(link.url)) ris_line(out, link.label == "PDF" ? "L1" : "UR", link.url);
    for (const auto& award : p.awards) ris_line(out, "N1", award);
    out += "ER  - \r\n";
    return out;
}

std::string csl_json(const Publication& p) {
    std::string out = "[{\"id\":" + json_string(p.slug) + ",\"type\":" + json_string(kind_row(p.kind).csl_type);
    out += ",\"title\":" + json_string(p.title) + ",\"author\":[";
    for (std::size_t i = 0; i < p.authors.size(); ++i) {
        auto [family, given] = split_name(p.authors[i].name);
        out += i ? ",{" : "{";
        out += given.empty() ? "\"literal\":" + json_string(family)
                             : "\"family\":" + json_string(family) + ",\"given\":" + json_string(given);
        out += "}";
    }
    out += "]";
    if (!p.venue.empty()) out += ",\"container-title\":" + json_string(p.venue);
    if (!p.venue_short.empty()) out += ",\"container-title-short\":" + json_string(p.venue_short);
    if (p.year) out += ",\"issued\":{\"date-parts\":[[" + std::to_string(*p.year) + "]]}";
    auto add = [&out](std::string_view name, const std::string& value) {
        if (!value.empty()) out += ",\"" + std::string(name) + "\":" + json_string(value);
    };
    add("DOI", p.doi);
    add("volume", p.volume);
    add("issue", p.number);
    add("page", p.pages);
    add("publisher", p.publisher.empty() ? p.institution : p.publisher);
    add("ISBN", p.isbn);
    add("ISSN", p.issn);
    // The arXiv id as the archive's own identifier (CSL 1.0.2 archive/
    // archive_location): `number` is a report number, which citeproc styles
    // print with a "No." term that papers do not have.
    if (!p.arxiv.empty()) {
        add("archive", "arXiv");
        add("archive_location", p.arxiv);
    }
    if (!p.abstract.empty()) out += ",\"abstract\":" + json_string(p.abstract);
    auto link = std::find_if(p.links.begin(), p.links.end(), [](const Link& l) { return is_link(l.url); });
    if (link != p.links.end()) out += ",\"URL\":" + json_string(link->url);
    out += "}]\n";
    return out;
}

std::pair<std::string, std::string> page_range(std::string_view pages) {
    // "12--34", "12–34", "12-34" or "e1234": the first page and the last (if any).
    auto dash = pages.find_first_of("-\xe2");
    if (dash == std::string_view::npos) return {std::string(trim(pages)), {}};
    auto rest = pages.substr(dash);
    while (!rest.empty() && (rest.front() == '-' || static_cast<unsigned char>(rest.front()) >= 0x80)) rest.remove_prefix(1);
    return {std::string(trim(pages.substr(0, dash))), std::string(trim(rest))};
}

}  // namespace vitae
