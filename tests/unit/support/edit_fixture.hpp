// The editor over the unit tests' site, as vitae-admin calls it: a request
// (method, path, parsed form, user, CSRF token, mount) in, an answer out;
// and the public site of the same database, rendered in-process (core/site,
// as `vitae export` renders it), to see what an edit shows visitors.
#pragma once

#include <filesystem>
#include <initializer_list>
#include <string>
#include <utility>

#include "edit/editor.hpp"
#include "public_page.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

namespace vitae::test {

inline FormData form_of(std::initializer_list<std::pair<std::string, std::string>> fields) {
    FormData form;
    for (const auto& field : fields) form.fields.push_back(field);
    return form;
}

// The unit tests' site, made once per process and copied for each case:
// the schema's statements are each a transaction of their own, and their
// fsyncs were most of a case's time on a loaded box.
inline std::filesystem::path fresh_site_db(const TempDir& dir) {
    static TempDir prototype_dir;
    static const auto prototype = [] {
        auto path = prototype_dir / "site.db";
        exec_sql(path, "PRAGMA synchronous = OFF;" + read_file(source_dir / "data/schema.sql") + fixture_content());
        return path;
    }();
    auto path = dir / "site.db";
    std::filesystem::copy_file(prototype, path);
    return path;
}

struct EditFixture {
    TempDir dir;
    std::filesystem::path db = fresh_site_db(dir);
    Editor editor{(source_dir / "templates").string()};

    EditAnswer get(std::string_view path, std::string_view query = {}) {
        return editor.handle(db.string(), {.method = Method::get, .path = path, .form = nullptr, .user = "ann",
                                           .csrf_token = "tok", .mount = "/_vitae/edit/s/", .query = query});
    }
    EditAnswer post(std::string_view path, const FormData& form, std::string_view user = "ann") {
        return editor.handle(db.string(), {.method = Method::post, .path = path, .form = &form, .user = user,
                                           .csrf_token = "tok", .mount = "/_vitae/edit/s/"});
    }
    // The version the form at `path` carries (its hidden field).
    std::string version_at(std::string_view path) {
        auto body = get(path).body_html;
        auto at = body.find("name=\"version\" value=\"");
        if (at == std::string::npos) return {};
        at += 22;
        return body.substr(at, body.find('"', at) - at);
    }
    // The public page at `uri` after the site reloads what the editor wrote.
    std::string public_page(std::string_view uri) {
        auto site = public_site(db);  // a fresh load: what the editor wrote, committed
        return public_page_of(*site, uri)->body;
    }
    std::string scalar(const std::string& sql) {
        auto d = Db::open(db.string(), OpenMode::read_only);
        auto s = d.prepare(sql);
        return s.step() ? s.text_at(0) : std::string();
    }
    // Every row of the database as text: equal dumps, nothing written.
    std::string dump() {
        std::string out;
        auto d = Db::open(db.string(), OpenMode::read_only);
        auto tables = d.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
        while (tables.step()) {
            auto rows = d.prepare("SELECT * FROM \"" + tables.text_at(0) + "\"");
            out += tables.text_at(0) + ":";
            // blob_at: the search index's own tables (FTS5 shadow tables) hold binary blocks.
            while (rows.step()) out += rows.blob_at(0) + "|" + rows.blob_at(1) + ";";
            out += "\n";
        }
        return out;
    }
};

// A save of the form at `path`: its version (as the page carries it) and `fields`.
inline FormData form_at(EditFixture& f, std::string_view path,
                        std::initializer_list<std::pair<std::string, std::string>> fields) {
    FormData form = form_of({{"version", f.version_at(path)}});
    for (const auto& field : fields) form.fields.push_back(field);
    return form;
}

}  // namespace vitae::test
