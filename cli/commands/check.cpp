#include "cli/commands/check.hpp"

#include <map>

#include "base/error.hpp"
#include "base/log.hpp"
#include "http/router.hpp"
#include "render/math/body_html.hpp"
#include "render/math/markdown_math.hpp"
#include "render/math/math.hpp"
#include "render/views/accessibility_findings.hpp"
#include "rules/date.hpp"
#include "rules/link.hpp"
#include "site/site.hpp"
#include "site/template_overrides.hpp"
#include "store/model/pdf_access.hpp"
#include "store/model/translate.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/search_rows.hpp"
#include "store/sqlite/db.hpp"

namespace vitae::cli {

std::string override_report(const std::filesystem::path& templates_dir, const std::filesystem::path& overrides_dir) {
    std::string lines, errors;
    for (const auto& report : check_overrides(templates_dir, overrides_dir)) {
        if (report.is_error())
            errors += (errors.empty() ? "" : "; ") + std::string("template ") +
                      in_quotes((overrides_dir / report.file).string()) + ": overrides " + report.file +
                      ", which the shared templates " + in_quotes(templates_dir.string()) +
                      " do not have (any more): rename or remove it";
        else
            lines += (report.is_warning() ? "warning: " : "override: ") + report.message() + "\n";
    }
    if (!errors.empty()) throw Error(errors);
    return lines;
}

namespace {

// A stored link the pages will not make (rules/link: javascript:, data:...,
// written by hand or before the rule), or a /files/ link to no stored file.
std::string link_problem(const Content& content, const std::string& url) {
    if (url.empty()) return {};
    if (!is_link(url)) return in_quotes(url) + " is " + std::string(link_expected) + "; shown as no link";
    if (auto name = file_link_name(url); name && !content.file(*name))
        return in_quotes(url) + " is not a stored file (vitae ls files)";
    return {};
}

std::string link_warnings(const Content& content) {
    std::string warnings;
    auto warn = [&](const std::string& what, const std::string& url) {
        if (std::string problem = link_problem(content, url); !problem.empty())
            warnings += "warning: " + what + ": " + problem + "\n";
    };
    for (const auto& l : content.links) warn("profile link " + in_quotes(l.label), l.url);
    for (const auto& c : content.coauthors) warn("co-author " + in_quotes(c.name), c.url);
    for (const auto& p : content.publications)
        for (const auto& l : p.links) warn("publication " + in_quotes(p.slug) + " link " + in_quotes(l.label), l.url);
    for (const auto& t : content.talks)
        for (auto [label, url] : {std::pair{"slides", &t.url_slides}, {"video", &t.url_video}, {"event", &t.url_event}})
            warn("talk " + std::to_string(t.id) + " " + label, *url);
    for (const auto& p : content.projects)
        for (const auto& l : p.links) warn("project " + in_quotes(p.slug) + " link " + in_quotes(l.label), l.url);
    return warnings;
}

// A date that names no day (2021-02-31: written by hand, or before the
// editor checked dates), which the feeds and the sitemap leave out.
std::string date_warnings(const Content& content) {
    std::string warnings;
    auto warn = [&](const std::string& what, const std::string& date) {
        if (!is_date(date))
            warnings += "warning: " + what + " date " + in_quotes(date) + " is " + std::string(date_expected) +
                        "; left out of the feeds and the sitemap\n";
    };
    for (const auto& p : content.posts) warn("post " + in_quotes(p.slug), p.published);
    for (const auto& n : content.news) warn("news " + std::to_string(n.id), n.date);
    for (const auto& t : content.talks) warn("talk " + std::to_string(t.id), t.date);
    for (const auto& e : content.experiences)
        for (const std::string* month : {&e.start_month, &e.end_month})
            if (!month->empty() && !is_month(*month))
                warnings += "warning: experience " + in_quotes(e.role + ", " + e.organization) + " month " +
                            in_quotes(*month) + " is " + std::string(month_expected) + "; left out of /cv.json\n";
    return warnings;
}

}  // namespace

std::string check_site(const std::string& db_path, const std::optional<std::filesystem::path>& templates_dir,
                       const std::optional<std::filesystem::path>& overrides_dir) {
    // The database alone first: its counts are the summary, and its errors
    // are the same ones load_site would give.
    auto db = Db::open(db_path, OpenMode::read_only);
    check_database(db);
    Content content = load_content(db);
    std::shared_ptr<const Site> site;
    std::string overrides;  // first: an orphan is named as such, not as the loader's refusal
    if (templates_dir && overrides_dir) overrides = override_report(*templates_dir, *overrides_dir);
    if (templates_dir)
        site = load_site({.db_path = db_path, .templates_dir = *templates_dir, .overrides_dir = overrides_dir.value_or("")}, 1);
    // What serves, but not as the owner meant: math shown as its source.
    std::string warnings;
    for (const auto& p : content.publications)
        for (auto [field, text] : {std::pair<const char*, const std::string*>{"title", &p.title}, {"abstract", &p.abstract}})
            for (const auto& problem : math_problems(*text))
                warnings += "warning: publication " + in_quotes(p.slug) + " " + field + ": " + problem +
                            "; shown as TeX source\n";
    for (const auto& post : content.posts)
        if (post.body_format == "markdown")
            for (const auto& problem : markdown_math_problems(post.body))
                warnings += "warning: post " + in_quotes(post.slug) + ": " + problem + "; shown as TeX source\n";
    // Links to stored files that are not there show as plain links to a 404.
    if (const StoredFile* photo = content.file(content.photo); !content.photo.empty() && !(photo && photo->is_picture()))
        warnings += "warning: the profile photo " + in_quotes(content.photo) +
                    " is not a stored picture (vitae ls files); the home page shows none\n";
    for (const auto& n : content.news)
        for (const auto& problem : markdown_math_problems(n.markdown))
            warnings += "warning: news " + std::to_string(n.id) + " (" + n.date + "): " + problem + "; shown as TeX source\n";
    for (const auto& t : content.talks)
        for (const auto& problem : markdown_math_problems(t.abstract))
            warnings += "warning: talk " + std::to_string(t.id) + ": " + problem + "; shown as TeX source\n";
    warnings += link_warnings(content) + date_warnings(content);
    // Pictures that show nothing.
    auto picture = [&content](const std::string& name) {
        const StoredFile* f = content.file(name);
        return name.empty() || (f && f->is_picture());
    };
    for (const auto& p : content.publications)
        if (!picture(p.preview))
            warnings += "warning: publication " + in_quotes(p.slug) + " preview " + in_quotes(p.preview) +
                        " is not a stored picture (vitae ls files); the paper shows none\n";
    for (const auto& p : content.projects) {
        if (!picture(p.image))
            warnings += "warning: project " + in_quotes(p.slug) + " image " + in_quotes(p.image) +
                        " is not a stored picture (vitae ls files); its pages show none\n";
        for (const auto& problem : markdown_math_problems(p.markdown))
            warnings += "warning: project " + in_quotes(p.slug) + ": " + problem + "; shown as TeX source\n";
    }
    // A PDF a screen reader cannot follow is kept, and named.
    for (const auto& f : content.files)
        for (const auto& problem : pdf_access_problems(f))
            warnings += "warning: file " + in_quotes(f.name) + ": " + problem + "\n";
    // A page whose slug a route took (a row written around vitae add page, or a route added since) is never served.
    for (const auto& p : content.pages) {
        if (auto problem = page_slug_problem(p.slug))
            warnings += "warning: page " + in_quotes(p.slug) + ": " + *problem + "; not served\n";
        if (post_body_format(p.body_format) != BodyFormat::html)
            for (const auto& problem : markdown_math_problems(p.body))
                warnings += "warning: page " + in_quotes(p.slug) + ": " + problem + "; shown as TeX source\n";
    }
    // Languages: translations that name nothing are not shown;
    // an interface string a catalogue lacks is shown in English.
    for (const auto& problem : translation_problems(content))
        warnings += "warning: translation " + problem + "; not shown\n";
    if (site) {
        for (const auto& [code, catalogue] : site->templates->catalogues().all())
            if (!catalogue.missing().empty()) {
                std::string keys;
                for (const auto& key : catalogue.missing()) keys += (keys.empty() ? "" : ", ") + key;
                warnings += "warning: strings." + code + ".json lacks " + std::to_string(catalogue.missing().size()) +
                            " string(s), shown in English: " + keys + "\n";
            }
        for (std::size_t l = 0; l < site->language_count(); ++l) {
            const std::string& code = site->views(l).locale.code;
            // A catalogue of its script or its language without region is its own; English is not.
            if (site->strings(l).code() == "en" && code != "en" && !code.starts_with("en-"))
                warnings += "warning: language " + in_quotes(code) + " has no strings." + code +
                            ".json in the templates: its interface is in English\n";
        }
    }
    // The search index, which the schema's triggers keep; only a client that bypassed them leaves it behind.
    auto search_problems = search_index_problems(db);
    for (const auto& problem : search_problems) warnings += "warning: " + problem + "; /search/ shows it wrongly\n";
    if (!search_problems.empty())
        warnings += "warning: to rebuild the search index: sqlite3 " + db_path + " \"" + std::string(search_rebuild_sql) + "\"\n";
    warnings += overrides;
    warnings += owner_report(content);  // last: its summary line is next to the counts
    return warnings + "ok: " + db_path + " (" + std::to_string(content.publications.size()) + " publications, " +
           std::to_string(content.posts.size()) + " posts, " + std::to_string(content.files.size()) + " files)";
}

AccessibilityReport accessibility_report(const std::string& db_path) {
    auto db = Db::open(db_path, OpenMode::read_only);
    check_database(db);
    auto findings = accessibility_findings(load_content(db));
    AccessibilityReport report;
    std::map<std::string_view, std::size_t> by_rule;
    for (const auto& f : findings) {
        report.lines += "accessibility: " + f.where() + ": " + std::string(rule_name(f.finding.rule)) + ": " +
                        f.finding.detail + "; fix: " + f.how_to_fix() + "\n";
        ++by_rule[rule_name(f.finding.rule)];
    }
    report.findings = findings.size();
    std::string counts;
    for (auto [rule, n] : by_rule) counts += (counts.empty() ? " (" : ", ") + std::string(rule) + " " + std::to_string(n);
    report.lines += "accessibility: " + (findings.empty() ? std::string("no findings") : std::to_string(findings.size()) + " finding(s)" + counts + ")") +
                    " in " + db_path + "\n";
    return report;
}

}  // namespace vitae::cli
