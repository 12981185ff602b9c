// An admin's sites, with a directory of sites (--sites): the registry's
// list, adding a site (its folder and database made, or an imported one
// adopted, as `vitae site add` does: store/registry/site_setup), changing
// where one answers, and removing one from the registry (its folder is
// kept). The worker reads the registry again within a second, so a change
// is live without a restart. Each change is logged with who made it.
#include "admin/app.hpp"
#include "admin/call.hpp"
#include "admin/site_findings.hpp"

#include <algorithm>
#include <sstream>

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/registry/registry_writer.hpp"
#include "store/registry/site_setup.hpp"

namespace vitae {

namespace {

std::string site_url(std::string_view name) { return std::string(registry_url) + "/" + std::string(name); }

// The form's fields over `site`: hosts separated by spaces or commas.
RegisteredSite with_form(RegisteredSite site, const FormData& form) {
    std::string hosts(form.get("hosts").value_or(""));
    std::replace(hosts.begin(), hosts.end(), ',', ' ');
    std::istringstream words(hosts);
    site.hosts.clear();
    for (std::string host; words >> host;) site.hosts.push_back(lower_case_host(host));
    auto prefix = form.get("prefix").value_or("");
    site.prefix = prefix.empty() ? "/" : whole_prefix(prefix);
    site.owner_name = form.get("owner").value_or("");
    site.group = form.get("group").value_or("");
    site.home = form.get("home") == "1";
    return site;
}

void set_fields(EditData& data, const RegisteredSite& site) {
    std::string hosts;
    for (const auto& host : site.hosts) hosts += (hosts.empty() ? "" : " ") + host;
    data.set("name", text_data(site.name));
    data.set("hosts", text_data(hosts));
    data.set("prefix", text_data(site.prefix));
    data.set("owner", text_data(site.owner_name));
    data.set("group", text_data(site.group));
    data.set("home", site.home);
}

}  // namespace

AdminAnswer AdminApp::registry_page(const Call& call, int status, EditData data) {
    auto registry = registry_or_empty(shared_.config.sites_dir);
    EditData sites{EditData::type::list};
    for (const auto& site : registry.sites) {
        EditData row;
        row.set("name", text_data(site.name));
        row.set("link", text_data(site_url(site.name)));
        row.set("where", text_data(where(site)));
        row.set("group", text_data(site.group));
        row.set("home", site.home);
        auto findings = site_findings_count(site_db_path(shared_.config.sites_dir, site.name).string());
        row.set("findings", text_data(findings ? std::to_string(*findings) : std::string("?")));
        sites.push_back(row);
    }
    data.set("sites", sites);
    data.set("dir", text_data(shared_.config.sites_dir.string()));
    data.set("csrf", text_data(call.session->csrf_token));
    if (auto notice = done_notice(call.query); !notice.empty() && status == 200) data.set("notice", text_data(notice));
    if (!data.get("prefix")) data.set("prefix", text_data("/"));
    return framed(call, status, "Sites", shared_.frame.render("registry", std::move(data)));
}

AdminAnswer AdminApp::add_site(const Call& call) {
    RegisteredSite named;
    named.name = call.form.get("name").value_or("");
    auto site = with_form(std::move(named), call.form);
    // The form again, as sent, and why not: a refusal (UsageError) is the
    // form's, 400; a failure (Error: a folder that cannot be made, say) is
    // the server's, 500, logged, and says why to the admin too.
    auto not_added = [&](int status, const std::exception& e) {
        EditData data;
        data.set("error", text_data(std::string("Not added: ") + e.what()));
        set_fields(data, site);
        return registry_page(call, status, std::move(data));
    };
    std::vector<std::string> report;
    try {
        report = set_up_site("site add", shared_.config.sites_dir, site);
    } catch (const UsageError& e) {
        return not_added(400, e);
    } catch (const std::exception& e) {
        log_error("edit: adding site " + in_quotes(site.name) + ": " + e.what());
        return not_added(500, e);
    }
    std::string made;
    for (const auto& line : report) made += "; " + line;
    log_info("edit: " + in_quotes(call.session->user.name) + " added site " + in_quotes(site.name) + " at " + where(site) + made);
    return {.status = 303, .location = site_url(site.name) + "?done=added"};
}

AdminAnswer AdminApp::registry_site_page(const Call& call, std::string_view name) {
    auto registry = registry_or_empty(shared_.config.sites_dir);
    const RegisteredSite* site = registry.find(name);
    if (!site) return message(call, 404, "Not found", "There is no such site.");
    if (call.method == Method::post) return change_site(call, *site);
    EditData data;
    if (auto notice = done_notice(call.query); !notice.empty()) data.set("notice", text_data(notice));
    set_fields(data, *site);
    data.set("action", text_data(site_url(site->name)));
    data.set("folder", text_data(site_dir(shared_.config.sites_dir, site->name).string()));
    data.set("csrf", text_data(call.session->csrf_token));
    return framed(call, 200, "Site " + site->name, shared_.frame.render("registry_site", std::move(data)));
}

AdminAnswer AdminApp::change_site(const Call& call, const RegisteredSite& site) {
    auto action = call.form.get("do").value_or("");
    const std::string& by = call.session->user.name;
    const auto& dir = shared_.config.sites_dir;
    try {
        if (action == "set") {
            auto next = with_form(site, call.form);
            replace_registered_site(dir, site.name, next);
            log_info("edit: " + in_quotes(by) + " set site " + in_quotes(site.name) + " at " + where(next));
            return {.status = 303, .location = site_url(site.name) + "?done=saved"};
        }
        if (action == "remove") {
            if (call.form.get("sure") != "1")
                return message(call, 400, "Not removed", "Tick the box to say you mean it. Nothing was changed.");
            remove_registered_site(dir, site.name);
            log_info("edit: " + in_quotes(by) + " removed site " + in_quotes(site.name) + " from the registry (kept " +
                     site_dir(dir, site.name).string() + ")");
            return {.status = 303, .location = std::string(registry_url) + "?done=removed"};
        }
    } catch (const UsageError& e) {
        return message(call, 400, "Not saved", std::string(e.what()) + ". Nothing was changed.");
    }
    return message(call, 400, "Not saved", "The form asked for nothing this page does. Nothing was changed.");
}

}  // namespace vitae
