#include "render/template/literal_runs.hpp"

#include <cctype>

namespace vitae {

namespace {

// How many components kainjow's parser makes of `text` (no tag in it): one
// per space, tab or newline, one per stretch of anything else.
std::size_t literal_pieces(std::string_view text) {
    std::size_t pieces = 0;
    bool in_word = false;
    for (char c : text) {
        bool separate = c == ' ' || c == '\t' || c == '\n';
        if (separate)
            ++pieces;
        else if (!in_word)
            ++pieces;
        in_word = !separate;
    }
    return pieces;
}

struct Folder {
    std::vector<kainjow::mustache::data>& literals;
    std::size_t min_pieces;
    std::string out;

    void fold(std::string_view text) {
        if (literal_pieces(text) < min_pieces) {
            out += text;
            return;
        }
        out += "{{{";
        out += literal_mark;
        out += std::to_string(literals.size());
        out += "}}}";
        literals.emplace_back(std::string(text));
    }

    // Text between two tags: what ends the line it starts on and what starts
    // the line it ends on stay separate pieces around the newlines kept as
    // they are; the whole lines between them become one piece.
    void run(std::string_view text) {
        auto first = text.find('\n');
        if (first == std::string_view::npos) return fold(text);
        auto last = text.rfind('\n');
        fold(text.substr(0, first));
        out += '\n';
        if (last != first) {
            fold(text.substr(first + 1, last - first - 1));
            out += '\n';
        }
        fold(text.substr(last + 1));
    }
};

// Where the tag starting at `open` ends, as kainjow's parser finds it; npos if unclosed.
std::size_t tag_end(std::string_view source, std::size_t open) {
    std::size_t contents = open + 2;
    bool triple = open != source.size() - 2 && contents < source.size() && source[contents] == '{';
    std::string_view close = triple ? "}}}" : "}}";
    auto end = source.find(close, contents + (triple ? 1 : 0));
    return end == std::string_view::npos ? end : end + close.size();
}

bool sets_delimiters(std::string_view tag) {
    std::string_view inner = tag.substr(2, tag.size() - 4);
    auto i = inner.find_first_not_of(" \t\n\r\f\v");
    return i != std::string_view::npos && inner[i] == '=';
}

}  // namespace

std::string fold_literal_runs(std::string_view source, std::vector<kainjow::mustache::data>& literals,
                              std::size_t min_pieces) {
    if (source.find('\r') != std::string_view::npos) return std::string(source);
    std::size_t kept = literals.size();
    Folder folder{literals, min_pieces, {}};
    folder.out.reserve(source.size());
    std::size_t pos = 0;
    while (pos < source.size()) {
        auto open = source.find("{{", pos);
        folder.run(source.substr(pos, open == std::string_view::npos ? std::string_view::npos : open - pos));
        if (open == std::string_view::npos) break;
        auto end = tag_end(source, open);
        if (end == std::string_view::npos || sets_delimiters(source.substr(open, end - open))) {
            literals.resize(kept);  // unclosed (kainjow refuses it) or delimiters changed: leave it whole
            return std::string(source);
        }
        folder.out += source.substr(open, end - open);
        pos = end;
    }
    return std::move(folder.out);
}

}  // namespace vitae
