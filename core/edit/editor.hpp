// The edit engine behind vitae-admin: given a site's database and one
// request (a GET, or a POST whose form is parsed and whose CSRF token and
// Origin are already checked), it renders the editor's page or applies the
// save. Everything it edits is a row of one table (kinds.cpp); every write
// goes through core/store/write/, checked against the version the form was
// made from, and is recorded in the edit log with its before and after.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "http/form.hpp"
#include "http/request.hpp"

namespace vitae {

struct EditRequest {
    Method method = Method::get;       // get or post (the admin answers HEAD as GET); other: 405
    std::string_view path;             // after /_vitae/edit/<site>/: "", "bio", "publications/12"
    const FormData* form = nullptr;    // POST only: parsed, CSRF and Origin already checked
    std::string_view user;             // the account name, for the audit log
    std::string_view csrf_token;       // every form rendered embeds <input type=hidden name=csrf value=...>
    std::string_view mount;            // "/_vitae/edit/<site>/", prefix of every link and form action
    std::string_view query = {};       // after '?': a list's "page=N"
};

struct EditAnswer {
    int status = 200;
    std::string title;
    std::string body_html;  // the admin wraps it in its layout
    std::string location;   // non-empty: the admin answers 303 to it (after a successful POST)
};

class EditTemplates;  // the compiled templates/edit/*.mustache (editor.cpp)

class Editor {
public:
    // `templates_dir`: the public templates directory; the editor's are in
    // DIR/edit/. Throws Error naming a missing or broken template.
    explicit Editor(const std::string& templates_dir);
    ~Editor();
    Editor(Editor&&) noexcept;
    Editor& operator=(Editor&&) noexcept;

    // Never throws for bad input: 400 (a message naming the field), 404, 405,
    // 409 (a stale version: both the stored and the submitted values shown).
    // Throws Error only when the database cannot be opened or read.
    EditAnswer handle(const std::string& site_db_path, const EditRequest& request) const;

private:
    std::unique_ptr<const EditTemplates> templates_;
};

}  // namespace vitae
