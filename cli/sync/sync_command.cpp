// `vitae sync DB`: read the owner's works from the services whose ids are
// given or remembered, complete them from Crossref, merge them (merge.hpp),
// then write in one transaction, or nothing: a service that fails leaves
// the database as it was when none answered, and is reported (exit 3) when
// others did. New works wait in the review list unless --accept.
#include "cli/sync/sync_command.hpp"

#include <cstdlib>
#include <iostream>

#include "base/clock.hpp"
#include "rules/date.hpp"
#include "base/error.hpp"
#include "base/log.hpp"
#include "base/version.hpp"
#include "cli/sync/merge.hpp"
#include "cli/sync/sources.hpp"
#include "store/registry/registry.hpp"
#include "store/sqlite/db.hpp"
#include "store/write/edit_log.hpp"
#include "store/write/publication_sync.hpp"
#include "store/write/publications.hpp"
#include "store/write/synced_work.hpp"

namespace vitae::cli {

using namespace sync;

namespace {

struct Fetched {
    std::vector<FetchedWork> works;
    std::set<std::string> complete;     // services that answered in full
    std::vector<std::string> problems;  // one line each
    int attempted = 0;
};

std::string today() {
    if (const char* day = std::getenv("VITAE_SYNC_TODAY"); day && utc_day_start(day)) return day;  // tests
    return utc_day(system_unix());
}

// The ids this run uses: the options, else what `vitae set sync` remembered.
std::map<std::string, std::string, std::less<>> accounts(const Args& args, const Db& db) {
    auto settings = sync_settings(db);
    for (const auto& s : sources())
        if (s.lists_works)
            if (std::string given = args.get("--" + std::string(s.name)); !given.empty()) settings[std::string(s.name)] = given;
    if (args.has("--crossref")) settings["crossref"] = "on";
    return settings;
}

Fetched fetch_all(const std::map<std::string, std::string, std::less<>>& settings, Fetch& fetch) {
    Fetched out;
    for (const auto& s : sources()) {
        auto it = settings.find(s.name);
        if (!s.lists_works || it == settings.end()) continue;
        ++out.attempted;
        try {
            std::vector<FetchedWork> works;
            if (s.name == "openalex") works = fetch_openalex(fetch, it->second);
            else if (s.name == "orcid") works = fetch_orcid(fetch, it->second);
            else if (s.name == "dblp") works = fetch_dblp(fetch, it->second);
            else if (s.name == "inspire") works = fetch_inspire(fetch, it->second);
            else throw SyncError(std::string(s.name) + ": not read by this version yet");
            out.complete.insert(std::string(s.name));
            out.works.insert(out.works.end(), works.begin(), works.end());
        } catch (const Error& e) {
            out.problems.push_back(e.what());
        }
    }
    return out;
}

void complete_all(std::vector<FetchedWork>& works, Fetch& fetch, Fetched& fetched) {
    for (auto& work : works) {
        if (work.publication.doi.empty()) continue;
        try {
            complete_from_crossref(fetch, work);
        } catch (const Error& e) {
            fetched.problems.push_back(e.what());
        }
    }
}

ReviewItem review_item(const FetchedWork& work, const std::string& day) {
    return {work.ids.front(), work.publication.title, work.publication.year, work_to_json(work), day};
}

void write_plan(const Db& db, const std::vector<SyncedPublication>& site, MergePlan& plan, bool accept,
                const std::string& day) {
    for (const auto& u : plan.updates) {
        std::int64_t id = site[u.entry].id;
        if (u.publication_changed) update_publication(db, id, u.publication);
        for (const auto& ext : u.new_ids) add_external_id(db, id, ext);
        for (const auto& [field, value] : u.synced) set_synced_field(db, id, field, value);
        for (const auto& c : u.citations) set_citation_count(db, id, c);
    }
    std::set<std::string> taken;
    for (const auto& entry : site) taken.insert(entry.publication.slug);
    if (!accept) {
        for (const auto& work : plan.new_works) put_review_item(db, review_item(work, day));
        return;
    }
    for (auto& work : plan.new_works) {
        remove_review_item(db, work.ids.front());
        add_fetched_work(db, std::move(work), taken, day);
    }
    for (const auto& item : review_items(db)) accept_review_item(db, item, taken, day);  // earlier finds too
}

void report(std::ostream& out, const std::vector<SyncedPublication>& site, const MergePlan& plan, bool accept) {  // then the summary
    for (const auto& u : plan.updates) {
        out << "update " << site[u.entry].publication.slug << ":";
        for (const auto& f : u.fields) out << " " << f;
        for (const auto& id : u.new_ids) out << " +" << id.service << ":" << id.id;
        for (const auto& c : u.citations) out << " cited-by(" << c.service << ")=" << c.count;
        out << "\n";
    }
    for (const auto& w : plan.new_works)
        out << (accept ? "add " : "review ") << w.ids.front().service << ":" << w.ids.front().id << " "
            << w.publication.title << (w.publication.year ? " (" + std::to_string(*w.publication.year) + ")" : "") << "\n";
    for (const auto& g : plan.gone)
        out << "gone upstream: " << site[g.entry].publication.slug << " (" << g.id.service << ":" << g.id.id
            << "), kept\n";
}

int list_review(const Db& db, std::ostream& out) {
    auto items = review_items(db);
    for (const auto& item : items)
        out << item.found << "  " << item.key.service << ":" << item.key.id << "  " << item.title
            << (item.year ? " (" + std::to_string(*item.year) + ")" : "") << "\n";
    out << items.size() << " waiting for review (vitae sync DB --accept adds them)\n";
    return 0;
}

bool has_ids(const std::map<std::string, std::string, std::less<>>& settings) {
    for (const auto& s : sources())
        if (s.lists_works && settings.count(s.name)) return true;
    return false;
}

std::string summary_of(const MergePlan& plan, bool accept) {
    return std::to_string(plan.matched) + " known, " + std::to_string(plan.updates.size()) + " to update, " +
           std::to_string(plan.new_works.size()) + (accept ? " to add" : " new (waiting for review; add them with --accept)");
}

}  // namespace

namespace sync {

SiteSync sync_database(const std::string& path, const Args& args, const SyncScope& scope, std::ostream& out,
                       std::ostream& err) {
    auto db = Db::open(path, OpenMode::read_only);
    auto settings = scope.options_give_ids ? accounts(args, db) : sync_settings(db);
    if (!scope.options_give_ids && args.has("--crossref")) settings["crossref"] = "on";
    if (!has_ids(settings)) return {.code = 2, .summary = "no ids to read (vitae set sync DB orcid ID): skipped"};
    std::string day = today();
    std::string mailto = settings.count("mailto") ? settings["mailto"] : "";
    HttpClient http(options_from_environment("vitae-sync/" + std::string(version) +
                                             (mailto.empty() ? "" : " (mailto:" + mailto + ")")));
    const char* key = std::getenv("VITAE_OPENALEX_API_KEY");
    Fetch fetch{http, mailto, key ? key : "", day};
    Fetched fetched = fetch_all(settings, fetch);
    auto works = fold_works(std::move(fetched.works));
    if (settings.count("crossref")) {
        complete_all(works, fetch, fetched);
        works = fold_works(std::move(works));  // a preprint and its article Crossref relates are one
    }
    for (const auto& problem : fetched.problems) err << "vitae sync: " << scope.label << problem << "\n";
    if (fetched.complete.empty())
        return {.code = 1, .summary = "no service answered; " + path + " is unchanged", .problems = fetched.problems.size()};
    auto site = synced_publications(db);
    bool accept = args.has("--accept");
    MergePlan plan = plan_merge(site, std::move(works), fetched.complete, day);
    report(out, site, plan, accept);
    if (args.has("--dry-run")) {
        out << "dry run: nothing written\n";
    } else {
        db = Db::open(path, OpenMode::read_write);
        LoggedTransaction transaction(db, cli_editor_name(), {"publication"});
        write_plan(db, site, plan, accept, day);
        transaction.commit();
    }
    SiteSync result{.code = 0, .summary = summary_of(plan, accept), .problems = fetched.problems.size(),
                    .known = plan.matched, .updated = plan.updates.size(), .found = plan.new_works.size()};
    if (!fetched.problems.empty()) result.code = 3;
    return result;
}

}  // namespace sync

int run_sync(const Args& args, std::ostream& out) {
    const std::string& path = args.positional[0];
    if (is_sites_dir(path)) return sync_sites(path, args, out);
    if (args.has("--review")) return list_review(Db::open(path, OpenMode::read_only), out);
    SiteSync result = sync_database(path, args, {.options_give_ids = true, .label = ""}, out, std::cerr);
    write_sync_metrics(args, {{path, result}});
    log_sync_runs({{path, result}});
    if (result.code == 2)
        throw UsageError("sync " + path + ": no service to read: give --orcid, --openalex, --dblp or --inspire, or "
                         "remember one with `vitae set sync DB openalex ID`");
    if (result.code == 1) {
        std::cerr << "vitae sync: " << result.summary << "\n";
        return 1;
    }
    out << result.summary << "\n";
    if (result.code == 3) std::cerr << "vitae sync: done in part: " << result.problems << " problem(s) above\n";
    return result.code;
}

int run_set_sync(const Args& args, std::ostream& out) {
    const std::string& name = args.positional[1];
    std::string value = args.optional_arg(2);
    bool known = name == "crossref" || name == "mailto";
    if (const Source* s = source_named(name)) known = known || s->lists_works;
    if (!known) throw UsageError("set sync: " + in_quotes(name) + " is not orcid, openalex, dblp, inspire, crossref or mailto");
    if (name == "crossref" && !value.empty() && value != "on")
        throw UsageError("set sync: crossref takes `on` or nothing, not " + in_quotes(value));
    auto db = Db::open(args.positional[0], OpenMode::read_write);
    Transaction transaction(db);
    set_sync_setting(db, name, value);
    transaction.commit();
    if (value.empty()) out << "forgot the sync setting " << name << "\n";
    else out << "vitae sync will use " << name << " " << value << "\n";
    return 0;
}

}  // namespace vitae::cli
