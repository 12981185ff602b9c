// One request's parsed parts, shared by app.cpp and session_pages.cpp
// (internal to vitae-admin).
#pragma once

#include "admin/app.hpp"
#include "http/request.hpp"

namespace vitae {

// /_vitae/edit/_admin/: never a site's name (a DNS label has no '_').
inline constexpr std::string_view admin_area_name = "_admin";
inline constexpr std::string_view users_url = "/_vitae/edit/_admin/users";
inline constexpr std::string_view registry_url = "/_vitae/edit/_admin/sites";

// What a page says after a change it was sent to (?done=WORD): fixed
// texts chosen by the word, so no request's text is ever shown back.
std::string done_notice(std::string_view query);

struct AdminApp::Call {
    const AdminRequest& request;
    Method method;           // request.method, parsed
    std::string path;        // percent-decoded
    std::string_view query;  // after '?'
    std::string own_origin;  // scheme://host of this request
    FormData form;           // a POST's, parsed
    std::string started;     // a session started by the trusted header: its cookie value
    std::optional<Session> session;  // once checked: the user's
};

}  // namespace vitae
