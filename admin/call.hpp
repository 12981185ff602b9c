// One request's parsed parts, shared by app.cpp and session_pages.cpp
// (internal to vitae-admin).
#pragma once

#include "admin/app.hpp"

namespace vitae {

struct AdminApp::Call {
    const AdminRequest& request;
    std::string path;        // percent-decoded
    std::string_view query;  // after '?'
    std::string own_origin;  // scheme://host of this request
    FormData form;           // a POST's, parsed
    std::string started;     // a session started by the trusted header: its cookie value
    std::optional<Session> session;  // once checked: the user's
};

}  // namespace vitae
