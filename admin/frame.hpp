// The editor's frame, vitae-admin's own pages around the edit engine's:
// templates/edit/layout.mustache (title, the user, the site, the logout
// form, the body), login, sites (the sites a user may edit), message
// (403, 404, 429, errors), an admin's users and registry pages, and the static assets served from DIR/edit/ by a
// fixed list of names (no part of a request ever names a file). Read and
// compiled once at start; each render compiles a fresh copy, so a failed
// render cannot poison a template shared by threads (FINDINGS.md) and no
// lock is needed: these pages are rare and small.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "edit/edit_templates.hpp"

namespace vitae {

struct Asset {
    std::string content_type;
    std::string bytes;
};

struct FrameView {
    std::string title;
    std::string user;       // empty: not logged in (the login page)
    std::string site;       // empty: not inside a site
    std::string csrf;       // the session's token, for the logout form
    bool admin = false;     // the user is an admin: the bar links to Users (and Sites)
    bool many_sites = false;  // --sites: there is a registry to manage
    std::string body_html;  // already HTML
};

struct SiteEntry {
    std::string name;
    std::string link;
};

class Frame {
public:
    // Throws Error naming a missing or broken file of DIR/edit/.
    explicit Frame(const std::filesystem::path& templates_dir);

    std::string page(const FrameView& view) const;
    std::string login(std::string_view token, std::string_view next, std::string_view message) const;
    std::string sites(const std::vector<SiteEntry>& sites) const;
    std::string message(std::string_view text) const;
    // One of the admin's own pages (users, user, registry, registry_site),
    // with the partials site_choices and site_fields at hand.
    std::string render(std::string_view name, EditData data) const;
    const Asset* asset(std::string_view name) const;  // nullptr: not one of ours

private:
    std::map<std::string, CompiledTemplate, std::less<>> pages_;
    std::map<std::string, std::string, std::less<>> sources_;  // for the partials
    std::map<std::string, Asset, std::less<>> assets_;
};

}  // namespace vitae
