#include "render/text/page_text.hpp"

#include "base/text.hpp"
#include "render/text/html_text.hpp"

namespace vitae {

std::string cut_at_word(std::string_view text, std::size_t max_chars) {
    text = trim(text);
    // The bytes of the first max_chars - 1 characters: one is kept for the ellipsis.
    std::size_t chars = 0, limit = 0, at = 0;
    for (; at < text.size(); ++chars) {
        if (chars + 1 == max_chars) limit = at;
        at += utf8_sequence_length(static_cast<unsigned char>(text[at]));
    }
    if (chars <= max_chars) return std::string(text);
    std::string_view head = text.substr(0, limit);
    if (!is_blank(text[limit]))  // the cut is inside a word: back to its start, unless it is the first
        if (auto space = head.find_last_of(' '); space != std::string_view::npos) head = head.substr(0, space);
    head = trim(head);
    while (!head.empty() && (head.back() == ',' || head.back() == ';' || head.back() == ':')) head = trim(head.substr(0, head.size() - 1));
    return std::string(head) + "…";
}

std::string description_of_html(std::string_view html, std::size_t max_chars) {
    return cut_at_word(plain_text_of_html(html), max_chars);
}

}  // namespace vitae
