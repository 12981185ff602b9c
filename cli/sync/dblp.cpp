// DBLP (https://dblp.org/faq/How+to+use+the+dblp+search+API.html): a
// person's file, /pid/<pid>.xml, is <dblpperson> holding one <r> per
// record: <article>, <inproceedings>, ... with a key (the DBLP key, how a
// work is found again), authors (a homonym carries a 4-digit number, "Wei
// Wang 0001", which is DBLP's, not the name), title (DBLP ends it with a
// period), year, venue (journal or booktitle), volume, number, pages and
// <ee> links: a https://doi.org/ one is the DOI, an arxiv.org one the
// arXiv id; CoRR's volume "abs/2401.01234" names it too. Parsed with
// libxml2, no network and no entity expansion (a person file needs none).
#include <libxml/parser.h>
#include <libxml/tree.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string_view>

#include "cli/sync/sources.hpp"
#include "rules/work_identity.hpp"
#include "rules/work_ids.hpp"

namespace vitae::cli::sync {

namespace {

using XmlDoc = std::unique_ptr<xmlDoc, decltype(&xmlFreeDoc)>;

// xmlFree is a variable holding libxml2's allocator's free, not a function.
struct DblpXmlFree {
    void operator()(xmlChar* text) const { xmlFree(text); }
};
using XmlText = std::unique_ptr<xmlChar, DblpXmlFree>;

std::string_view node_name(const xmlNode* node) { return reinterpret_cast<const char*>(node->name); }

std::string text_of_node(const xmlNode* node) {
    XmlText text(xmlNodeGetContent(node));
    return text ? std::string(reinterpret_cast<const char*>(text.get())) : std::string();
}

std::string attribute_of(const xmlNode* node, const char* name) {
    XmlText value(xmlGetProp(node, reinterpret_cast<const xmlChar*>(name)));
    return value ? std::string(reinterpret_cast<const char*>(value.get())) : std::string();
}

// "Wei Wang 0001" -> "Wei Wang": DBLP's number for a homonym.
std::string without_homonym_number(std::string name) {
    auto n = name.size();
    if (n > 5 && name[n - 5] == ' ' && name.find_first_not_of("0123456789", n - 4) == std::string::npos) name.resize(n - 5);
    return name;
}

std::optional<PublicationKind> dblp_kind(std::string_view element) {
    if (element == "article") return PublicationKind::journal;
    if (element == "inproceedings") return PublicationKind::conference;
    if (element == "incollection") return PublicationKind::chapter;
    if (element == "book") return PublicationKind::book;
    if (element == "proceedings") return PublicationKind::proceedings;
    if (element == "phdthesis" || element == "mastersthesis") return PublicationKind::thesis;
    if (element == "data") return PublicationKind::dataset;
    return std::nullopt;  // <www> (a home page), anything newer
}

// An <ee> that names a DOI or an arXiv id: the first of each is the
// record's, any other a version of it (DBLP lists one work's copies).
void read_link(const std::string& url, FetchedWork& work) {
    Publication& p = work.publication;
    std::string doi = url.starts_with("http") ? doi_key(url) : std::string();  // an <ee> is a URL
    std::string arxiv = arxiv_key(url);
    std::string& slot = doi.empty() ? p.arxiv : p.doi;
    std::string value = doi.empty() ? arxiv : doi;
    if (value.empty() || value == slot) return;
    if (slot.empty()) slot = value;
    else add_version(work, id_key(url));
}

void read_field(const xmlNode* field, FetchedWork& work) {
    Publication& p = work.publication;
    std::string_view name = node_name(field);
    std::string text = text_of_node(field);
    if (name == "author" || name == "editor") {
        if (name == "author" || p.kind == PublicationKind::proceedings) p.authors.push_back({without_homonym_number(text), false, false});
    } else if (name == "title") {
        if (!text.empty() && text.back() == '.') text.pop_back();
        p.title = text;
    } else if (name == "year") {
        p.year = static_cast<int>(std::strtol(text.c_str(), nullptr, 10));
    } else if (name == "journal" || name == "booktitle") {
        fill_missing(p.venue, text);
    } else if (name == "volume") {
        p.volume = text;
    } else if (name == "number") {
        p.number = text;
    } else if (name == "pages") {
        if (auto dash = text.find('-'); dash != std::string::npos) text.replace(dash, 1, "\u2013");
        p.pages = text;
    } else if (name == "publisher") {
        p.publisher = text;
    } else if (name == "ee") {
        read_link(text, work);
    }
}

// CoRR is arXiv: its records are preprints, the id in their volume.
void read_corr(Publication& p) {
    if (p.venue != "CoRR") return;
    p.kind = PublicationKind::preprint;
    if (p.volume.rfind("abs/", 0) == 0 && p.arxiv.empty()) p.arxiv = arxiv_key(p.volume.substr(4));
    p.venue.clear();
    p.volume.clear();
}

std::optional<FetchedWork> dblp_record(const xmlNode* record) {
    auto kind = dblp_kind(node_name(record));
    std::string key = attribute_of(record, "key");
    if (!kind || key.empty()) return std::nullopt;
    FetchedWork work;
    work.service = "dblp";
    Publication& p = work.publication;
    p.kind = *kind;
    if (attribute_of(record, "publtype") == "informal") p.kind = PublicationKind::preprint;
    for (const xmlNode* field = record->children; field; field = field->next)
        if (field->type == XML_ELEMENT_NODE) read_field(field, work);
    read_corr(p);
    if (p.title.empty()) return std::nullopt;
    work.ids.push_back({"dblp", key});
    return work;
}

}  // namespace

std::vector<FetchedWork> dblp_person_works(const std::string& body) {
    XmlDoc doc(xmlReadMemory(body.data(), static_cast<int>(body.size()), "dblp.xml", nullptr,
                             XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING),
               xmlFreeDoc);
    const xmlNode* root = doc ? xmlDocGetRootElement(doc.get()) : nullptr;
    if (!root) throw SyncError("dblp: the answer is not XML (not a person file)");
    if (node_name(root) != "dblpperson")
        throw SyncError("dblp: the answer is not a person file (its root is <" + std::string(node_name(root)) + ">, not <dblpperson>)");
    std::vector<FetchedWork> out;
    for (const xmlNode* r = root->children; r; r = r->next) {
        if (r->type != XML_ELEMENT_NODE || node_name(r) != "r") continue;
        for (const xmlNode* record = r->children; record; record = record->next)
            if (record->type == XML_ELEMENT_NODE)
                if (auto work = dblp_record(record)) out.push_back(std::move(*work));
    }
    return out;
}

std::vector<FetchedWork> fetch_dblp(Fetch& fetch, const std::string& pid) {
    std::string url = base_url(*source_named("dblp")) + "/pid/" + percent_encode(pid, "/") + ".xml";
    return dblp_person_works(fetch.http.get(url, "dblp person " + pid, {"Accept: application/xml"}));
}

}  // namespace vitae::cli::sync
