// The data a template sees: Mustache values (text, bools, lists, objects,
// partials), named here so that the Mustache library (kainjow) is included
// by this layer alone; every other layer builds its data with these names
// (tests/unit/render/template/mustache_only_in_template_test.cpp holds the line).
#pragma once

#include <kainjow/mustache.hpp>

#include <string>
#include <string_view>

namespace vitae {

using TemplateData = kainjow::mustache::data;
using TemplateList = kainjow::mustache::list;
using TemplateObject = kainjow::mustache::object;

// Text as data: a const char* would become a bool.
inline TemplateData text_data(std::string_view s) { return TemplateData(std::string(s)); }

// A partial's source as data: {{> name}} renders it in place. `source` must
// outlive the data (it is read at each render, not copied).
inline TemplateData partial_data(const std::string& source) {
    return kainjow::mustache::partial([&source] { return source; });
}

}  // namespace vitae
