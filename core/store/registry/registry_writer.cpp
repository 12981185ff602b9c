// The registry's one writer: every INSERT and DELETE on site and site_host
// is here. Each change reads the registry inside its own write transaction,
// so what it checks against is what it then writes over (two `vitae site`
// runs at once are serialised by SQLite's lock, not by luck).
#include "store/registry/registry_writer.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/registry/registry_schema.hpp"
#include "store/sql/sql_text.hpp"
#include "store/sqlite/db.hpp"
#include "store/sqlite/journal.hpp"
#include "store/sqlite/temp_file.hpp"

namespace vitae {

namespace fs = std::filesystem;

namespace {

Db open_for_write(const fs::path& sites_dir) {
    const fs::path path = registry_path(sites_dir);
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
        throw Error("registry " + in_quotes(path.string()) + ": no such file (vitae site add makes it)");
    auto db = Db::open(path.string(), OpenMode::read_write);
    keep_rollback_journal(db, "registry", "the worker");
    return db;
}

void insert_site(const Db& db, const RegisteredSite& site) {
    auto row = db.prepare("INSERT INTO site (name, owner_name, prefix, grp, home) VALUES (?, ?, ?, ?, ?)");
    row.bind(1, site.name);
    row.bind(2, site.owner_name);
    row.bind(3, site.prefix);
    row.bind(4, site.group);
    row.bind(5, std::int64_t{site.home ? 1 : 0});
    row.step();
    auto host = db.prepare("INSERT INTO site_host (site, position, host) VALUES (?, ?, ?)");
    for (std::size_t i = 0; i < site.hosts.size(); ++i) {
        host.bind(1, site.name);
        host.bind(2, static_cast<std::int64_t>(i));
        host.bind(3, site.hosts[i]);
        host.step();
        host.reset();
    }
}

void delete_site(const Db& db, std::string_view name) {
    auto hosts = db.prepare("DELETE FROM site_host WHERE site = ?");
    hosts.bind(1, name);
    hosts.step();
    auto row = db.prepare("DELETE FROM site WHERE name = ?");
    row.bind(1, name);
    row.step();
}

// Whether `site` may take the place of `replaced` (nullptr: a new entry) in `registry`.
void check_change(Registry registry, std::string_view replaced, const RegisteredSite& site) {
    if (auto problem = site_problem(site)) throw UsageError(*problem);
    if (site.name != replaced && registry.find(site.name))
        throw UsageError("site name " + in_quotes(site.name) + " is taken (vitae site ls " +
                         registry.dir.string() + ")");
    std::erase_if(registry.sites, [replaced](const RegisteredSite& s) { return s.name == replaced; });
    if (auto problem = registry_conflict(registry, site)) throw UsageError(*problem);
}

UsageError no_such_site(const fs::path& sites_dir, std::string_view name) {
    return UsageError("no site " + in_quotes(name) + " in " + registry_path(sites_dir).string() + " (vitae site ls " +
                      sites_dir.string() + ")");
}

}  // namespace

bool create_registry(const fs::path& sites_dir) {
    std::error_code ec;
    const fs::path path = registry_path(sites_dir);
    if (fs::exists(fs::symlink_status(path, ec))) return false;
    if (!fs::is_directory(sites_dir, ec) && !fs::create_directory(sites_dir, ec) && ec)
        throw Error("create " + in_quotes(sites_dir.string()) + ": " + ec.message());
    TempFile temp(path.string(), "site add");
    {
        auto db = Db::open(temp.path(), OpenMode::create);
        keep_rollback_journal(db, "registry", "the worker");
        Transaction transaction(db);
        for (const auto& step : registry_migrations) db.exec(std::string(step.sql).c_str());
        set_pragma(db, "user_version", registry_version);
        set_pragma(db, "application_id", registry_application_id);
        transaction.commit();
    }
    temp.rename_to(path.string(), IfExists::refuse);
    return true;
}

void add_registered_site(const fs::path& sites_dir, const RegisteredSite& site) {
    auto db = open_for_write(sites_dir);
    Transaction transaction(db);
    check_change(read_registry_rows(db, sites_dir), "", site);
    insert_site(db, site);
    transaction.commit();
}

void replace_registered_site(const fs::path& sites_dir, std::string_view name, const RegisteredSite& site) {
    auto db = open_for_write(sites_dir);
    Transaction transaction(db);
    auto registry = read_registry_rows(db, sites_dir);
    if (!registry.find(name)) throw no_such_site(sites_dir, name);
    check_change(std::move(registry), name, site);
    delete_site(db, name);
    insert_site(db, site);
    transaction.commit();
}

void remove_registered_site(const fs::path& sites_dir, std::string_view name) {
    auto db = open_for_write(sites_dir);
    Transaction transaction(db);
    if (!read_registry_rows(db, sites_dir).find(name)) throw no_such_site(sites_dir, name);
    delete_site(db, name);
    transaction.commit();
}

RegistryUpgrade migrate_registry(const fs::path& sites_dir) {
    auto db = open_for_write(sites_dir);
    Transaction transaction(db);
    RegistryUpgrade upgrade{.from = db.user_version(), .to = registry_version};
    if (upgrade.from >= upgrade.to || db.pragma_int("application_id") != registry_application_id) {
        read_registry_rows(db, sites_dir);  // a newer or foreign file: its error
        return {.from = upgrade.from, .to = upgrade.from};
    }
    for (const auto& step : registry_migrations)
        if (step.from_version >= upgrade.from) db.exec(std::string(step.sql).c_str());
    set_pragma(db, "user_version", registry_version);
    transaction.commit();
    return upgrade;
}

void backup_registry(const fs::path& sites_dir, const std::string& dest, IfExists if_exists) {
    std::error_code ec;
    if (if_exists == IfExists::refuse && fs::exists(fs::symlink_status(dest, ec)))
        throw Error("backup " + in_quotes(dest) + ": file exists; refusing to overwrite it (--force replaces it)");
    if (fs::equivalent(registry_path(sites_dir), dest, ec))
        throw Error("backup " + in_quotes(dest) + ": that is the registry itself; name another file");
    auto from = open_for_write(sites_dir);  // read-write as backup_database: it only reads
    TempFile temp(dest, "backup");
    {
        auto copy = Db::open(temp.path(), OpenMode::read_write);
        from.backup_to(copy);
        keep_rollback_journal(copy, "registry", "the worker");
        Registry registry;
        {
            Transaction snapshot(copy, Transaction::Mode::read);
            registry = read_registry_rows(copy, sites_dir);
        }
        check_registry_rows(registry, temp.path());
    }
    temp.rename_to(dest, if_exists);
}

}  // namespace vitae
