// The one rule for a link's target: what a stored link may be (an http(s)
// or mailto: URL, or a path on this site), the scheme a browser reads in a
// URL however it is disguised, and the file a `/files/NAME` link names. The
// editor, the CLI, BibTeX import, import-site and the store's writers ask it
// before a link is stored; every view that makes an href of stored data asks
// it again, so a database written before (or by hand) shows no unsafe link.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace vitae {

enum class LinkKind {
    web,   // http:// or https://, any case
    mail,  // mailto:
    site,  // a path on this site: "/files/slides.pdf", "/blog/"
};

// What `url` is as a stored link; nullopt when no page may link it: empty,
// another scheme (javascript:, data:, vbscript:, file:...), however spelled,
// a control character anywhere, a leading space, another host without a
// scheme ("//host", "/\host") or a path relative to the page ("paper.pdf").
std::optional<LinkKind> link_kind(std::string_view url);
inline bool is_link(std::string_view url) { return link_kind(url).has_value(); }
inline bool is_web_link(std::string_view url) { return link_kind(url) == LinkKind::web; }

// The scheme a browser reads in `url` as an attribute's value, lower case:
// leading C0 controls and spaces skipped, tabs and newlines dropped anywhere
// (as the URL standard does), so " JaVa\tScript:x" is "javascript". "" for
// a reference without one ("/a", "a.html", "#x", "&#106;avascript:x").
std::string link_scheme(std::string_view url);

// "/files/slides.pdf" -> "slides.pdf": the stored file a link names (it may
// not exist); nullopt for any other link.
std::optional<std::string_view> file_link_name(std::string_view url);

// What a refused link is told: the same words in the editor, the CLI and the importers.
inline constexpr std::string_view link_expected =
    "not an http(s) or mailto: URL nor a path on this site such as /files/NAME";

// The store's last word: throws Error ("`what`: "url" is not...") unless
// `url` is empty (no target) or a link. Every writer of a link column calls
// it, so no path (a command, an import, an undo) stores what no page may show.
void require_link(std::string_view url, std::string_view what);

}  // namespace vitae
