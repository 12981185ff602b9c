#include "admin/frame.hpp"

#include <kainjow/mustache.hpp>

#include "base/error.hpp"
#include "base/log.hpp"
#include "base/read_file.hpp"

namespace vitae {

namespace {

using Data = kainjow::mustache::data;

constexpr const char* frame_templates[] = {"layout", "login", "sites", "message", "users", "user",
                                           "registry", "registry_site", "site_choices", "site_fields"};
constexpr const char* frame_partials[] = {"site_choices", "site_fields"};

// The allowlist: URL name -> its type. The file is DIR/edit/<name>.
struct AssetName {
    const char* name;
    const char* content_type;
};
constexpr AssetName asset_names[] = {{"editor.css", "text/css; charset=utf-8"},
                                     {"editor.js", "text/javascript; charset=utf-8"}};

Data text(std::string_view s) { return Data(std::string(s)); }  // a const char* would become a bool

using Pages = std::map<std::string, CompiledTemplate, std::less<>>;

std::string render_source(const Pages& pages, std::string_view name, const Data& data) {
    std::string html;
    if (auto rendered = pages.find(name)->second.render(data, html); !rendered)
        throw Error("editor frame " + in_quotes(std::string(name)) + ": " + rendered.error());
    return html;
}

}  // namespace

Frame::Frame(const std::filesystem::path& templates_dir) {
    auto dir = templates_dir / "edit";
    for (const char* name : frame_templates) {
        auto path = dir / (std::string(name) + ".mustache");
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec)) throw Error("editor frame: " + in_quotes(path.string()) + " is missing");
        std::string source = read_whole_file(path);
        CompiledTemplate compiled(source);
        if (!compiled.is_valid()) throw Error("editor frame: " + in_quotes(path.string()) + ": " + compiled.error_message());
        pages_.emplace(name, std::move(compiled));
        sources_.emplace(name, std::move(source));
    }
    for (const auto& a : asset_names) {
        auto path = dir / a.name;
        std::error_code ec;
        if (std::filesystem::is_regular_file(path, ec)) assets_.emplace(a.name, Asset{a.content_type, read_whole_file(path)});
    }
}

std::string Frame::page(const FrameView& view) const {
    Data data;
    data.set("title", text(view.title));
    data.set("body", text(view.body_html));
    if (!view.user.empty()) {
        data.set("user", text(view.user));
        data.set("csrf", text(view.csrf));
    }
    data.set("admin", view.admin);
    data.set("many_sites", view.many_sites);
    if (!view.site.empty()) {
        data.set("site", text(view.site));
        data.set("site_link", text("/_vitae/edit/" + view.site + "/"));
    }
    return render_source(pages_, "layout", data);
}

std::string Frame::login(std::string_view token, std::string_view next, std::string_view message) const {
    Data data;
    data.set("token", text(token));
    data.set("next", text(next));
    if (!message.empty()) data.set("message", text(message));
    return render_source(pages_, "login", data);
}

std::string Frame::sites(const std::vector<SiteEntry>& sites) const {
    Data list{Data::type::list};
    for (const auto& s : sites) {
        Data item;
        item.set("name", text(s.name));
        item.set("link", text(s.link));
        list.push_back(item);
    }
    Data data;
    data.set("sites", list);
    data.set("none", sites.empty());
    return render_source(pages_, "sites", data);
}

std::string Frame::message(std::string_view message_text) const {
    Data data;
    data.set("message", text(message_text));
    return render_source(pages_, "message", data);
}

std::string Frame::render(std::string_view name, EditData data) const {
    for (const char* partial : frame_partials) {
        const std::string& source = sources_.find(partial)->second;
        data.set(partial, kainjow::mustache::partial([&source] { return source; }));
    }
    return render_source(pages_, name, data);
}

const Asset* Frame::asset(std::string_view name) const {
    auto it = assets_.find(name);
    return it == assets_.end() ? nullptr : &it->second;
}

}  // namespace vitae
