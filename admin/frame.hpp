// The editor's frame, vitae-admin's own pages around the edit engine's:
// templates/edit/layout.mustache (title, the user, the site, the logout
// form, the body), login, sites (the sites a user may edit), message
// (403, 404, 429, errors), an admin's users and registry pages, and the static assets served from DIR/edit/ by a
// fixed list of names (no part of a request ever names a file). Read and
// compiled once at start by the one loader for a folder's pages
// (render/template/template_pages.hpp); a render changes nothing shared,
// so no lock is needed.
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
    std::string render(std::string_view name, const EditData& data) const;
    const Asset* asset(std::string_view name) const;  // nullptr: not one of ours

private:
    TemplatePages pages_;
    std::map<std::string, Asset, std::less<>> assets_;
};

}  // namespace vitae
