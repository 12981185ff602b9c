// The pages around a session: logging in (a double-submit token before
// there is a session, the session id always issued fresh), logging out,
// the trusted-header mode's session, the POST checks, the site list, the
// grant check before the edit engine, and the frame around every page.
#include "admin/app.hpp"
#include "admin/call.hpp"
#include "auth/limits.hpp"
#include "auth/tokens.hpp"
#include "base/log.hpp"
#include "http/edit_guard.hpp"

namespace vitae {

std::optional<Session> AdminApp::session_of(Call& call) {
    auto token = cookie_value(call.request.cookie, session_cookie);
    std::optional<Session> session;
    if (token && !token->empty()) session = accounts_.find_session(*token, now());
    if (!shared_.config.trust_user_header) return session;
    // Single sign-on: nginx names the user; a session of ours carries the CSRF token.
    const auto& named = call.request.remote_user;
    if (named.empty()) return std::nullopt;
    if (session && session->user.name == named) return session;
    auto user = accounts_.user(named);
    if (!user) return std::nullopt;
    if (token && !token->empty()) accounts_.end_session(*token);  // another user's, or expired
    call.started = accounts_.start_session(*user, now());
    return accounts_.find_session(call.started, now());
}

std::optional<AdminAnswer> AdminApp::refuse_post(const Call& call, std::string_view expected_token) {
    auto origin = check_origin(call.request.origin, call.request.referer, call.own_origin);
    if (origin != OriginCheck::same)
        return message(call, 403, "Refused: another site's form",
                       origin == OriginCheck::missing ? "The request named no origin (no Origin or Referer header); nothing was saved."
                                                      : "The form was sent from another site; nothing was saved.");
    auto sent = call.form.get("csrf");
    if (expected_token.empty() || !sent || !same_secret(*sent, expected_token))
        return message(call, 403, "Refused: stale form",
                       "The form's security token is missing or out of date; nothing was saved. Reload the page and try again.");
    return std::nullopt;
}

AdminAnswer AdminApp::login_page(const Call& call, std::string_view note, int status) {
    if (shared_.config.trust_user_header)
        return message(call, 404, "Not found", "Sign-in is your institution's single sign-on here.");
    auto token = random_token();
    auto next = safe_next(query_value(call.query, "next"));
    if (auto sent = call.form.get("next")) next = safe_next(*sent);
    auto answer = framed(call, status, "Log in", shared_.frame.login(token, next, note));
    answer.cookies.push_back(set_cookie(login_cookie, token, limits::login_form_max_age_s));
    return answer;
}

AdminAnswer AdminApp::log_in(Call& call) {
    if (shared_.config.trust_user_header) return login_page(call, {}, 404);
    if (check_origin(call.request.origin, call.request.referer, call.own_origin) != OriginCheck::same)
        return message(call, 403, "Refused: another site's form", "The login form was sent from another site.");
    auto cookie = cookie_value(call.request.cookie, login_cookie);
    auto sent = call.form.get("csrf");
    if (!cookie || cookie->empty() || !sent || !same_secret(*sent, *cookie))
        return login_page(call, "The login form had expired; please log in again.", 403);
    // Whatever session the browser had ends here: the one it gets is new (no fixation).
    if (auto old = cookie_value(call.request.cookie, session_cookie); old && !old->empty()) accounts_.end_session(*old);
    auto result = accounts_.log_in(call.form.get("user").value_or(""), call.form.get("password").value_or(""),
                                   call.request.remote_addr, now());
    if (result.outcome == LoginOutcome::throttled) {
        auto answer = login_page(call, "Too many failed logins: wait " + std::to_string(result.retry_after_s) +
                                           " seconds, then try again.", 429);
        answer.retry_after_s = result.retry_after_s;
        return answer;
    }
    // One answer for an unknown user and a wrong password: the page says neither.
    if (result.outcome != LoginOutcome::ok || !result.user) return login_page(call, "Wrong user name or password.", 200);
    auto token = accounts_.start_session(*result.user, now());
    log_info("edit: " + in_quotes(result.user->name) + " logged in from " + in_quotes(std::string(call.request.remote_addr)));
    return {.status = 303,
            .cookies = {set_cookie(session_cookie, token, SessionLimits{}.absolute_s), clear_cookie(login_cookie)},
            .location = safe_next(call.form.get("next").value_or(""))};
}

AdminAnswer AdminApp::log_out(Call& call) {
    if (auto token = cookie_value(call.request.cookie, session_cookie)) accounts_.end_session(*token);
    call.started.clear();
    return {.status = 303, .cookies = {clear_cookie(session_cookie)}, .location = std::string(edit_mount) + "login"};
}

AdminAnswer AdminApp::sites_page(const Call& call) {
    std::vector<SiteEntry> sites;
    for (const auto& name : site_names(shared_.config))
        if (may_edit(call.session->user, name)) sites.push_back({.name = name, .link = std::string(edit_mount) + name + "/"});
    return framed(call, 200, "Your sites", shared_.frame.sites(sites));
}

AdminAnswer AdminApp::edit_site(Call& call, std::string_view site, std::string_view rest) {
    if (!may_edit(call.session->user, site))
        return message(call, 403, "Not yours to edit", "Your account may not edit this site; nothing was saved.");
    auto db = site_database(shared_.config, site);
    if (!db) return message(call, 404, "Not found", "There is no such site.");
    std::string mount = std::string(edit_mount) + std::string(site) + "/";
    EditRequest request{.method = call.method == Method::head ? Method::get : call.method,
                        .path = rest,
                        .form = call.method == Method::post ? &call.form : nullptr,
                        .user = call.session->user.name,
                        .csrf_token = call.session->csrf_token,
                        .mount = mount,
                        .query = call.query};
    auto answer = shared_.editor.handle(*db, request);
    if (!answer.location.empty()) return {.status = 303, .location = answer.location};
    return framed(call, answer.status, answer.title, answer.body_html, site);
}

AdminAnswer AdminApp::framed(const Call& call, int status, std::string title, std::string body_html, std::string_view site) {
    FrameView view{.title = std::move(title),
                   .user = call.session ? call.session->user.name : std::string(),
                   .site = std::string(site),
                   .csrf = call.session ? call.session->csrf_token : std::string(),
                   .admin = call.session && call.session->user.admin,
                   .many_sites = !shared_.config.sites_dir.empty(),
                   .body_html = std::move(body_html)};
    return {.status = status, .body = shared_.frame.page(view)};
}

AdminAnswer AdminApp::message(const Call& call, int status, std::string title, std::string_view text) {
    return framed(call, status, std::move(title), shared_.frame.message(text));
}

}  // namespace vitae
