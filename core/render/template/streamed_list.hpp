// A Mustache list section whose items are made one at a time while the page
// renders, each dropped once written. kainjow's data is a tree of maps of
// copies: the list of 3,000 papers on /publications/ was ~40 MB of it, held
// whole while rendering; streamed, the render holds one paper's data.
#pragma once

#include <kainjow/mustache.hpp>

#include <cstddef>
#include <functional>
#include <string>

namespace vitae {

// The list inside the data: a lambda (kainjow's data has no other place for
// code) that CompiledTemplate recognises and renders, pushing each item on
// its context. kainjow itself cannot render it: its lambdas get a renderer,
// not the context.
struct StreamedList {
    std::size_t count = 0;
    std::function<kainjow::mustache::data(std::size_t)> make;
    std::string operator()(const std::string& text, const kainjow::mustache::renderer& renderer) const;
};

// `{{#name}}…{{/name}}` over `count` items, item i being `make(i)`. The
// section's text is rendered per item with the item pushed on the context,
// as kainjow renders a section's text through a lambda, so a template cannot
// tell it from a list. `make` is called during the render: what it captures
// must outlive it; an exception from it fails the render.
kainjow::mustache::data streamed_list(std::size_t count, std::function<kainjow::mustache::data(std::size_t)> make);

}  // namespace vitae
