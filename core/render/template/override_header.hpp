// The first line `vitae site override` writes into a copied template: which
// shared template it replaces and the SHA-256 of that template's bytes when
// copied, so `vitae check` can tell the owner when the shared one changed
// since (an upgrade) and their copy may need the change too. The line is a
// Mustache comment, and the loader drops it with its newline, so a copy left
// unedited renders byte for byte as the shared template does.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace vitae {

struct OverrideHeader {
    std::string name;    // the shared file's name: "layout.mustache"
    std::string sha256;  // of its bytes when copied, lower-case hex
};

// "{{! vitae: overrides NAME, shared version sha256:HEX }}\n"
std::string override_header(const OverrideHeader& header);
// The header on the first line of `source`, if it has one.
std::optional<OverrideHeader> read_override_header(std::string_view source);
// `source` without that first line (itself if it has none).
std::string_view without_override_header(std::string_view source);

}  // namespace vitae
