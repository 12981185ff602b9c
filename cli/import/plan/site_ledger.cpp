#include "cli/import/plan/site_ledger.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "base/utf8.hpp"
#include "cli/import/front/jekyll.hpp"
#include "cli/import/plan/site_demo.hpp"
#include "cli/import/plan/site_file_kinds.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

bool ledger_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

std::string messages_of(const std::vector<const SiteNote*>& notes, SiteNote::Outcome outcome) {
    std::string out;
    for (const SiteNote* note : notes)
        if (note->outcome == outcome && out.find(note->message) == std::string::npos)
            out += (out.empty() ? "" : "; ") + note->message;
    return out;
}

// The file's text, at most what a person needs to judge it; "" when unreadable.
std::string head_of(const fs::path& file) {
    try {
        std::string text = read_site_file(file);
        return text.size() > 200000 ? text.substr(0, 200000) : text;
    } catch (const Error&) {
        return {};
    }
}

// At most twelve words of `text`, on one line.
std::string first_words(std::string_view text) {
    std::string out;
    int words = 0;
    for (std::size_t at = 0; at < text.size() && words < 12;) {
        while (at < text.size() && is_blank(text[at])) ++at;
        std::size_t end = at;
        while (end < text.size() && !is_blank(text[end])) ++end;
        if (end > at) {
            out += (out.empty() ? "" : " ") + std::string(text.substr(at, end - at));
            ++words;
        }
        at = end;
    }
    return std::string(utf8_prefix(out, 120));
}

// Words with a letter in them; a run of non-ASCII bytes (Han, Kana, Hangul
// written without spaces) counts a word for every three bytes.
std::size_t word_count(std::string_view text) {
    std::size_t words = 0;
    for (std::size_t at = 0; at < text.size();) {
        while (at < text.size() && is_blank(text[at])) ++at;
        std::size_t end = at, non_ascii = 0;
        bool letter = false;
        for (; end < text.size() && !is_blank(text[end]); ++end) {
            auto c = static_cast<unsigned char>(text[end]);
            letter = letter || ledger_letter(text[end]);
            non_ascii += c >= 0x80;
        }
        if (end > at) words += letter ? 1 : non_ascii / 3;
        at = end;
    }
    return words;
}

// What a not-understood file of the owner's could become.
std::string suggestion_for(Holds holds, const std::string& file) {
    switch (holds) {
        case Holds::page:
            if (file.starts_with("_includes/"))
                return "an include no imported page pulls in: copy its text into the bio (vitae set bio) or a post (vitae add post)";
            return "a page of its own: Vitae has no place for it in this import; add it as a post (vitae add post) or copy "
                   "its text into the bio";
        case Holds::data:
            return "data of a shape import-site does not read (talks with dates, courses with terms, a JSON Resume, a CV "
                   "of sections): add its rows with vitae add talk, teaching, award...";
        case Holds::bibliography: return "vitae import-bibtex DB " + file;
        case Holds::document: return "vitae file add DB " + file + " stores it; link /files/<name> from the bio or a post";
        case Holds::nothing_known: break;
    }
    return "not a kind of file import-site knows; nothing of it is imported";
}

LedgerEntry classed(const std::string& file, FileClass kind, std::string detail) {
    LedgerEntry entry;
    entry.file = file;
    entry.kind = kind;
    entry.detail = std::move(detail);
    return entry;
}

std::string and_skipped(std::string detail, const std::string& skipped) {
    return skipped.empty() ? detail : detail + "; " + skipped;
}

// What the readers said, in this order: imported, demo, machinery.
std::optional<LedgerEntry> by_notes(const std::string& file, const std::vector<const SiteNote*>& notes) {
    for (auto [outcome, kind] : {std::pair{SiteNote::Outcome::imported, FileClass::imported},
                                 {SiteNote::Outcome::demo, FileClass::demo},
                                 {SiteNote::Outcome::machinery, FileClass::machinery}})
        if (std::string said = messages_of(notes, outcome); !said.empty()) return classed(file, kind, said);
    return std::nullopt;
}

// What its text is: a theme's example, or a page with no text of its own
// or one the generator fills from data (its loops and a heading or two).
std::optional<LedgerEntry> by_text(const std::string& file, Holds holds, const std::string& text, const std::string& visible,
                                   const std::string& skipped) {
    if (auto demo = demo_file_text(holds == Holds::page ? visible : text); demo && holds != Holds::nothing_known)
        return classed(file, FileClass::demo, *demo + "; left out");
    if (holds != Holds::page) return std::nullopt;
    std::size_t words = word_count(visible);
    bool loops = text.find("{% for") != std::string::npos || text.find("{%- for") != std::string::npos ||
                 text.find("{{ range") != std::string::npos || text.find("{{- range") != std::string::npos;
    if (words < 3)
        return classed(file, FileClass::machinery,
                       and_skipped("no text of its own (front matter and the generator's tags): a list or layout page", skipped));
    if (loops && words < 25)
        return classed(file, FileClass::machinery, and_skipped("a page the generator fills from data (a loop and a heading or two)", skipped));
    return std::nullopt;
}

LedgerEntry judge(const fs::path& path, const std::string& file, const std::vector<const SiteNote*>& notes) {
    if (auto said = by_notes(file, notes)) return *said;
    std::string skipped = messages_of(notes, SiteNote::Outcome::skipped);
    if (auto part = machinery_part(file)) return classed(file, FileClass::machinery, and_skipped(*part, skipped));
    if (is_demo_asset(file)) return classed(file, FileClass::demo, "the theme's example media, by its shipped name; left out");
    Holds holds = what_it_holds(file);
    std::string text = holds == Holds::document ? std::string() : head_of(path);
    std::string visible = holds == Holds::page ? visible_text(text) : std::string();
    if (auto judged = by_text(file, holds, text, visible, skipped)) return *judged;
    LedgerEntry entry = classed(file, FileClass::not_understood, skipped.empty() ? "not read by import-site" : skipped);
    if (holds != Holds::document) entry.first_words = first_words(holds == Holds::page ? visible : text);
    entry.owners = holds != Holds::nothing_known;
    entry.suggestion = skipped.empty() || holds == Holds::nothing_known
                           ? suggestion_for(holds, file)
                           : "correct what is said and import again, or add what it holds by hand (vitae add ...)";
    return entry;
}

}  // namespace

std::string visible_text(std::string_view page) {
    std::string body(page);
    try {
        FrontMatterFile read = split_front_matter(page);
        if (read.has_front) body = read.body;
    } catch (const Error&) {  // a broken front matter: the whole file is what a person sees
    }
    if (body.starts_with("+++"))
        if (auto end = body.find("\n+++", 3); end != std::string::npos) body.erase(0, end + 4);
    std::string text = strip_liquid(body, 1).text, out;
    // HTML comments, {{ }} (Hugo's shortcodes, Liquid's output), tags and
    // entities as a space each; scanned, not matched, so a long page costs
    // what it is long.
    for (std::size_t at = 0; at < text.size();) {
        std::string_view close;
        if (text.compare(at, 4, "<!--") == 0) close = "-->";
        else if (text.compare(at, 2, "{{") == 0) close = "}}";
        else if (text[at] == '<' && at + 1 < text.size() && (ledger_letter(text[at + 1]) || text[at + 1] == '/')) close = ">";
        else if (text[at] == '&' && at + 1 < text.size() && ledger_letter(text[at + 1])) close = ";";
        if (close.empty()) {
            out += text[at++];
            continue;
        }
        auto end = text.find(close, at + 1);
        if (end == std::string::npos || (close == ";" && end - at > 10)) {
            out += text[at++];
            continue;
        }
        out += ' ';
        at = end + close.size();
    }
    return out;
}

std::vector<LedgerEntry> site_ledger(const fs::path& dir, const std::vector<SiteNote>& notes) {
    std::map<std::string, std::vector<const SiteNote*>> by_file;
    for (const auto& note : notes) by_file[note.file].push_back(&note);
    std::vector<LedgerEntry> out;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_directory() && it->path().filename() == ".git") {
            it.disable_recursion_pending();
            continue;
        }
        if (!it->is_regular_file()) continue;
        std::string file = it->path().lexically_relative(dir).generic_string();
        auto found = by_file.find(file);
        out.push_back(judge(it->path(), file, found == by_file.end() ? std::vector<const SiteNote*>{} : found->second));
    }
    if (ec) throw Error("import-site: reading the folder " + in_quotes(dir.string()) + ": " + ec.message());
    std::sort(out.begin(), out.end(), [](const LedgerEntry& a, const LedgerEntry& b) { return a.file < b.file; });
    return out;
}

const char* class_name(FileClass kind) {
    static constexpr const char* names[] = {"imported", "demo", "machinery", "not understood"};
    return names[static_cast<int>(kind)];
}

std::size_t leftovers(const SiteImportReport& report) {
    return static_cast<std::size_t>(std::count_if(report.ledger.begin(), report.ledger.end(), [](const LedgerEntry& e) {
        return e.kind == FileClass::not_understood && e.owners;
    }));
}

std::string ledger_json(const SiteImportReport& report) {
    nlohmann::ordered_json counts = nlohmann::ordered_json::object(), files = nlohmann::ordered_json::array();
    for (FileClass kind : {FileClass::imported, FileClass::demo, FileClass::machinery, FileClass::not_understood})
        counts[class_name(kind)] = std::count_if(report.ledger.begin(), report.ledger.end(),
                                                 [&](const LedgerEntry& e) { return e.kind == kind; });
    for (const auto& e : report.ledger) {
        nlohmann::ordered_json file = {{"file", e.file}, {"class", class_name(e.kind)}, {"detail", e.detail}};
        if (e.kind == FileClass::not_understood) {
            file["first_words"] = e.first_words;
            file["suggestion"] = e.suggestion;
            file["owners"] = e.owners;
        }
        files.push_back(std::move(file));
    }
    nlohmann::ordered_json accessibility = nlohmann::ordered_json::array();
    for (const auto& f : report.accessibility)
        accessibility.push_back({{"item", f.item}, {"key", f.key}, {"field", f.field}, {"language", f.language},
                                 {"rule", rule_name(f.finding.rule)}, {"detail", f.finding.detail}, {"fix", f.how_to_fix()}});
    nlohmann::ordered_json out = {{"theme", report.theme}, {"counts", counts}, {"leftovers", leftovers(report)},
                                  {"files", files}, {"accessibility", accessibility}};
    // Invalid UTF-8 in a file's first words is replaced, never a throw.
    return out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace vitae::cli
