// A Mustache list section whose items are made one at a time while the page
// renders, each dropped once written. kainjow's data is a tree of maps of
// copies: the list of 3,000 papers on /publications/ was ~40 MB of it, held
// whole while rendering; streamed, the render holds one paper's data.
#pragma once

#include <kainjow/mustache.hpp>

#include <cstddef>
#include <functional>
#include <initializer_list>
#include <vector>

namespace vitae {

// `{{#name}}…{{/name}}` over `count` items, item i being `make(i)`. The
// section's text is rendered per item with the item pushed on the context,
// as kainjow does for a list, so a template cannot tell the difference.
// `make` is called during the render: what it captures must outlive it.
kainjow::mustache::data streamed_list(std::size_t count, std::function<kainjow::mustache::data(std::size_t)> make);

// Renders `page` with `data` as the context a streamed list pushes its items
// on; `append` receives the output piece by piece. `under`: data found when
// `data` lacks a name (the interface strings, the language), farthest
// first; never copied. `literals`: the folded runs of text of `page` (Templates::literals()).
// Returns kainjow's error message, "" when the render succeeded.
std::string render_streaming(kainjow::mustache::mustache& page, const kainjow::mustache::data& data,
                             const std::function<void(const std::string&)>& append,
                             std::initializer_list<const kainjow::mustache::data*> under = {},
                             const std::vector<kainjow::mustache::data>* literals = nullptr);

}  // namespace vitae
