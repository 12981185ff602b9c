#include "cli/commands/page_commands.hpp"

#include "base/error.hpp"
#include "base/log.hpp"
#include "cli/commands/text_option.hpp"
#include "http/router.hpp"
#include "http/routes.hpp"
#include "store/rows/content_rows.hpp"
#include "store/rows/content_store.hpp"
#include "store/write/edit_log.hpp"
#include "store/write/pages.hpp"

namespace vitae::cli {

namespace {

constexpr std::size_t max_page_body_bytes = 1024 * 1024;  // a page is a few KB of Markdown; an imported one, tens

OwnPage page_from_args(const Args& args) {
    OwnPage p;
    p.slug = args.positional[1];
    if (auto problem = page_slug_problem(p.slug)) throw UsageError("add page: " + *problem);
    p.title = args.get("--title");
    if (p.title.empty()) throw UsageError("add page: --title is empty");
    p.body = text_option(args, "add page", max_page_body_bytes,
                         {.required = false, .inline_text = "--body", .file = "--body-file"});
    if (args.has("--format")) p.body_format = args.get("--format");
    if (p.body_format != "markdown" && p.body_format != "html")
        throw UsageError("add page: --format " + in_quotes(p.body_format) + ": use markdown or html");
    p.in_menu = args.has("--menu");
    return p;
}

}  // namespace

int run_add_page(const Args& args, std::ostream& out) {
    OwnPage p = page_from_args(args);
    bool replace = args.has("--replace");
    auto db = open_checked(args.positional[0]);
    LoggedTransaction transaction(db, cli_editor_name(), {"page"});
    if (!replace && rows::page_exists(db, p.slug))
        throw Error("add page: a page " + in_quotes(p.slug) + " exists (--replace to change it, or vitae rm page first)");
    if (replace) put_page(db, p);
    else insert_page(db, p);
    transaction.commit();
    out << (replace ? "put page " : "added page ") << p.slug << " to " << args.positional[0] << " ("
        << url_for(RouteKind::page, {.slug = p.slug}) << (p.in_menu ? ", in the menu" : "") << ")\n";
    return 0;
}

int run_ls_pages(const Args& args, std::ostream& out) {
    auto db = open_checked(args.positional[0], OpenMode::read_only);
    Content c;
    rows::load_pages(db, c);
    for (const auto& p : c.pages)
        out << url_for(RouteKind::page, {.slug = p.slug}) << "\t" << p.title << "\t" << (p.in_menu ? "menu" : "-") << "\t"
            << p.body_format << "\t" << p.body.size() << " bytes\n";
    return 0;
}

int run_rm_page(const Args& args, std::ostream& out) {
    auto db = open_checked(args.positional[0]);
    LoggedTransaction transaction(db, cli_editor_name(), {"page"});
    if (!remove_page(db, args.positional[1]))
        throw Error("rm page " + in_quotes(args.positional[0]) + ": no page " + in_quotes(args.positional[1]));
    transaction.commit();
    out << "removed page " << args.positional[1] << "\n";
    return 0;
}

}  // namespace vitae::cli
