#include "render/text/toc.hpp"

#include "render/text/html_text.hpp"

namespace vitae {

std::vector<TocEntry> toc_entries(std::string_view html) {
    std::vector<TocEntry> out;
    for (std::size_t at = html.find("<h"); at != std::string_view::npos; at = html.find("<h", at + 2)) {
        auto head = html.substr(at);
        if (!(head.starts_with("<h2 id=\"") || head.starts_with("<h3 id=\""))) continue;
        auto id_end = html.find('"', at + 8);
        auto open_end = html.find('>', at);
        std::string close = std::string("</h") + html[at + 2] + ">";
        auto end = html.find(close, at);
        if (id_end == std::string_view::npos || open_end == std::string_view::npos || end == std::string_view::npos ||
            open_end < id_end || end < open_end)
            break;
        out.push_back({html[at + 2] - '0', std::string(html.substr(at + 8, id_end - at - 8)),
                       strip_tags(html.substr(open_end + 1, end - open_end - 1), TagText::markup)});
        at = end;
    }
    return out;
}

}  // namespace vitae
