#include "admin/app.hpp"
#include "admin/call.hpp"

#include <charconv>
#include <fstream>

#include "base/clock.hpp"
#include "base/error.hpp"
#include "base/log.hpp"
#include "http/edit_guard.hpp"
#include "http/head_writer.hpp"
#include "http/request.hpp"
#include "store/registry/registry.hpp"

namespace vitae {

WrittenHead write_answer(const AdminAnswer& answer) {
    HeadWriter head(answer.status);
    for (const auto& field : editor_headers()) head.add(field);
    head.add("Content-Type", answer.content_type);
    for (const auto& cookie : answer.cookies) head.add("Set-Cookie", cookie);
    if (!answer.location.empty()) head.add("Location", answer.location);
    if (answer.retry_after_s > 0) head.add_number("Retry-After", static_cast<std::uint64_t>(answer.retry_after_s));
    head.add_number("Content-Length", answer.body.size());
    return head.finish(answer.body);
}

std::optional<std::string> site_database(const AdminConfig& config, std::string_view site) {
    if (!config.db_path.empty()) return site == "default" ? std::optional<std::string>(config.db_path) : std::nullopt;
    if (site_name_problem(site)) return std::nullopt;
    auto registry = read_registry(config.sites_dir);
    if (!registry.find(site)) return std::nullopt;
    return site_db_path(config.sites_dir, site).string();
}

std::vector<std::string> site_names(const AdminConfig& config) {
    if (!config.db_path.empty()) return {"default"};
    std::vector<std::string> names;
    for (const auto& site : read_registry(config.sites_dir).sites) names.push_back(site.name);
    return names;
}

namespace {

std::string login_location(std::string_view next) {
    return std::string(edit_mount) + "login?next=" + percent_encode(next, "/");
}

FormParse parse_body(const AdminRequest& request) {
    auto type = media_type(request.content_type);
    if (type == "application/x-www-form-urlencoded") return parse_urlencoded(request.body);
    if (type == "multipart/form-data") return parse_multipart(request.content_type, request.body);
    return FormError{400, "a form must be application/x-www-form-urlencoded or multipart/form-data"};
}

}  // namespace

AdminApp::AdminApp(const AdminShared& shared)
    : shared_(shared), accounts_(Accounts::open(shared.config.auth_path, OpenMode::read_write)) {}

std::int64_t AdminApp::now() const {
    std::int64_t offset = 0;
    if (!shared_.config.clock_file.empty()) {
        std::ifstream in(shared_.config.clock_file);
        std::string text;
        std::getline(in, text);
        std::from_chars(text.data(), text.data() + text.size(), offset);
    }
    return system_unix() + offset;
}

AdminAnswer AdminApp::handle(const AdminRequest& request) {
    auto parsed = parse_request({.method = request.method, .request_uri = request.request_uri});
    if (auto* rejection = std::get_if<Rejection>(&parsed))
        return {.status = rejection->status, .content_type = "text/plain; charset=utf-8", .body = std::string(rejection->reason) + "\n"};
    auto query_at = request.request_uri.find('?');
    Call call{.request = request,
              .method = std::get<Request>(parsed).method,
              .path = std::move(std::get<Request>(parsed).path),
              .query = query_at == std::string_view::npos ? std::string_view() : request.request_uri.substr(query_at + 1),
              .own_origin = request_origin(request.scheme.empty() ? "https" : request.scheme, request.host),
              .form = {},
              .started = {},
              .session = {}};
    AdminAnswer answer;
    try {
        answer = route(call);
    } catch (const std::exception& e) {
        log_error("edit " + in_quotes(call.path) + ": " + e.what());
        answer = message(call, 500, "Something went wrong", "The editor could not answer; the log says why. Nothing was saved.");
    }
    if (!call.started.empty())
        answer.cookies.push_back(set_cookie(session_cookie, call.started, SessionLimits{}.absolute_s));
    if (call.method == Method::head) answer.body.clear();
    return answer;
}

AdminAnswer AdminApp::route(Call& call) {
    if (call.method == Method::other) return message(call, 405, "Not allowed", "The editor answers GET and POST only.");
    bool post = call.method == Method::post;
    if (!std::string_view(call.path).starts_with(edit_mount)) return message(call, 404, "Not found", "No such page of the editor.");
    std::string_view rest = std::string_view(call.path).substr(edit_mount.size());
    if (rest.starts_with("static/")) {
        const Asset* asset = post ? nullptr : shared_.frame.asset(rest.substr(7));
        if (!asset) return message(call, 404, "Not found", "No such file of the editor.");
        return {.status = 200, .content_type = asset->content_type, .body = asset->bytes};
    }
    if (post) {
        auto form = parse_body(call.request);
        if (auto* error = std::get_if<FormError>(&form)) return message(call, error->status, "The form was refused", error->reason);
        call.form = std::move(std::get<FormData>(form));
    }
    if (rest == "login") return post ? log_in(call) : login_page(call, {}, 200);
    auto session = session_of(call);
    if (!session) {
        if (post) return message(call, 403, "Not logged in", "Log in first; nothing was saved.");
        if (shared_.config.trust_user_header)
            return message(call, 403, "Not signed in", "Your single sign-on did not name a user who has an account here.");
        return {.status = 303, .location = login_location(call.path)};
    }
    if (post)
        if (auto refused = refuse_post(call, session->csrf_token)) return *refused;
    call.session = std::move(session);
    if (rest == "logout") return post ? log_out(call) : message(call, 405, "Not allowed", "Log out with the button.");
    if (rest.empty()) return sites_page(call);
    if (rest == admin_area_name || rest.starts_with(std::string(admin_area_name) + "/"))
        return admin_area(call, rest.substr(admin_area_name.size()));
    auto slash = rest.find('/');
    // The path as a URL again (it was decoded): a Location is ASCII.
    if (slash == std::string_view::npos) return {.status = 303, .location = percent_encode(call.path, "/") + "/"};
    return edit_site(call, rest.substr(0, slash), rest.substr(slash + 1));
}

}  // namespace vitae
