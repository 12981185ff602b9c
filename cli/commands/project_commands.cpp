#include "cli/commands/project_commands.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "cli/commands/text_option.hpp"
#include "rules/link.hpp"
#include "store/model/slug.hpp"
#include "store/rows/content_rows.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/file_store.hpp"
#include "store/rows/publication_store.hpp"
#include "store/write/edit_log.hpp"
#include "store/write/projects.hpp"
#include "store/write/publications.hpp"

namespace vitae::cli {

namespace {

constexpr std::size_t max_project_text_bytes = 1024 * 1024;  // a project page is a few KB of Markdown

std::string project_text(const Args& args) {
    return text_option(args, "add project", max_project_text_bytes, {.required = false});
}

// "Code=https://github.com/x/y" -> {Code, https://...}: http(s), or a stored file as /files/<name>.
Link checked_link(const std::string& value) {
    auto eq = value.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == value.size())
        throw UsageError("add project: --link " + in_quotes(value) + ": give it as LABEL=URL, e.g. Code=https://github.com/me/tool");
    Link link{value.substr(0, eq), value.substr(eq + 1)};
    if (!is_link(link.url))
        throw UsageError("add project: --link " + in_quotes(value) + ": " + in_quotes(link.url) + " is " +
                         std::string(link_expected));
    return link;
}

// A stored picture of this name, else an error saying what it is instead.
void require_picture(const Db& db, std::string_view command, const std::string& name) {
    auto width = stored_file_width(db, name);
    if (!width)
        throw Error(std::string(command) + ": no stored file named " + in_quotes(name) + " (vitae ls files lists them)");
    if (*width <= 0)
        throw Error(std::string(command) + ": " + in_quotes(name) + " is not a picture (PNG, JPEG, WebP, AVIF, GIF)");
}

void require_file(const Db& db, const std::string& name) {
    if (!file_exists(db, name))
        throw Error("add project: no stored file named " + in_quotes(name) + " (vitae ls files lists them)");
}

std::int64_t required_publication(const Db& db, std::string_view command, const std::string& slug) {
    auto id = publication_id(db, slug);
    if (!id) throw Error(std::string(command) + ": no publication " + in_quotes(slug));
    return *id;
}

// What the project names is there: its slug is free, its picture and
// files are stored, its papers and posts exist.
void check_project(const Db& db, const Project& p) {
    if (rows::project_exists(db, p.slug)) throw Error("add project: a project " + in_quotes(p.slug) + " exists (vitae rm project first)");
    if (!p.image.empty()) require_picture(db, "add project: --image", p.image);
    for (const auto& l : p.links)
        if (auto name = file_link_name(l.url)) require_file(db, std::string(*name));
    for (const auto& slug : p.publications) required_publication(db, "add project: --paper", slug);
    for (const auto& slug : p.posts)
        if (!rows::post_exists(db, slug)) throw Error("add project: --post: no post " + in_quotes(slug));
}

}  // namespace

int run_add_project(const Args& args, std::ostream& out) {
    Project p;
    p.slug = args.get("--slug");
    if (!is_slug(p.slug))
        throw UsageError("add project: --slug " + in_quotes(p.slug) + ": use a-z, 0-9 and '-', starting with a letter or digit");
    p.title = args.get("--title");
    if (p.title.empty()) throw UsageError("add project: --title is empty");
    p.summary = args.get("--summary");
    p.markdown = project_text(args);
    p.image = args.get("--image");
    for (const auto& value : args.get_all("--link")) p.links.push_back(checked_link(value));
    p.publications = args.get_all("--paper");
    p.posts = args.get_all("--post");
    auto db = open_checked(args.positional[0]);
    LoggedTransaction transaction(db, cli_editor_name(), {"project"});
    check_project(db, p);
    insert_project(db, p);
    transaction.commit();
    out << "added project " << p.slug << " to " << args.positional[0] << " (/projects/" << p.slug << ")\n";
    return 0;
}

int run_rm_project(const Args& args, std::ostream& out) {
    auto db = open_checked(args.positional[0]);
    LoggedTransaction transaction(db, cli_editor_name(), {"project"});
    if (!remove_project(db, args.positional[1]))
        throw Error("rm project " + in_quotes(args.positional[0]) + ": no project " + in_quotes(args.positional[1]));
    transaction.commit();
    out << "removed project " << args.positional[1] << "\n";
    return 0;
}

int run_set_preview(const Args& args, std::ostream& out) {
    const std::string& slug = args.positional[1];
    std::string name = args.optional_arg(2);  // none: the paper shows no picture
    auto db = open_checked(args.positional[0]);
    LoggedTransaction transaction(db, cli_editor_name(), {"publication"});
    auto id = required_publication(db, "set preview", slug);
    if (!name.empty()) require_picture(db, "set preview", name);
    set_publication_preview(db, id, name);
    transaction.commit();
    if (name.empty()) out << "removed the preview of " << slug << "\n";
    else out << "set the preview of " << slug << " to " << name << "\n";
    return 0;
}

}  // namespace vitae::cli
