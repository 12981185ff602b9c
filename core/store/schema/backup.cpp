#include "store/schema/backup.hpp"

#include <filesystem>
#include <optional>

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/rows/content_store.hpp"
#include "store/sql/sql_text.hpp"
#include "store/sqlite/db.hpp"
#include "store/sqlite/temp_file.hpp"

namespace vitae {

namespace {

namespace fs = std::filesystem;

bool exists(const std::string& path) {
    std::error_code ec;
    return fs::exists(fs::symlink_status(path, ec));
}

bool same_file(const std::string& a, const std::string& b) {
    std::error_code ec;
    return fs::equivalent(a, b, ec);  // false (and ec set) when either is missing
}

// Copies `from` into `temp` and leaves it in `journal_mode` ("delete" or
// "wal"; a backup of a WAL database arrives flagged WAL). With `verify`, the
// copy must pass a full integrity_check and then what the worker checks.
void copy_into(const Db& from, const TempFile& temp, const std::string& journal_mode, bool verify) {
    auto dest = Db::open(temp.path(), OpenMode::read_write);
    from.backup_to(dest);
    // Our own constant: "delete" or "wal".
    if (dest.pragma_text(("journal_mode = " + journal_mode).c_str()) != journal_mode)
        throw Error("copy " + in_quotes(from.path()) + ": cannot set journal mode " + journal_mode + " on " +
                    in_quotes(temp.path()));
    if (!verify) return;
    auto check = dest.prepare("PRAGMA integrity_check");
    std::string result = check.step() ? check.text_at(0) : "no answer";
    if (result != "ok")
        throw Error("copy " + in_quotes(from.path()) + ": the copy fails integrity_check (" + result +
                    "); the source is damaged, run `vitae check` on it");
    check_database(dest);
}

}  // namespace

void backup_database(const std::string& db_path, const std::string& dest, IfExists if_exists) {
    if (same_file(db_path, dest))
        throw Error("backup " + in_quotes(dest) + ": that is the database itself; name another file");
    if (if_exists == IfExists::refuse && exists(dest))
        throw Error("backup " + in_quotes(dest) + ": file exists; refusing to overwrite it (--force replaces it)");
    // Read-write although it only reads: in WAL mode the last connection to
    // close removes the -wal, a read-only one cannot (and leaving one would
    // make `restore` refuse). On a read-only file SQLite opens it read-only.
    auto from = Db::open(db_path, OpenMode::read_write);
    TempFile temp(dest, "backup");
    copy_into(from, temp, "delete", true);
    temp.rename_to(dest, if_exists);
}

RestoreResult restore_database(const std::string& db_path, const std::string& src, std::int64_t now_unix) {
    const std::string subject = "restore " + in_quotes(db_path);
    if (same_file(db_path, src)) throw Error(subject + ": the source is the database itself");
    auto source = Db::open(src, OpenMode::read_only);
    check_database(source);  // refused here, SRC is named; checked again as copied
    if (exists(db_path + "-wal"))
        throw Error(subject + ": " + in_quotes(db_path + "-wal") +
                    " exists (WAL mode, open or not checkpointed); renaming a new file over the database would "
                    "leave open connections' log beside it. Stop the writers and the worker, let the last "
                    "connection close (or run: sqlite3 DB 'PRAGMA journal_mode=DELETE'), then restore again");

    RestoreResult result;
    if (!exists(db_path)) {
        TempFile fresh(db_path, "restore");
        copy_into(source, fresh, "delete", true);
        fresh.rename_to(db_path, IfExists::refuse);
        return result;
    }

    // The live file's journal mode (only WAL is stored in the file) stays:
    // the service's sandbox is set up for it (a WAL reader needs a writable
    // directory, see docs/operations.md).
    // Read-write connections although they only read, as in backup_database.
    std::string mode = Db::open(db_path, OpenMode::read_write).pragma_text("journal_mode") == "wal" ? "wal" : "delete";
    TempFile fresh(db_path, "restore");
    copy_into(source, fresh, mode, true);

    // Rollback-journal mode: hold DB's write lock (readers go on) from the
    // copy of the old content to the rename, so a commit cannot fall between
    // them and be in neither file. In WAL mode every connection must be closed
    // before the rename (the -wal belongs to a name, not a file): no lock.
    std::optional<Db> live;
    std::optional<Transaction> lock;
    if (mode != "wal") {
        live.emplace(Db::open(db_path, OpenMode::read_write));
        lock.emplace(*live);
    }
    result.kept_path = db_path + ".bak-" + std::to_string(now_unix);
    {
        TempFile kept(result.kept_path, "restore");
        copy_into(Db::open(db_path, OpenMode::read_write), kept, "delete", false);
        kept.rename_to(result.kept_path, IfExists::refuse);
    }
    fresh.rename_to(db_path, IfExists::replace);
    return result;  // the lock ends on the old file, now only DB.bak's origin
}

}  // namespace vitae
