// An admin's users: the list, adding one (name, password, admin or not, the
// sites), and each user's page (the sites granted, a new password, removing
// the account). Every change goes through core/auth's Accounts, the writer
// `vitae user` uses, and is logged with who made it. An admin cannot remove
// their own account here, so the editor always keeps the admin using it.
#include "admin/app.hpp"
#include "admin/call.hpp"

#include <algorithm>

#include "base/error.hpp"
#include "base/log.hpp"
#include "http/edit_guard.hpp"

namespace vitae {

namespace {

// A checkbox per site there is, and per site granted that is not (or no longer) there.
EditData site_choices(const AdminConfig& config, const std::vector<std::string>& checked) {
    auto names = site_names(config);
    for (const auto& site : checked)
        if (std::find(names.begin(), names.end(), site) == names.end()) names.push_back(site);
    std::sort(names.begin(), names.end());
    EditData list{EditData::type::list};
    for (const auto& name : names) {
        EditData choice;
        choice.set("value", text_data(name));
        choice.set("checked", std::find(checked.begin(), checked.end(), name) != checked.end());
        list.push_back(choice);
    }
    return list;
}

std::vector<std::string> checked_sites(const FormData& form) {
    std::vector<std::string> sites;
    for (auto site : form.all("site")) sites.emplace_back(site);
    return sites;
}

std::string user_url(std::string_view name) { return std::string(users_url) + "/" + std::string(name); }

}  // namespace

std::string done_notice(std::string_view query) {
    static constexpr std::pair<std::string_view, std::string_view> notices[] = {
        {"added", "Added."}, {"saved", "Saved."}, {"sites", "The sites are saved."},
        {"password", "The password is changed; every session of the user ended."}, {"removed", "Removed."}};
    auto word = query_value(query, "done");
    for (auto [key, notice] : notices)
        if (word == key) return std::string(notice);
    return {};
}

AdminAnswer AdminApp::admin_area(Call& call, std::string_view rest) {
    if (!call.session->user.admin)
        return message(call, 403, "Administrators only", "Only an administrator manages users and sites; nothing was saved.");
    bool post = call.method == Method::post;
    auto below = [rest](std::string_view what) -> std::optional<std::string_view> {
        if (!rest.starts_with(what)) return std::nullopt;
        auto tail = rest.substr(what.size());
        if (tail.empty()) return tail;
        if (tail.front() != '/' || tail.size() == 1) return std::nullopt;
        return tail.substr(1);
    };
    if (auto name = below("/users")) {
        if (name->empty()) return post ? add_user(call) : users_page(call, 200, {});
        return user_page(call, *name);
    }
    if (auto name = below("/sites")) {
        if (shared_.config.sites_dir.empty())
            return message(call, 404, "One site",
                           "This editor serves one site (--db); sites are managed in a directory of sites (vitae site add).");
        if (name->empty()) return post ? add_site(call) : registry_page(call, 200, {});
        return registry_site_page(call, *name);
    }
    return {.status = 303, .location = std::string(users_url)};
}

AdminAnswer AdminApp::users_page(const Call& call, int status, EditData data) {
    EditData users{EditData::type::list};
    for (const auto& user : accounts_.users()) {
        EditData row;
        row.set("name", text_data(user.name));
        row.set("link", text_data(user_url(user.name)));
        row.set("may_edit", text_data(may_edit_text(user)));
        users.push_back(row);
    }
    data.set("users", users);
    data.set("csrf", text_data(call.session->csrf_token));
    if (auto notice = done_notice(call.query); !notice.empty() && status == 200) data.set("notice", text_data(notice));
    if (!data.get("choices")) data.set("choices", site_choices(shared_.config, {}));
    return framed(call, status, "Users", shared_.frame.render("users", std::move(data)));
}

AdminAnswer AdminApp::add_user(const Call& call) {
    const auto& form = call.form;
    std::string name(form.get("name").value_or(""));
    bool admin = form.get("admin") == "1";
    auto sites = checked_sites(form);
    try {
        accounts_.add_user(name, form.get("password").value_or(""), admin ? UserRole::admin : UserRole::member, sites,
                           default_hash_cost());
    } catch (const UsageError& e) {
        // The form again, as sent but for the password, and why not.
        EditData data;
        data.set("error", text_data(std::string("Not added: ") + e.what()));
        data.set("name", text_data(name));
        data.set("admin", admin);
        data.set("choices", site_choices(shared_.config, sites));
        return users_page(call, 400, std::move(data));
    }
    log_info("edit: " + in_quotes(call.session->user.name) + " added user " + in_quotes(name) +
             (admin ? " (administrator)" : "") + " with " + std::to_string(sites.size()) + " sites");
    return {.status = 303, .location = user_url(name) + "?done=added"};
}

AdminAnswer AdminApp::user_page(Call& call, std::string_view name) {
    auto user = accounts_.user(name);
    if (!user) return message(call, 404, "Not found", "There is no such user.");
    if (call.method == Method::post) return change_user(call, *user);
    EditData data;
    if (auto notice = done_notice(call.query); !notice.empty()) data.set("notice", text_data(notice));
    data.set("name", text_data(user->name));
    data.set("admin", user->admin);
    data.set("self", user->name == call.session->user.name);
    data.set("action", text_data(user_url(user->name)));
    data.set("csrf", text_data(call.session->csrf_token));
    data.set("choices", site_choices(shared_.config, user->sites));
    return framed(call, 200, "User " + user->name, shared_.frame.render("user", std::move(data)));
}

AdminAnswer AdminApp::change_user(Call& call, const AccountUser& user) {
    auto action = call.form.get("do").value_or("");
    const std::string& by = call.session->user.name;
    bool self = user.name == by;
    auto refused = [&](std::string_view why) {
        return message(call, 400, "Not saved", std::string(why) + " Nothing was saved.");
    };
    try {
        if (action == "sites") {
            if (user.admin) return refused("An administrator may edit every site already.");
            auto sites = checked_sites(call.form);
            accounts_.set_sites(user.name, sites);
            log_info("edit: " + in_quotes(by) + " set the sites of " + in_quotes(user.name) + " (" +
                     std::to_string(sites.size()) + ")");
            return {.status = 303, .location = user_url(user.name) + "?done=sites"};
        }
        if (action == "password") {
            accounts_.set_password(user.name, call.form.get("password").value_or(""), default_hash_cost());
            log_info("edit: " + in_quotes(by) + " changed the password of " + in_quotes(user.name));
            if (self) return {.status = 303, .location = std::string(edit_mount) + "login"};  // the session just ended
            return {.status = 303, .location = user_url(user.name) + "?done=password"};
        }
        if (action == "remove") {
            if (self) return refused("You cannot remove your own account here (another administrator can, or vitae user rm).");
            if (call.form.get("sure") != "1") return refused("Tick the box to say you mean it.");
            accounts_.remove_user(user.name);
            log_info("edit: " + in_quotes(by) + " removed user " + in_quotes(user.name));
            return {.status = 303, .location = std::string(users_url) + "?done=removed"};
        }
    } catch (const UsageError& e) {
        return refused(e.what() + std::string("."));
    }
    return refused("The form asked for nothing this page does.");
}

}  // namespace vitae
