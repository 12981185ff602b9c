// import-site, Quarto: the .bib files the pages read: publications through
// import-bibtex (a software page's as software), a talks page's as talks.
#include <map>
#include <regex>
#include <set>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/text.hpp"
#include "bibtex/bibtex.hpp"
#include "cli/import/quarto/quarto_items.hpp"
#include "render/cite/latex.hpp"

namespace vitae::cli {

namespace fs = std::filesystem;

namespace {

std::string bib_plain(const BibEntry& entry, const char* name) {
    const BibField* field = entry.find(name);
    if (!field) return {};
    std::string text = latex_to_utf8(field->value);
    std::erase_if(text, [](char c) { return c == '{' || c == '}'; });
    return std::string(trim(text));
}

// "June", "jun", "6" -> "06"; "01" when none.
std::string bib_month(std::string_view written) {
    static const char* const months[] = {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"};
    std::string lower = ascii_lower(trim(written));
    for (int i = 0; i < 12; ++i)
        if (lower.starts_with(months[i])) return (i < 9 ? "0" : "") + std::to_string(i + 1);
    if (!lower.empty() && is_ascii_digit(lower[0])) {
        int n = std::atoi(lower.c_str());
        if (n >= 1 && n <= 12) return (n < 10 ? "0" : "") + std::to_string(n);
    }
    return "01";
}

void read_bib_talks(SitePlan& plan, const fs::path& file) {
    BibFile bib = read_bibtex_file(file);
    std::size_t read = 0;
    for (const auto& entry : bib.entries) {
        std::string title = bib_plain(entry, "title");
        std::string year = bib_plain(entry, "year");
        if (title.empty() || year.size() != 4 || !is_ascii_digit(year[0])) {
            plan.note(SiteNote::Outcome::skipped, file, "@" + entry.type + "{" + entry.key + "}: no title or year: not a talk", entry.line);
            continue;
        }
        Talk t;
        t.date = year + "-" + bib_month(bib_plain(entry, "month")) + "-01";
        t.title = title;
        t.event = bib_plain(entry, "note").empty() ? bib_plain(entry, "howpublished") : bib_plain(entry, "note");
        plan.talks.push_back(std::move(t));
        ++read;
    }
    plan.note(SiteNote::Outcome::imported, file, std::to_string(read) + " talks (its entries)");
}

// The pages that read `bib`: by `bibliography:` or by naming the file in their text.
const QuartoPage* reader_of(const std::vector<QuartoPage>& pages, const fs::path& bib) {
    for (const auto& page : pages) {
        std::string named = bib.lexically_relative(page.file.parent_path()).generic_string();
        std::string said = page.read.body + "\n" + yaml_text(page.read.front, "bibliography");
        for (const auto& item : yaml_child(page.read.front, "bibliography"))
            if (item.IsScalar()) said += "\n" + item.as<std::string>();
        if (said.find(named) != std::string::npos || said.find(bib.filename().string()) != std::string::npos) return &page;
    }
    return nullptr;
}

}  // namespace

void read_quarto_bibliographies(SitePlan& plan, const std::vector<QuartoPage>& pages) {
    std::set<std::string> keys;
    for (const auto& file : site_files(plan.dir, {".bib"})) {
        std::string first = file.lexically_relative(plan.dir).begin()->string();
        if (first.starts_with("_") || first.starts_with(".")) continue;
        const QuartoPage* page = reader_of(pages, file);
        if (!page) continue;  // a post's references, or a file no page reads: the ledger says which
        std::string kind = quarto_kind(*page);
        try {
            if (kind == "talk") {
                read_bib_talks(plan, file);
            } else {
                if (kind == "post") continue;  // a post's references: not the owner's works
                for (const auto& entry : read_bibtex_file(file).entries)
                    if (!keys.insert(entry.key).second && !plan.bib_keys.count(file))
                        plan.bib_keys[file] = {entry.key, entry.key + "-" + file.stem().string()};
                if (kind == "software") plan.bib_types[file] = "software";
                plan.bibliographies.push_back(file);
            }
        } catch (const Error& e) {
            plan.note(SiteNote::Outcome::skipped, file, e.what());
            continue;
        }
        if (kind == "talk" || kind == "publication")
            plan.note(SiteNote::Outcome::imported, page->file, "the list of " + kind + "s: its .bib files");
    }
}

}  // namespace vitae::cli
