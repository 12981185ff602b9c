// The command table and the thin functions behind it: each turns Args into
// a call to the unit that does the work and prints the outcome.
#include "cli/run/commands.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>

#include "base/clock.hpp"
#include "base/error.hpp"
#include "auth/limits.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "base/read_file.hpp"
#include "bibtex/bib_mapping.hpp"
#include "cli/commands/add_post.hpp"
#include "cli/commands/check.hpp"
#include "cli/commands/cv_commands.hpp"
#include "cli/commands/file_commands.hpp"
#include "cli/commands/import_bibtex.hpp"
#include "cli/commands/lang_commands.hpp"
#include "cli/commands/override_commands.hpp"
#include "cli/commands/page_commands.hpp"
#include "cli/commands/project_commands.hpp"
#include "cli/commands/section_commands.hpp"
#include "cli/commands/site_commands.hpp"
#include "cli/commands/static_export.hpp"
#include "cli/commands/text_option.hpp"
#include "cli/commands/user_commands.hpp"
#include "cli/import/plan/site_ledger.hpp"
#include "cli/import/site/import_site.hpp"
#include "cli/sync/sync_command.hpp"
#include "http/base_url.hpp"
#include "http/gzip.hpp"
#include "http/static_files.hpp"
#include "rules/date.hpp"
#include "store/model/slug.hpp"
#include "store/model/translate.hpp"
#include "store/registry/registry.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/edit_rows.hpp"
#include "store/schema/backup.hpp"
#include "store/schema/schema.hpp"
#include "store/sqlite/db.hpp"

namespace vitae::cli {

namespace {

int run_init(const Args& args, std::ostream& out) {
    init_database(args.positional[0], args.get("--name"));
    out << "created " << args.positional[0] << " (schema version " << latest_version() << ")\n";
    if (!args.has("--name")) out << "note: no profile yet; add it with --name or SQL (docs/cli.md)\n";
    return 0;
}

int run_migrate(const Args& args, std::ostream& out) {
    if (is_sites_dir(args.positional[0])) return migrate_sites(args.positional[0], out);
    auto now = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch());
    auto result = migrate_database(args.positional[0], now.count());
    if (result.backup_path.empty()) {
        out << "already at version " << result.to << "\n";
        return 0;
    }
    out << "migrated " << args.positional[0] << " from version " << result.from << " to " << result.to
        << " (backup: " << result.backup_path << ")\n";
    return 0;
}

int run_backup(const Args& args, std::ostream& out) {
    IfExists if_exists = args.has("--force") ? IfExists::replace : IfExists::refuse;
    if (is_sites_dir(args.positional[0])) return backup_sites(args.positional[0], args.positional[1], if_exists, out);
    backup_database(args.positional[0], args.positional[1], if_exists);
    out << "backed up " << args.positional[0] << " to " << args.positional[1] << "\n";
    return 0;
}

int run_restore(const Args& args, std::ostream& out) {
    auto now = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch());
    auto result = restore_database(args.positional[0], args.positional[1], now.count());
    out << "restored " << args.positional[0] << " from " << args.positional[1];
    if (!result.kept_path.empty()) out << " (previous content: " << result.kept_path << ")";
    out << "\n";
    return 0;
}

int run_import_bibtex(const Args& args, std::ostream& out) {
    ImportOptions options{.dry_run = args.has("--dry-run"), .strict = args.has("--strict"), .sync = args.has("--sync"),
                          .add_only = false};
    auto report = import_bibtex(args.positional[0], args.positional[1], options);
    for (const auto& problem : report.file.problems) out << describe(report.file, problem) << "\n";
    int counts[5] = {0, 0, 0, 0, 0};  // by ImportChange::Action
    for (const auto& change : report.changes) {
        out << describe(change) << "\n";
        ++counts[static_cast<int>(change.action)];
    }
    if (!report.sync_note.empty()) out << report.sync_note << "\n";
    out << counts[0] << " added, " << counts[1] << " updated, " << counts[2] << " unchanged";
    if (options.sync) out << ", " << counts[3] << " removed";
    out << ", " << report.skipped() << " skipped, " << report.warnings() << " warnings";
    if (options.dry_run) out << " (dry run: nothing written)";
    else if (!report.written) out << " (--strict: nothing written)";
    out << "\n";
    if (options.strict && !report.file.problems.empty()) return 1;
    return report.skipped() > 0 ? 3 : 0;
}

// The notes, the files not understood with their first words and what to
// do, then the summary line (rows by kind, files by class). Exit 3 when a
// file of the owner's was not imported: "imported, with leftovers".
int run_import_site(const Args& args, std::ostream& out) {
    auto report = import_site(args.positional[0], args.positional[1],
                              {.include_demo = args.has("--include-demo"), .include_demo_files = args.get_all("--include-demo-file")});
    int counts[5] = {0, 0, 0, 0, 0};  // by SiteNote::Outcome
    for (const auto& note : report.notes) {
        out << describe(note) << "\n";
        ++counts[static_cast<int>(note.outcome)];
    }
    std::size_t classes[4] = {0, 0, 0, 0};
    for (const auto& entry : report.ledger) {
        ++classes[static_cast<int>(entry.kind)];
        if (entry.kind == FileClass::not_understood)
            out << "not understood " << entry.file << ": " << entry.detail
                << (entry.first_words.empty() ? "" : "; it begins " + in_quotes(entry.first_words)) << "; " << entry.suggestion << "\n";
    }
    for (const auto& f : report.accessibility)
        out << "accessibility: " << f.where() << ": " << rule_name(f.finding.rule) << ": " << f.finding.detail
            << "; fix: " << f.how_to_fix() << "\n";
    if (args.has("--report")) write_file_atomically(std::string(args.get("--report")), ledger_json(report), Durability::fsync);
    const auto& c = report.counts;
    out << report.theme << " site into " << args.positional[1] << (report.created ? " (new)" : "") << ": "
        << c.bio_paragraphs << " bio paragraphs, " << c.links << " links, " << c.posts << " posts, "
        << c.publications + c.bibtex_publications << " publications, " << c.teaching << " teaching, " << c.education
        << " education, " << c.experience << " experience, " << c.service << " service, " << c.news << " news, "
        << c.talks << " talks, " << c.projects << " projects, " << c.pages << " pages, " << c.awards << " awards; " << counts[1]
        << " skipped, " << counts[2] << " demo left out";
    // Each file whose demo content was left out, by the name --include-demo-file takes.
    auto left_out = demo_files(report);
    for (std::size_t i = 0; i < left_out.size(); ++i) out << (i == 0 ? " (" : ", ") << left_out[i];
    if (!left_out.empty()) out << "; --include-demo takes them all, --include-demo-file FILE one)";
    out << ", " << counts[3] << " warnings, " << report.accessibility.size() << " accessibility findings; "
        << report.ledger.size() << " files: " << classes[0] << " imported, "
        << classes[1] << " theme demo, " << classes[2] << " machinery, " << classes[3] << " not understood";
    std::size_t left = leftovers(report);
    if (left > 0)
        out << "; imported, with leftovers: " << left << (left == 1 ? " file" : " files")
            << " of the owner's not imported (\"not understood\" above" << (args.has("--report") ? "" : "; --report FILE.json lists every file") << ")";
    out << "\n";
    return left > 0 ? 3 : 0;
}

int run_export_bibtex(const Args& args, std::ostream& out) {
    auto db = Db::open(args.positional[0], OpenMode::read_only);
    check_database(db);
    Content content = load_content(db);
    std::string slug = args.optional_arg(1);
    if (slug.empty()) {
        out << bibtex_file(content.publications);  // the worker's /publications.bib, byte for byte
        return 0;
    }
    bool found = false;
    for (const auto& publication : content.publications) {
        if (!slug.empty() && publication.slug != slug) continue;
        out << (found ? "\n" : "") << bibtex_entry(publication);
        found = true;
    }
    if (!slug.empty() && !found)
        throw Error("export-bibtex " + in_quotes(args.positional[0]) + ": no publication " + in_quotes(slug));
    return 0;
}

// `vitae log DB [--limit N]`: the edit log, newest first, each change with
// the row's values before and after (JSON; "none" for a row made or removed).
int run_log(const Args& args, std::ostream& out) {
    std::int64_t limit = 20;
    if (args.has("--limit")) {
        std::string value(args.get("--limit"));
        auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), limit);
        if (ec != std::errc() || end != value.data() + value.size() || limit < 1 || limit > limits::max_edit_log_rows)
            throw UsageError("log: --limit " + in_quotes(value) + ": give a whole number from 1 to " +
                             std::to_string(limits::max_edit_log_rows));
    }
    auto db = open_checked(args.positional[0], OpenMode::read_only);
    auto entries = read_edit_log(db, limit);
    if (entries.empty()) out << "no change recorded yet\n";
    for (const auto& e : entries) {
        out << e.at << " " << e.who << " " << e.action << " " << e.item << " " << e.key << "\n";
        out << "  before: " << e.before.value_or("none") << "\n  after:  " << e.after.value_or("none") << "\n";
    }
    return 0;
}

int run_check(const Args& args, std::ostream& out) {
    std::optional<std::filesystem::path> templates;
    if (args.positional.size() > 1) templates = args.positional[1];
    std::optional<std::filesystem::path> overrides;
    if (args.has("--overrides")) overrides = args.get("--overrides");
    if (overrides && !templates) throw UsageError("check: --overrides needs TEMPLATES, the shared templates they replace");
    bool accessibility = args.has("--accessibility");
    if (is_sites_dir(args.positional[0])) {
        if (overrides) throw UsageError("check: --overrides is for one site; with SITES each site's own templates/ is checked");
        return check_sites(args.positional[0], templates, accessibility, out);
    }
    out << check_site(args.positional[0], templates, overrides) << "\n";
    if (!accessibility) return 0;
    auto report = accessibility_report(args.positional[0]);
    out << report.lines;
    return report.findings > 0 ? accessibility_findings_status : 0;
}

int run_export(const Args& args, std::ostream& out) {
    std::string base_url = args.has("--base-url") ? args.get("--base-url") : std::string(default_base_url);
    check_base_url(base_url);
    auto pages = export_site(args.positional[0], args.positional[1], args.positional[2], base_url);
    for (const auto& page : pages)
        out << (page.url_path.empty() ? "(not found)" : page.url_path) << " -> " << page.file.string() << (page.gzip ? " (+ .gz)" : "") << "\n";
    out << "ok: " << pages.size() << " pages in " << args.positional[2] << "\n";
    return 0;
}

std::vector<std::string> checked_tags(std::string_view command, std::vector<std::string> tags) {
    for (const auto& tag : tags)
        if (!is_tag(tag))
            throw UsageError(std::string(command) + ": tag " + in_quotes(tag) +
                             ": use a-z, 0-9 and '-' (at most " + std::to_string(limits::max_tag_bytes) +
                             ", not starting with '-')");
    return tags;
}

int run_tag_post(const Args& args, std::ostream& out) {
    auto tags = checked_tags("tag post", {args.positional[2]});
    int added = tag_post(args.positional[0], args.positional[1], tags);
    out << (added ? "tagged " : "already tagged ") << args.positional[1] << " " << tags[0] << "\n";
    return 0;
}

int run_untag_post(const Args& args, std::ostream& out) {
    bool removed = untag_post(args.positional[0], args.positional[1], args.positional[2]);
    out << (removed ? "untagged " : "was not tagged ") << args.positional[1] << " " << args.positional[2] << "\n";
    return 0;
}

int run_add_post(const Args& args, std::ostream& out) {
    Post post;
    post.body_format = "markdown";
    post.slug = args.get("--slug");
    post.title = args.get("--title");
    post.published = args.get("--date");
    if (!is_slug(post.slug))
        throw UsageError("add post: --slug " + in_quotes(post.slug) +
                         ": use a-z, 0-9 and '-' (at most " + std::to_string(limits::max_slug_bytes) +
                         ", not starting with '-')");
    if (post.title.empty()) throw UsageError("add post: --title is empty");
    if (!is_date(post.published))
        throw UsageError("add post: --date " + in_quotes(post.published) + ": " + std::string(date_expected));
    if (args.has("--format")) post.body_format = args.get("--format");
    if (post.body_format != "markdown" && post.body_format != "html")
        throw UsageError("add post: --format " + in_quotes(post.body_format) + ": use markdown or html");
    if (args.has("--body-file")) post.body = read_whole_file(args.get("--body-file"), limits::max_post_body_bytes);
    post.tags = checked_tags("add post", args.get_all("--tag"));
    post.draft = args.has("--draft");
    if (post.draft) post.preview_token = new_preview_token();
    add_post(args.positional[0], post);
    out << "added " << (post.draft ? "draft " : "post ") << post.slug << " to " << args.positional[0] << "\n";
    if (post.draft)
        out << "preview: /blog/preview/" << post.preview_token << " (secret; listed nowhere until `vitae publish post`)\n";
    return 0;
}

int run_publish_post(const Args& args, std::ostream& out) {
    auto now = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch());
    std::string date = publish_post(args.positional[0], args.positional[1]);
    out << "published " << args.positional[1];
    if (date > utc_day(now.count())) out << " (listed from " << date << ", 00:00 UTC)";
    out << "\n";
    return 0;
}

// ITEM, its FIELDs and what KEY names, from the table the translations are
// read against (store/model/translate.cpp), so the help cannot name a field
// the site would ignore.
std::string translate_help() {
    auto fields_of = [](const TranslatableItem& item) {
        std::string fields;
        for (auto field : item.fields) fields += (fields.empty() ? "" : ", ") + std::string(field);
        return fields;
    };
    std::size_t item_width = 0, fields_width = 0;
    for (const auto& item : translatable_items()) {
        item_width = std::max(item_width, item.item.size());
        fields_width = std::max(fields_width, fields_of(item).size());
    }
    std::string out = "ITEM and its FIELDs, and what KEY names:\n";
    for (const auto& item : translatable_items()) {
        std::string line = "  " + std::string(item.item);
        line.resize(2 + item_width + 2, ' ');
        line += fields_of(item);
        line.resize(2 + item_width + 2 + fields_width + 1, ' ');
        out += line + "KEY " + std::string(item.key) + "\n";
    }
    return out +
           "example:\n  vitae translate site.db zh post hello-world title --text '你好，世界'\n"
           "  vitae translate site.db zh paragraph 1 markdown --text-file bio.zh.md\n";
}

// A `vitae user` command's notes, then where AUTH lives and an example.
std::string user_help(const std::string& notes, const std::string& example) {
    return notes +
           "AUTH is the accounts database of vitae-admin (/var/lib/vitae/auth.db), apart from every\n"
           "site's; a refusal changes nothing.\nexample:\n" + example;
}

}  // namespace

const std::vector<Command>& commands() {
    static const std::vector<Command> table = {
        {{"init",
          "Create an empty database with this build's schema. Refuses an existing file.",
          {"DB"},
          {},
          {{"--name", "NAME", false, "the owner's name, as the page shows it"}},
          "example:\n  vitae init /var/lib/vitae/site.db --name 'Haoran Zhang'\n"},
         run_init},
        {{"migrate",
          "Bring an older database up to this build's schema, in place, after a backup (DB.bak-<unix time>).",
          {"DB"},
          {},
          {},
          "DB may be a directory of sites (SITES, holding registry.db): then the registry and every\n"
          "site's database are migrated, each reported on its own line; one failing stops no other.\n"
          "example:\n  vitae migrate /var/lib/vitae/site.db\n  vitae migrate /var/lib/vitae/sites\n"},
         run_migrate},
        {{"backup",
          "Copy the database, one committed state of it, to DEST; safe while the site serves and edits commit.",
          {"DB", "DEST"},
          {},
          {{"--force", "", false, "replace an existing DEST"}},
          "The copy is made beside DEST, checked (integrity_check and the worker's own checks),\n"
          "fsynced and renamed into place: DEST is never half-written. Refuses an existing DEST.\n"
          "DB may be a directory of sites (SITES): DEST is then a directory, DEST/registry.db and\n"
          "DEST/NAME/site.db for every site; one site failing stops no other.\n"
          "example:\n  vitae backup /var/lib/vitae/site.db /var/lib/vitae-backups/site-2026-07-25.db\n"
          "  vitae backup /var/lib/vitae/sites /var/lib/vitae-backups/sites-2026-07-25\n"},
         run_backup},
        {{"restore",
          "Replace the database's content with a backup's, after keeping the current one (DB.bak-<unix time>).",
          {"DB", "SRC"},
          {},
          {},
          "SRC must pass the worker's checks. The new file is built beside DB and renamed over it,\n"
          "so the worker reloads it at once. Refuses a DB whose -wal file exists (WAL mode in use).\n"
          "example:\n  vitae restore /var/lib/vitae/site.db /var/lib/vitae-backups/site-2026-07-24.db\n"},
         run_restore},
        {{"import-bibtex",
          "Add or update publications from a BibTeX file, matched by key (the slug). One transaction.",
          {"DB", "FILE.bib"},
          {},
          {{"--dry-run", "", false, "print what would change; write nothing"},
           {"--strict", "", false, "any skipped entry or warning writes nothing (exit 1)"},
           {"--sync", "", false, "also remove publications whose key is no longer in the file"}},
          "Reads what BibTeX reads: text between entries is a comment, @string, #, bare words.\n"
          "An entry that cannot be read is skipped and reported as FILE:LINE; the others are\n"
          "imported and the exit status is 3. Every field is kept (docs/cli.md lists which\n"
          "become columns); a trailing * on an author marks equal contribution.\n"
          "example:\n  vitae import-bibtex site.db papers.bib --dry-run\n"},
         run_import_bibtex},
        {{"import-site",
          "Move in from an al-folio, academicpages (Jekyll) or Hugo Blox site: a new DB, or one `vitae init` just made.",
          {"DIR", "DB"},
          {},
          {{"--include-demo", "", false, "import the theme's demo content too (left out by default)"},
           {"--include-demo-file", "FILE", false, "import the demo content of FILE (as the report names it); repeat for more", true},
           {"--report", "FILE.json", false, "write every file of the tree with its class and detail as JSON"}},
          "Jekyll: reads _config.yml, _pages/about.md, _bibliography/papers.bib (as import-bibtex),\n"
          "_posts/, _publications/, _teaching/, _talks/, _news/, _projects/, _portfolio/,\n"
          "_data/cv.yml or assets/json/resume.json. Hugo Blox: the owner's author page\n"
          "(content/authors/admin or data/authors; Academic's [params] and content/home/about.md\n"
          "when there is none), content/publication (cite.bib as import-bibtex; two folders, two works),\n"
          "post, blog, event, talk, project. Reports every file: imported, skipped and why, the\n"
          "theme's demo content left out, warnings with their line (Liquid or shortcodes that cannot\n"
          "run, raw HTML sanitized). Pictures in the tree are stored files. One bad file never stops\n"
          "the others; the rows are written in one transaction. Refuses a DB with content.\n"
          "Demo content is recognised by its text (the theme's own), never by a file name; the\n"
          "summary line lists the files left out as demo, which the two options bring in.\n"
          "example:\n  vitae import-site ~/src/me.github.io site.db\n"},
         run_import_site},
        {{"export-bibtex",
          "Print BibTeX for one publication or all of them; import-bibtex reads it back unchanged.",
          {"DB"},
          {"SLUG"},
          {},
          "example:\n  vitae export-bibtex site.db causalmesh\n"},
         run_export_bibtex},
        {{"log",
          "Print the edit log, newest first: who changed which row of which table, when, before and after.",
          {"DB"},
          {},
          {{"--limit", "N", false, "the last N changes (default 20)"}},
          "The web editor (vitae-admin) records every save, removal and undo with the account that\n"
          "made it, in the transaction of the change; an item's last change can be undone there.\n"
          "The commands that write content record theirs as cli:USER (the Unix user).\n"
          "example:\n  vitae log /var/lib/vitae/site.db --limit 5\n"},
         run_log},
        {{"check",
          "Validate a database (and templates) exactly as the worker does before serving them.",
          {"DB"},
          {"TEMPLATES"},
          {{"--overrides", "DIR", false, "a site's overrides (SITES/NAME/templates): laid over TEMPLATES, each one named"},
           {"--accessibility", "", false, "also list every accessibility finding of the content, where it is and how to fix it; exit 3 when there is one"}},
          "DB may be a directory of sites (SITES): the registry, then every site, each on its own lines\n"
          "(with its overrides, SITES/NAME/templates, when it has them).\n"
          "With --overrides, a line for each override says whether the shared template it replaced\n"
          "changed since `vitae site override` copied it (a warning: compare them); an override of\n"
          "a template TEMPLATES does not have is an error.\n"
          "With --accessibility, a line for each finding of the content rules (pictures without a\n"
          "description, empty links, heading jumps, text in a script whose language is not said,\n"
          "links reading \"here\" or a bare URL): where it is, the rule, what was found, the fix;\n"
          "then their count. The exit status is 3 when there is a finding (0 when none).\n"
          "example:\n  vitae check site.db.new /usr/local/share/vitae/templates\n"
          "  vitae check sites/carol/site.db /usr/share/vitae/templates --overrides sites/carol/templates\n"
          "  vitae check /srv/vitae/sites --accessibility\n"},
         run_check},
        {{"site override",
          "Copy a shared template into a site's own templates, to edit it for that site alone.",
          {"SITES", "NAME", "TEMPLATE"},
          {},
          {{"--templates", "DIR", true, "the shared templates the worker serves"}},
          "Writes SITES/NAME/templates/TEMPLATE, headed by a comment recording the shared version\n"
          "it was copied from (not rendered); `vitae check --overrides` compares it after an upgrade.\n"
          "example:\n  vitae site override /srv/vitae/sites carol publication.mustache --templates /usr/share/vitae/templates\n"},
         run_site_override},
        {{"export",
          "Write every page as static HTML with a .gz beside each (but those under " + limits::size_text(gzip_min_bytes) +
              "), and 404.html.",
          {"DB", "TEMPLATES", "OUTDIR"},
          {},
          {{"--base-url", "URL", false, "the site's public URL for canonical links, feed, sitemap (default http://127.0.0.1:8080)"}},
          "A page at /a/b is written to OUTDIR/a/b/index.html (nginx: try_files $uri $uri/index.html).\n"
          "example:\n  vitae export site.db templates /srv/www/vitae\n"},
         run_export},
        {{"site add",
          "Add a site to a directory of sites: SITES/NAME/site.db (made as `vitae init` does, or adopted) and its registry entry.",
          {"SITES", "NAME"},
          {},
          {{"--host", "HOST", true, "a host name it answers on (lower-cased; no port); the first is canonical; repeat for aliases", true},
           {"--prefix", "P", false, "where on those hosts it starts: / (default) or one segment, /~name/"},
           {"--name", "N", false, "the owner's name, for a new site.db's profile and the registry"},
           {"--group", "G", false, "what the home site's /people/ lists it under"},
           {"--home", "", false, "the registry's home site (one at most): its /people/ and /publications/ cover every site"}},
          "NAME is a DNS label: 1-" + std::to_string(limits::max_site_name_bytes) +
              " of a-z, 0-9 and '-', not at either end; it names the folder.\n"
          "Makes SITES and SITES/registry.db if missing. A SITES/NAME/site.db already there (an\n"
          "imported site) is adopted as it is once it passes the worker's checks. On any failure\n"
          "whatever it made is removed again. A (host, prefix) belongs to one site; on a shared host\n"
          "the longest prefix wins, so the home at / and members at /~name/ live side by side.\n"
          "example:\n  vitae site add /var/lib/vitae/sites dept --host cs.example.edu --home --name 'Computer Science'\n"
          "  vitae site add /var/lib/vitae/sites carol --host cs.example.edu --prefix /~carol/ --name 'Carol Chen' \\\n"
          "      --group Faculty\n"},
         run_site_add},
        {{"site ls",
          "List the sites of SITES: name, hosts, prefix, group, home, whether site.db is there.",
          {"SITES"},
          {},
          {},
          "example:\n  vitae site ls /var/lib/vitae/sites\n"},
         run_site_ls},
        {{"site rm",
          "Remove a site's registry entry; SITES/NAME and its content are kept.",
          {"SITES", "NAME"},
          {},
          {},
          "The site stops answering within a second. Its folder stays (vitae never deletes a\n"
          "person's content); `vitae site add` with the same NAME adopts it again.\n"
          "example:\n  vitae site rm /var/lib/vitae/sites carol\n"},
         run_site_rm},
        {{"site set",
          "Change a site's hosts (all --host given replace the list), prefix, owner's name, group or home.",
          {"SITES", "NAME"},
          {},
          {{"--host", "HOST", false, "a host name; the first is canonical; repeat for aliases", true},
           {"--prefix", "P", false, "/ or one segment, /~name/"},
           {"--name", "N", false, "the owner's name, in the registry"},
           {"--group", "G", false, "what the home site's /people/ lists it under (\"\": none)"},
           {"--home", "", false, "make it the registry's home site", false, Choice::first_of_optional},
           {"--no-home", "", false, "make it an ordinary site again", false, Choice::or_previous}},
          "Checked as `site add` checks; a refusal changes nothing.\n"
          "example:\n  vitae site set /var/lib/vitae/sites carol --host carol.example.edu --host www.carol.example.edu --prefix /\n"},
         run_site_set},
        {{"site rename",
          "Rename a site: its folder SITES/NAME, then its registry entry.",
          {"SITES", "NAME", "NEW"},
          {},
          {},
          "If the entry cannot be renamed, the folder is moved back.\n"
          "example:\n  vitae site rename /var/lib/vitae/sites carol carol-chen\n"},
         run_site_rename},
        {{"user add",
          "Add a user of vitae-admin to AUTH, the accounts database (made, mode 0600, if missing).",
          {"AUTH", "NAME"},
          {},
          {{"--password-stdin", "", true, "read the password from standard input: one line, not echoed at a terminal"},
           {"--site", "SITE", false, "a site of the directory of sites it may edit; repeat for more", true},
           {"--admin", "", false, "may edit every site and manage users"}},
          user_help("NAME is 1-" + std::to_string(limits::max_user_name_bytes) +
                    " of a-z, 0-9, '.', '_' and '-', starting with a letter or digit. The password\n"
                    "is " + std::to_string(limits::min_password_bytes) + " bytes to " +
                    limits::size_text(limits::max_password_bytes) +
                    "; it is stored as an Argon2id hash (cost: VITAE_ARGON2_OPS, VITAE_ARGON2_MEM_MB).\n"
                    "SITE is a site's name in the registry (vitae site ls SITES).\n",
                    "  printf '%s\\n' \"$password\" | vitae user add /var/lib/vitae/auth.db carol --site carol --password-stdin\n")},
         run_user_add},
        {{"user passwd",
          "Change a user's password; every session of that user ends.",
          {"AUTH", "NAME"},
          {},
          {{"--password-stdin", "", true, "read the new password from standard input: one line, not echoed at a terminal"}},
          user_help("", "  vitae user passwd /var/lib/vitae/auth.db carol --password-stdin\n")},
         run_user_passwd},
        {{"user grant",
          "Let a user edit one more site (already granted: nothing changes).",
          {"AUTH", "NAME", "SITE"},
          {},
          {},
          user_help("", "  vitae user grant /var/lib/vitae/auth.db carol lab\n")},
         run_user_grant},
        {{"user revoke",
          "Take a site from a user; a site not granted is refused. Open sessions lose it at once.",
          {"AUTH", "NAME", "SITE"},
          {},
          {},
          user_help("", "  vitae user revoke /var/lib/vitae/auth.db carol lab\n")},
         run_user_revoke},
        {{"user ls",
          "List the users of AUTH: name, admin, the sites each may edit.",
          {"AUTH"},
          {},
          {},
          user_help("", "  vitae user ls /var/lib/vitae/auth.db\n")},
         run_user_ls},
        {{"user rm",
          "Remove a user, its grants and every session of it.",
          {"AUTH", "NAME"},
          {},
          {},
          user_help("", "  vitae user rm /var/lib/vitae/auth.db carol\n")},
         run_user_rm},
        {{"add post",
          "Add a blog post (an empty body lists it as not yet written).",
          {"DB"},
          {},
          {{"--slug", "S", true, "URL name: a-z, 0-9 and '-'"},
           {"--title", "T", true, "title as shown"},
           {"--date", "YYYY-MM-DD", true, "publication date"},
           {"--body-file", "F", false, "the body (Markdown unless --format html)"},
           {"--format", "markdown|html", false, "the body's format; markdown if not given"},
           {"--tag", "T", false, "a tag (a-z, 0-9, '-'); repeat for more", true},
           {"--draft", "", false, "listed nowhere; prints its secret preview URL"}},
          "example:\n  vitae add post site.db --slug linear-attention --title 'Linear Attention' --date 2026-07-25 \\\n"
          "      --body-file post.md\n"},
         run_add_post},
        {{"publish post",
          "Make a draft public: listed from its date (00:00 UTC), its preview URL no longer served.",
          {"DB", "SLUG"},
          {},
          {},
          "example:\n  vitae publish post site.db linear-attention\n"},
         run_publish_post},
        {{"tag post",
          "Tag a post: /blog/tag/TAG/ lists it, with a feed of its own.",
          {"DB", "SLUG", "TAG"},
          {},
          {},
          "example:\n  vitae tag post site.db linear-attention machine-learning\n"},
         run_tag_post},
        {{"untag post",
          "Remove a tag from a post.",
          {"DB", "SLUG", "TAG"},
          {},
          {},
          "example:\n  vitae untag post site.db linear-attention machine-learning\n"},
         run_untag_post},
        {{"add news",
          "Add a news item: the home page shows the latest five, /news/ all of them, the feed each.",
          {"DB"},
          {},
          {{"--date", "YYYY-MM-DD", true, "the day it happened"},
           {"--text", "MARKDOWN", false, "the item, in Markdown (math allowed; raw HTML sanitized)", false, Choice::first_of_needed},
           {"--text-file", "F", false, "the item from a file instead", false, Choice::or_previous}},
          "example:\n  vitae add news site.db --date 2026-07-25 --text 'Our paper on *linear attention* got into NeurIPS.'\n"},
         run_add_news},
        {{"add talk",
          "Add a talk: /talks/ lists them by year; the feed and schema.org Event data name each.",
          {"DB"},
          {},
          {{"--title", "T", true, "the talk's title"},
           {"--date", "YYYY-MM-DD", true, "the day it was given"},
           {"--event", "E", false, "where: the conference, the seminar"},
           {"--place", "P", false, "the city, or Online"},
           {"--slides", "URL", false, "its slides: an http(s) URL, or /files/NAME for a stored file"},
           {"--video", "URL", false, "its recording"},
           {"--event-url", "URL", false, "the event's page"},
           {"--abstract", "MARKDOWN", false, "what it was about, shown folded under it"}},
          "example:\n  vitae add talk site.db --title 'Linear Attention' --date 2026-07-25 --event 'MIT ML Seminar' \\\n"
          "      --place Cambridge --slides /files/linear-attention.pdf\n"},
         run_add_talk},
        {{"add project",
          "Add a project: /projects/ lists them in the order added, each with its own page.",
          {"DB"},
          {},
          {{"--slug", "S", true, "URL name (/projects/S): a-z, 0-9 and '-'"},
           {"--title", "T", true, "the project's name"},
           {"--summary", "MARKDOWN", false, "a sentence or two for /projects/ and the top of its page"},
           {"--text", "MARKDOWN", false, "the page's body, in Markdown (math allowed; raw HTML sanitized)", false,
            Choice::first_of_optional},
           {"--text-file", "F", false, "the body from a file instead", false, Choice::or_previous},
           {"--image", "FILE_NAME", false, "a stored picture (vitae add file ... --alt) shown on both pages"},
           {"--link", "LABEL=URL", false, "a link: an http(s) URL or /files/NAME; repeat for more", true},
           {"--paper", "PUB_SLUG", false, "a related publication; repeat for more", true},
           {"--post", "POST_SLUG", false, "a related blog post; repeat for more", true}},
          "example:\n  vitae add file site.db diagram.png --alt 'The system at a glance'\n"
          "  vitae add project site.db --slug fastattn --title 'Fast attention' --summary 'Attention in linear time.' \\\n"
          "      --image diagram.png --link Code=https://github.com/me/fastattn --paper zhang2024linear\n"},
         run_add_project},
        {{"rm project",
          "Remove a project with its links and its lists of papers and posts (not the papers, posts or files).",
          {"DB", "SLUG"},
          {},
          {},
          "example:\n  vitae rm project site.db fastattn\n"},
         run_rm_project},
        {{"add page",
          "Add a page of your own (Teaching, Software, Join the lab) at /SLUG/, searchable and in the sitemap.",
          {"DB", "SLUG"},
          {},
          {{"--title", "T", true, "the page's title: its heading, and its name in the menu"},
           {"--body", "MARKDOWN", false, "the page's body (Markdown: math, code and pictures as in posts)", false,
            Choice::first_of_optional},
           {"--body-file", "F", false, "the body from a file instead", false, Choice::or_previous},
           {"--format", "markdown|html", false, "the body's format; markdown if not given (HTML is sanitized)"},
           {"--menu", "", false, "a link to it in every page's menu, in the order the pages were added"},
           {"--replace", "", false, "replace the page of that slug (its place kept) instead of refusing"}},
          "SLUG is a-z, 0-9 and '-', and not a path the site's own pages use (blog, publications, cv...).\n"
          "Translate it with vitae translate DB LANG page SLUG title|body.\n"
          "example:\n  vitae add page site.db teaching --title Teaching --body-file teaching.md --menu\n"},
         run_add_page},
        {{"ls pages",
          "List the pages of your own: path, title, whether in the menu, body format and size.",
          {"DB"},
          {},
          {},
          "example:\n  vitae ls pages site.db\n"},
         run_ls_pages},
        {{"rm page",
          "Remove a page of your own (its translations stay until vitae check names them).",
          {"DB", "SLUG"},
          {},
          {},
          "example:\n  vitae rm page site.db teaching\n"},
         run_rm_page},
        {{"set preview",
          "Show a stored picture beside a paper in the lists and on its page; without FILE_NAME, none.",
          {"DB", "PUB_SLUG"},
          {"FILE_NAME"},
          {},
          "The picture is a stored file (vitae add file ... --alt); its alt text, else the paper's title, describes it.\n"
          "example:\n  vitae set preview site.db zhang2024linear linear-attention.png\n"},
         run_set_preview},
        {{"sync",
          "Bring the publication list up to date from ORCID, OpenAlex, DBLP and INSPIRE (completed by Crossref), with citation counts.",
          {"DB"},
          {},
          {{"--orcid", "ID", false, "the owner's ORCID iD for this run (default: vitae set sync DB orcid ID)"},
           {"--openalex", "AUTHOR_ID", false, "the owner's OpenAlex author id, e.g. A5023888391"},
           {"--dblp", "PID", false, "the owner's DBLP person id, e.g. h/GeoffreyEHinton or 95/7448-1"},
           {"--inspire", "AUTHOR", false, "the owner's INSPIRE author id (J.M.Maldacena.1) or ORCID iD"},
           {"--crossref", "", false, "complete each work that has a DOI from Crossref, with its citation count"},
           {"--accept", "", false, "add the new works (and those waiting for review) to the site"},
           {"--review", "", false, "list the works waiting for review, and fetch nothing"},
           {"--dry-run", "", false, "print what would change, write nothing"},
           {"--metrics", "FILE", false, "write the run's outcome there, in Prometheus' text format (node_exporter's textfile collector)"}},
          "A work is the site's entry when they share a service id, a DOI, an arXiv id, or a title and\n"
          "year; a field the owner wrote is never overwritten, an entry gone upstream is kept and reported.\n"
          "New works wait for review (shown nowhere) unless --accept. Exit 3: some services failed\n"
          "(each one reported), what the others said is written. Base URLs: VITAE_ORCID_API,\n"
          "VITAE_OPENALEX_API, VITAE_DBLP_API, VITAE_INSPIRE_API, VITAE_CROSSREF_API;\n"
          "VITAE_OPENALEX_API_KEY is sent when set.\n"
          "DB may be a directory of sites (SITES): every site that remembers ids is synced with them,\n"
          "one line each (a site without ids is skipped); exit 3 when any site failed or did in part.\n"
          "example:\n  vitae set sync site.db openalex A5023888391\n  vitae sync site.db --crossref\n"
          "  vitae sync site.db --dblp 95/7448-1 --inspire F.Becattini.1\n"
          "  vitae sync site.db --review\n  vitae sync site.db --accept\n  vitae sync /var/lib/vitae/sites --crossref\n"},
         run_sync},
        {{"set sync",
          "Remember what `vitae sync DB` reads: the owner's id at a service, Crossref on, the contact; without VALUE, forget it.",
          {"DB", "NAME"},
          {"VALUE"},
          {},
          "NAME is orcid, openalex, dblp, inspire, crossref (VALUE: on) or mailto (the contact sent to the services).\n"
          "example:\n  vitae set sync site.db orcid 0000-0002-1825-0097\n  vitae set sync site.db mailto ann@example.edu\n"},
         run_set_sync},
        {{"add award",
          "Add an award: the CV (/cv/, /cv.pdf, /cv.json) lists them in the order added.",
          {"DB"},
          {},
          {{"--name", "N", true, "the award: 'Best Paper Award', 'NSF CAREER Award'"},
           {"--year", "YYYY", false, "the year it was given"},
           {"--issuer", "I", false, "who gave it: 'OSDI 2024', 'National Science Foundation'"}},
          "example:\n  vitae add award site.db --name 'Best Paper Award' --year 2024 --issuer 'OSDI 2024'\n"},
         run_add_award},
        {{"add teaching",
          "Add a course taught: the home page and the CV head each role's courses with the role.",
          {"DB"},
          {},
          {{"--course", "C", true, "the course's number: 'CIS 455/555'"},
           {"--title", "T", true, "its title: 'Internet and Web Systems'"},
           {"--term", "TERM", true, "when: 'Spring 2022'"},
           {"--role", "R", false, "the owner's role: 'Teaching Assistant', 'Instructor' (default: none, headed 'Teaching')"}},
          "example:\n  vitae add teaching site.db --course 'CIS 548' --title 'Operating Systems' --term 'Spring 2021' \\\n"
          "      --role Instructor\n"},
         run_add_teaching},
        {{"add file",
          "Store a file (a photo, a paper's PDF, slides) in the database; replaces a file of that name.",
          {"DB", "PATH"},
          {},
          {{"--name", "NAME", false, "its name in URLs (default: PATH's file name); must end in its type's extension"},
           {"--alt", "TEXT", false, "for a picture: what it shows, for readers who cannot see it (a picture needs it, or --decorative)"},
           {"--decorative", "", false, "for a picture that shows nothing a reader needs (an ornament): stored with no description"},
           {"--photo", "", false, "make it the profile photo on the home page (needs --alt)"}},
          "The type is read from the bytes: PDF, PNG, JPEG, GIF, WebP, AVIF, SVG, or UTF-8 text\n"
          "(.bib, .txt, .md, .csv). HTML, and SVG with script in it, are refused. At most " +
              limits::size_text(limits::max_file_bytes) + ".\n"
          "Pages link it at /files/<digest>/<name>, a URL that changes with its bytes.\n"
          "A picture is refused (exit 2, nothing stored) without --alt or --decorative. In a post or\n"
          "page, ![](/files/NAME) shows a picture's stored description; a decorative one is written\n"
          "<img src=\"/files/NAME\" alt=\"\"> (vitae check --accessibility reports ![](...) without one).\n"
          "example:\n  vitae add file site.db ~/Pictures/me.jpg --name haoran.jpg --alt 'Haoran Zhang' --photo\n"},
         run_add_file},
        {{"ls files",
          "List the stored files: name, type, size, pixels, URL.",
          {"DB"},
          {},
          {},
          "example:\n  vitae ls files site.db\n"},
         run_ls_files},
        {{"rm file",
          "Remove a stored file (and stop using it as the profile photo, a project's picture or a paper's preview).",
          {"DB", "NAME"},
          {},
          {},
          "example:\n  vitae rm file site.db old-slides.pdf\n"},
         run_rm_file},
        {{"lang add",
          "Add a language: its pages are served under /CODE/ (the default one at /).",
          {"DB", "CODE"},
          {},
          {{"--name", "NAME", true, "the language's name as its readers write it: 中文, Deutsch, العربية"},
           {"--default", "", false, "make it the default language, served at / (the old default moves to /CODE/)"}},
          "CODE is a BCP 47 tag: zh, zh-Hant, de, fr, es, ja, ko, pt-BR, ar... A site without\n"
          "languages is English only; the first `lang add` makes English (en) its default.\n"
          "Every text without a translation is shown in the default language, marked with its lang.\n"
          "example:\n  vitae lang add site.db zh --name 中文\n"},
         run_lang_add},
        {{"lang rm",
          "Remove a language and its translations.",
          {"DB", "CODE"},
          {},
          {},
          "example:\n  vitae lang rm site.db de\n"},
         run_lang_rm},
        {{"lang ls",
          "List the site's languages: code, name, where it is served, how many translations.",
          {"DB"},
          {},
          {},
          "example:\n  vitae lang ls site.db\n"},
         run_lang_ls},
        {{"translate",
          "Set (or --remove) the translation of one field of one row into a language.",
          {"DB", "LANG", "ITEM", "KEY", "FIELD"},
          {},
          {{"--text", "TEXT", false, "the translated text (Markdown where the field is Markdown)", false, Choice::first_of_needed},
           {"--text-file", "F", false, "the text from a file instead (a post's body)", false, Choice::or_previous},
           {"--remove", "", false, "drop the translation: the row is shown in the default language again", false,
            Choice::or_previous}},
          translate_help()},
         run_translate},
    };
    return table;
}

}  // namespace vitae::cli
