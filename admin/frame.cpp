#include "admin/frame.hpp"

#include "base/error.hpp"
#include "base/read_file.hpp"

namespace vitae {

namespace {

// The allowlist: URL name -> its type. The file is DIR/edit/<name>.
struct AssetName {
    const char* name;
    const char* content_type;
};
constexpr AssetName asset_names[] = {{"editor.css", "text/css; charset=utf-8"},
                                     {"editor.js", "text/javascript; charset=utf-8"}};

}  // namespace

Frame::Frame(const std::filesystem::path& templates_dir)
    : pages_("editor frame", templates_dir / "edit",
             {"layout", "login", "sites", "message", "users", "user", "registry", "registry_site", "site_choices",
              "site_fields"},
             {"site_choices", "site_fields"}) {
    auto dir = templates_dir / "edit";
    for (const auto& a : asset_names) {
        auto path = dir / a.name;
        std::error_code ec;
        if (std::filesystem::is_regular_file(path, ec)) assets_.emplace(a.name, Asset{a.content_type, read_whole_file(path)});
    }
}

std::string Frame::page(const FrameView& view) const {
    EditData data;
    data.set("title", text_data(view.title));
    data.set("body", text_data(view.body_html));
    if (!view.user.empty()) {
        data.set("user", text_data(view.user));
        data.set("csrf", text_data(view.csrf));
    }
    data.set("admin", view.admin);
    data.set("many_sites", view.many_sites);
    if (!view.site.empty()) {
        data.set("site", text_data(view.site));
        data.set("site_link", text_data("/_vitae/edit/" + view.site + "/"));
    }
    return pages_.render("layout", data);
}

std::string Frame::login(std::string_view token, std::string_view next, std::string_view message) const {
    EditData data;
    data.set("token", text_data(token));
    data.set("next", text_data(next));
    if (!message.empty()) data.set("message", text_data(message));
    return pages_.render("login", data);
}

std::string Frame::sites(const std::vector<SiteEntry>& sites) const {
    EditData list{EditData::type::list};
    for (const auto& s : sites) {
        EditData item;
        item.set("name", text_data(s.name));
        item.set("link", text_data(s.link));
        list.push_back(item);
    }
    EditData data;
    data.set("sites", list);
    data.set("none", sites.empty());
    return pages_.render("sites", data);
}

std::string Frame::message(std::string_view message_text) const {
    EditData data;
    data.set("message", text_data(message_text));
    return pages_.render("message", data);
}

std::string Frame::render(std::string_view name, const EditData& data) const { return pages_.render(name, data); }

const Asset* Frame::asset(std::string_view name) const {
    auto it = assets_.find(name);
    return it == assets_.end() ? nullptr : &it->second;
}

}  // namespace vitae
