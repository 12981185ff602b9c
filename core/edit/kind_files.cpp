// Stored files, keyed by name: an upload is read with read_upload and
// stored with store_upload, as `vitae add file` does (the size bound, the
// type sniffed from the bytes and the name's extension agreeing with it;
// HTML and SVG outside the allowlist refused; a picture's pixels bounded
// and its smaller WebP/AVIF copies made), its name reduced by the one slug
// rule (file_name_from: no "../", no path). The reading runs before the
// save's transaction (Editable::read_ahead), the storing inside it.
// The log keeps a file's description, not its bytes: an undo can take an
// upload back or put its alt text back, not bring removed or replaced bytes
// back; so a new upload never replaces a stored file of its name.
#include <algorithm>
#include <memory>
#include <set>

#include "base/error.hpp"
#include "base/log.hpp"
#include "edit/kind_rows.hpp"
#include "picture/upload.hpp"
#include "render/text/accessibility.hpp"
#include "store/model/pdf_access.hpp"
#include "store/model/slug.hpp"
#include "store/rows/file_store.hpp"
#include "store/write/files.hpp"
#include "store/write/profile.hpp"
#include "store/write/projects.hpp"
#include "store/write/publications.hpp"

namespace vitae::editable_tables {

namespace {

const std::string* upload_bytes(V v) {
    auto bytes = std::find_if(v.begin(), v.end(), [](const auto& kv) { return kv.first == "upload_bytes"; });
    return bytes == v.end() ? nullptr : &bytes->second;
}

// The name an upload is stored under: the row's, the form's, or the browser's.
std::string upload_name(std::string_view key, V v) {
    std::string name(key);
    if (name.empty()) name = text(v, "name");
    if (name.empty()) {
        // The browser's name for it, without any folders it sent ("C:\\x\\cv.pdf", "../../cv.pdf").
        auto sent = value_of(v, "upload");
        name = file_name_from(sent.substr(sent.find_last_of("/\\") + 1));
    }
    if (!key.empty() && !value_of(v, "name").empty() && value_of(v, "name") != key)
        throw Error("a file keeps its name (pages link to it); upload a new one under the new name");
    return name;
}

// An upload read (checked, its copies made) outside the transaction; its write.
PreparedWrite prepare_upload(std::string_view key, V v) {
    const std::string* bytes = upload_bytes(v);
    if (!bytes) return {};  // the alt text alone, or an undo: put
    auto upload = std::make_shared<const Upload>(read_upload(upload_name(key, v), *bytes));
    // The picture rule (render/text/accessibility.hpp), as `vitae add file` asks it.
    if (upload->file.is_picture())
        if (std::string problem = picture_description_problem(text(v, "alt"), value_of(v, "decorative") == "1");
            !problem.empty())
            throw Error(problem == picture_description_problem("", false)
                            ? std::string("a picture needs what it shows (alt text) for readers who cannot see it, "
                                          "or the box \"Decorative\" ticked when it shows nothing a reader needs")
                            : problem);
    return [upload, alt = text(v, "alt")](const Db& db, std::string_view row_key) {
        // A new file never takes a stored one's place: its bytes would be gone,
        // and the log, which keeps no bytes, could not bring them back.
        if (row_key.empty() && file_exists(db, upload->file.name))
            throw Error("a file named " + in_quotes(upload->file.name) + " exists; open it to upload new bytes under its "
                        "name, or give this one another name");
        store_upload(db, *upload, alt, ProfilePhoto::no);
        return upload->file.name;
    };
}

std::string put_upload(const Db& db, std::string_view key, V v) {
    if (auto write = prepare_upload(key, v)) return write(db, key);
    if (key.empty()) throw Error("choose a file to upload");
    // An undo: the log keeps a file's description, so it can put back an alt text, not other bytes.
    auto stored = read_logged_row(db, logged_item("file"), key);
    if (!stored)
        throw Error("the file " + in_quotes(key) + " was removed, and its bytes are not kept in the log; upload it again");
    if (value_of(*stored, "digest") != value_of(v, "digest") && !value_of(v, "digest").empty())
        throw Error("the file " + in_quotes(key) + " has other bytes now, and the earlier ones are not kept in the log; "
                    "upload them again");
    set_file_alt(db, key, value_of(v, "alt"));
    return std::string(key);
}

std::set<std::string> untagged_pdfs(const Db& db) {
    std::set<std::string> out;
    for (const auto& f : list_files(db))
        if (f.is_untagged_pdf()) out.insert(f.name);
    return out;
}

// As `vitae rm file`: what showed it shows nothing rather than a broken picture.
bool remove_upload(const Db& db, std::string_view key) {
    if (!remove_file(db, key)) return false;
    clear_profile_photo(db, key);
    clear_project_image(db, key);
    clear_publication_preview(db, key);
    return true;
}

}  // namespace

std::vector<Editable> file_editables() {
    std::vector<Editable> table;
    Editable editable{.path = "files", .label = "Files and pictures", .item = "file",
              .fields = {{.name = "upload", .label = "File", .type = FieldType::file,
                          .hint = "PDF, pictures (JPEG, PNG, WebP, AVIF, GIF, SVG without script), text; "
                                  "a new upload replaces the stored bytes"},
                         {.name = "name", .label = "Name", .hint = "as in its URL, e.g. cv-2026.pdf; made from the uploaded "
                                                                   "file's name when empty; kept once stored"},
                         {.name = "alt", .label = "What the picture shows (alt text)",
                          .hint = "a picture needs it, unless it is decorative"},
                         {.name = "decorative", .label = "Decorative (shows nothing a reader needs: stored without alt text)",
                          .type = FieldType::checkbox}},
              .summary = "listed"};
    editable.list_rows = [](const Db& db) {
        auto rows = read_table_rows(db, logged_item("file").table);
        auto flagged = untagged_pdfs(db);
        for (auto& row : rows)  // the list names each by its name, and flags a PDF screen readers cannot follow
            row.values.emplace_back("listed", row.key + (flagged.contains(row.key) ? " (untagged PDF: may not be accessible)" : ""));
        return rows;
    };
    editable.notes = [](const Db& db, std::string_view key) {
        std::vector<std::string> notes;
        for (const auto& f : list_files(db))
            if (f.name == key)
                for (const auto& problem : pdf_access_problems(f)) notes.push_back("This PDF: " + problem + ".");
        return notes;
    };
    editable.read_ahead = prepare_upload;
    editable.put = put_upload;
    editable.remove = [](const Db& db, std::string_view key) { return is_file_name(key) && remove_upload(db, key); };
    table.push_back(std::move(editable));
    return table;
}

}  // namespace vitae::editable_tables
