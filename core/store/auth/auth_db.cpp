// Making and opening the accounts database: the only place its schema is run.
#include "store/auth/auth_db.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/sql/sql_text.hpp"
#include "store/sqlite/journal.hpp"
#include "store/sqlite/temp_file.hpp"

namespace vitae {

namespace fs = std::filesystem;

namespace {

// Built aside and renamed, so AUTH is never half-made and never readable by
// others, not even for the moment between create and chmod.
void create_auth_db(const std::string& path) {
    TempFile temp(path, "user add");
    if (::chmod(temp.path().c_str(), 0600) != 0)
        throw Error("chmod " + in_quotes(temp.path()) + ": " + std::strerror(errno));
    {
        auto db = Db::open(temp.path(), OpenMode::create);
        keep_rollback_journal(db, "accounts", "vitae-admin");
        Transaction transaction(db);
        for (const auto& step : auth_migrations) db.exec(std::string(step.sql).c_str());
        set_pragma(db, "user_version", auth_version);
        set_pragma(db, "application_id", auth_application_id);
        transaction.commit();
    }
    temp.rename_to(path, IfExists::refuse);
}

void check_auth_db(const Db& db) {
    auto id = db.pragma_int("application_id");
    auto version = db.user_version();
    if (id != auth_application_id)
        throw Error("accounts " + in_quotes(db.path()) + ": not an accounts database (vitae user add makes one)");
    if (version != auth_version)
        throw Error("accounts " + in_quotes(db.path()) + ": version " + std::to_string(version) + ", this vitae reads " +
                    std::to_string(auth_version));
}

// Readable by others means every hash in it can be guessed at offline.
void warn_if_shared(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && (st.st_mode & 0077) != 0)
        log_warning("accounts " + in_quotes(path) + ": readable or writable by others (chmod 600 it)");
}

}  // namespace

Db open_auth_db(const std::string& path, OpenMode mode) {
    std::error_code ec;
    if (mode == OpenMode::create && !fs::exists(fs::symlink_status(path, ec))) {
        try {
            create_auth_db(path);
        } catch (const Error&) {
            if (!fs::exists(fs::symlink_status(path, ec))) throw;  // else another run made it first
        }
    }
    if (mode != OpenMode::create && !fs::exists(fs::symlink_status(path, ec)))
        throw Error("accounts " + in_quotes(path) + ": no such file (vitae user add makes it)");
    auto db = Db::open(path, mode == OpenMode::create ? OpenMode::read_write : mode);
    check_auth_db(db);
    if (mode != OpenMode::read_only) keep_rollback_journal(db, "accounts", "vitae-admin");
    warn_if_shared(path);
    return db;
}

}  // namespace vitae
