// A Mustache template compiled once into a flat list of steps and rendered
// by a loop of our own, for speed only: the bytes are kainjow's. kainjow's
// own parser makes the tree (a template is accepted or refused with its
// message), so only rendering is ours. kainjow's renderer visited every
// component through a std::function, split each dotted name with a
// stringstream on every lookup, escaped into a new string per variable and
// buffered each line before copying it out; the home page's cache miss was
// ~40 µs, half of it that. Here a render appends to one string,
// the current line being what follows its start offset, and the text between
// two tags is one step.
//
// kainjow's rules, kept as they are (not quite the spec's):
// - A line is dropped at its newline (and at the end) only if a section was
//   rendered on it (its begin or end tag, each pass through a list) and it
//   holds nothing but spaces and tabs. A section whose value is false or
//   missing does not count: its line stays, blank.
// - A name is looked up from the innermost context out; a dotted one in the
//   first context where every part resolves; "." is the innermost value.
// - A section renders for anything but false, an empty list and a missing
//   name; a list once per item; anything else is pushed as the context. An
//   inverted section pushes its value (false, an empty list) when it has one.
// - A lambda's text is rendered as a template of its own, on a line of its
//   own (a plain lambda first ends the current line).
// - {{> name}} left in a page (partials are expanded at load) is looked up
//   in the data and rendered on the current line.
// A streamed list (streamed_list.hpp) renders its section's text per item
// as kainjow rendered it through the list's lambda: as a template of its own.
#pragma once

#include <kainjow/mustache.hpp>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.hpp"

namespace vitae {

class CompiledTemplate {
public:
    using Data = kainjow::mustache::data;
    using Delimiters = kainjow::mustache::delimiter_set<std::string>;

    // Parses `source` with kainjow's parser, starting with `delimiters`.
    explicit CompiledTemplate(const std::string& source, const Delimiters& delimiters = {});

    bool is_valid() const { return error_.empty(); }
    const std::string& error_message() const { return error_; }

    // Appends the render of `data` to `out`. A name `data` lacks is looked
    // up in `under`, last first (the interface strings, the page's
    // language); nothing is copied. A Failure carries the error (kainjow's
    // message where kainjow has one), `out` then holds what was written
    // before it; an exception from a streamed list's item passes through.
    // Safe from many threads at once: nothing here changes.
    Result<> render(const Data& data, std::string& out, std::initializer_list<const Data*> under = {}) const;

    // A tag's name, split once as kainjow splits it on every lookup.
    struct Name {
        std::string full;
        std::vector<std::string> parts;  // a dotted name's parts; empty for a plain one
        bool dot = false;                // "."
        bool t_first = false;            // "t.key": an interface string
    };
    enum class StepKind : std::uint8_t { text, newline, variable, unescaped, section, inverted, partial, set_delimiter };
    struct Step {
        StepKind kind = StepKind::text;
        // text: the text (no newline in it). newline: the newline, then any
        // whole lines of plain text after it and the text that starts the
        // next line (`tail` bytes): a line without a tag is always written.
        std::string text;
        std::uint32_t newline_size = 0;
        std::uint32_t tail = 0;
        Name name;                                        // tags
        std::size_t end = 0;                              // sections: the index after their last step
        std::shared_ptr<const std::string> section_text;  // sections: the text as written, for a lambda
        std::shared_ptr<const Delimiters> delimiters;     // set_delimiter
    };

private:
    friend class TemplateRender;
    std::vector<Step> steps_;
    std::string error_;
    bool sets_delimiters_ = false;
};

// The two steps every template file goes through, whoever loads it (a
// site's set, templates.cpp; a fixed list, template_pages.cpp): its bytes
// read, at most limits::max_template_bytes, and its text compiled. Both
// throw Error: the reader's message names the file, the compiler's starts
// with `subject` ("template \"DIR/home.mustache\"").
std::string read_template_file(const std::filesystem::path& path);
CompiledTemplate compiled_or_throw(std::string_view subject, const std::string& source);

}  // namespace vitae
