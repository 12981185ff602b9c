// /cv.json: the CV in the JSON Resume schema v1.0.0 (https://jsonresume.org/schema),
// made from the rows /cv/ shows. Validated against the published schema in
// tests/e2e/test_cv.py (its copy: tests/fixtures/json-resume/).
#pragma once

#include <string>
#include <string_view>

#include "render/views/views.hpp"

namespace vitae {

// Where each section goes (the schema's nearest field; none is dropped):
//   profile       -> basics (name, label = job title, url, email when a plain
//                    address, profiles = the profile's http(s) links)
//   experience    -> work            education -> education
//   publications  -> publications    awards    -> awards
//   service       -> volunteer (organization = venue, position = role)
//   talks         -> projects, type "talk" (entity = event, roles = ["Speaker"])
//   teaching      -> projects, type "teaching" (roles = [role], description = term)
// Dates only in the schema's ISO 8601 shapes (YYYY, YYYY-MM, YYYY-MM-DD); a
// row's date in another shape is left out rather than make the file invalid.
std::string cv_json(const Views& views, std::string_view base_url);

}  // namespace vitae
