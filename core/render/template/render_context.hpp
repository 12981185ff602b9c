// What every page render uses in place of kainjow's defaults, for speed
// only: the output bytes are the same (issue 26's profile of the home page).
// kainjow's context splits a dotted name ({{t.key}}, every interface
// string) with a std::stringstream on each lookup and pushes at the front
// of a vector; its HTML escape appends one character at a time.
#pragma once

#include <kainjow/mustache.hpp>

#include <string>
#include <vector>

#include "render/template/literal_runs.hpp"

namespace vitae {

// The same lookup rules as kainjow::mustache::context: "." is the top,
// a plain name the nearest layer that has it, a dotted name the nearest
// layer where every part resolves. Parts are matched without allocating.
// A name starting with literal_mark is a folded run of the template's
// text (literal_runs.hpp), taken from `literals` by its number. Each
// layer notes, the first time a "t.key" asks, whether it has a "t" (the
// interface strings: a hundred tags, looked up from inside nested lists),
// so later ones visit only the layers that do. Not at push: most layers
// (a list's items) never see a "t.key" before they are popped.
class RenderContext final : public kainjow::mustache::basic_context<std::string> {
public:
    using Data = kainjow::mustache::data;

    explicit RenderContext(const std::vector<Data>* literals = nullptr) : literals_(literals) {
        layers_.reserve(16);
        has_t_.reserve(16);
    }
    RenderContext(const RenderContext&) = delete;
    RenderContext& operator=(const RenderContext&) = delete;

    void push(const Data* data) override {
        layers_.push_back(data);
        has_t_.push_back(unknown);
    }
    void pop() override {
        layers_.pop_back();
        has_t_.pop_back();
    }
    const Data* get(const std::string& name) const override;
    const Data* get_partial(const std::string& name) const override;

private:
    const std::vector<Data>* literals_;
    std::vector<const Data*> layers_;  // the top is the back
    enum : signed char { unknown = -1, without = 0, with = 1 };
    mutable std::vector<signed char> has_t_;  // per layer: has a "t"
    const std::string t_key_{"t"};
    mutable std::string part_;  // one part of a dotted name, reused
};

// kainjow's html_escape, byte for byte (& < > " '), copying runs of plain text at once.
std::string html_escape_runs(const std::string& text);

// Makes `page` escape with html_escape_runs.
void use_fast_escape(kainjow::mustache::mustache& page);

}  // namespace vitae
