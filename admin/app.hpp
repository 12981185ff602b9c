// One editor request, from its FastCGI parameters and body to the answer:
// the login and logout forms, the session and the checks every POST passes
// (a valid CSRF token and the request's own Origin), the list of a user's
// sites, the static assets, and for /_vitae/edit/<site>/… the grant check
// and then the edit engine (core/edit). Wires steps; the rules themselves
// are http/edit_guard and http/form, the accounts core/auth.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "admin/config.hpp"
#include "admin/frame.hpp"
#include "auth/accounts.hpp"
#include "edit/editor.hpp"
#include "http/head_writer.hpp"
#include "http/form.hpp"
#include "store/registry/registry.hpp"

namespace vitae {

// The values as nginx passed them (empty when absent), and the body read.
struct AdminRequest {
    std::string_view method = {};
    std::string_view request_uri = {};
    std::string_view scheme = {};        // REQUEST_SCHEME ($scheme)
    std::string_view host = {};          // HTTP_HOST, as the browser sent it
    std::string_view origin = {};        // HTTP_ORIGIN
    std::string_view referer = {};       // HTTP_REFERER
    std::string_view cookie = {};        // HTTP_COOKIE
    std::string_view content_type = {};  // CONTENT_TYPE
    std::string_view remote_addr = {};   // for the per-address login throttle
    std::string_view remote_user = {};   // VITAE_REMOTE_USER, read only with --trust-user-header
    std::string_view body = {};
};

struct AdminAnswer {
    int status = 200;
    std::string content_type = "text/html; charset=utf-8";
    std::vector<std::string> cookies = {};  // Set-Cookie values
    std::string location = {};              // 303 (or the status given) to it
    int retry_after_s = 0;                  // 429
    std::string body = {};
};

// The CGI head (Status, the editor's security headers on every answer, the
// rest) and the body, by the one head writer: a plain 500 if a field breaks its rule.
WrittenHead write_answer(const AdminAnswer& answer);

// What every request thread shares, made once at start.
struct AdminShared {
    const AdminConfig& config;
    const Frame& frame;
    const Editor& editor;
};

// One per request thread: it owns that thread's connection to the accounts.
class AdminApp {
public:
    explicit AdminApp(const AdminShared& shared);
    AdminAnswer handle(const AdminRequest& request);

private:
    struct Call;  // one request's parsed parts (app.cpp)
    AdminAnswer route(Call& call);
    AdminAnswer login_page(const Call& call, std::string_view message, int status);
    AdminAnswer log_in(Call& call);
    AdminAnswer log_out(Call& call);
    AdminAnswer sites_page(const Call& call);
    AdminAnswer edit_site(Call& call, std::string_view site, std::string_view rest);
    // An admin's pages under /_vitae/edit/_admin/ (users_pages.cpp, registry_pages.cpp).
    AdminAnswer admin_area(Call& call, std::string_view rest);
    AdminAnswer users_page(const Call& call, int status, EditData data);
    AdminAnswer add_user(const Call& call);
    AdminAnswer user_page(Call& call, std::string_view name);
    AdminAnswer change_user(Call& call, const AccountUser& user);
    AdminAnswer registry_page(const Call& call, int status, EditData data);
    AdminAnswer add_site(const Call& call);
    AdminAnswer registry_site_page(const Call& call, std::string_view name);
    AdminAnswer change_site(const Call& call, const RegisteredSite& site);
    std::optional<Session> session_of(Call& call);
    std::optional<AdminAnswer> refuse_post(const Call& call, std::string_view expected_token);
    AdminAnswer framed(const Call& call, int status, std::string title, std::string body_html, std::string_view site = {});
    AdminAnswer message(const Call& call, int status, std::string title, std::string_view text);
    std::int64_t now() const;

    const AdminShared& shared_;
    Accounts accounts_;
};

// Where a site's database is: "default" for --db, SITES/NAME/site.db for a
// registered NAME; nullopt when there is no such site (read per request, so a
// site added with `vitae site add` is editable at once).
std::optional<std::string> site_database(const AdminConfig& config, std::string_view site);
std::vector<std::string> site_names(const AdminConfig& config);

}  // namespace vitae
