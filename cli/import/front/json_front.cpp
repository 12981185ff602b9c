#include "cli/import/front/json_front.hpp"

#include <algorithm>

#include "base/error.hpp"

namespace vitae::cli {

namespace {

// The offset just past the '}' that closes the object opened at 0, strings
// (and their escapes) skipped; npos when it is never closed.
std::size_t object_end(std::string_view text) {
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
            continue;
        }
        if (c == '"') in_string = true;
        else if (c == '{') ++depth;
        else if (c == '}' && --depth == 0) return i + 1;
    }
    return std::string_view::npos;
}

int lines_before(std::string_view text, std::size_t offset) {
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

}  // namespace

FrontMatterFile split_json_front_matter(std::string_view text) {
    FrontMatterFile file;
    if (!text.starts_with('{')) {
        file.body = std::string(text);
        return file;
    }
    std::size_t end = object_end(text);
    if (end == std::string_view::npos) throw Error("line 1: JSON front matter: the object opened with { is never closed");
    try {
        file.front = YAML::Load(std::string(text.substr(0, end)));
    } catch (const YAML::Exception& e) {
        throw Error("line " + std::to_string(e.mark.line + 1) + ": JSON front matter: " + e.msg);
    }
    if (!file.front.IsMap()) throw Error("line 1: JSON front matter is not an object of names to values");
    file.has_front = true;
    std::size_t after = text.find('\n', end);
    after = after == std::string_view::npos ? text.size() : after + 1;
    file.body = std::string(text.substr(after));
    file.body_line = lines_before(text, after);
    return file;
}

}  // namespace vitae::cli
