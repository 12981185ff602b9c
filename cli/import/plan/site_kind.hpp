// import-site: a publication's kind from the words a site files it under
// (a category, a type, a tag: "Journal Articles", "conference paper",
// "Working Papers", "book chapter"). Every theme's reader falls back here
// after its own table, so "journal" means a journal article on any site.
#pragma once

#include <optional>
#include <string_view>

#include "store/model/publication_kind.hpp"

namespace vitae::cli {

std::optional<PublicationKind> kind_from_label(std::string_view label);

}  // namespace vitae::cli
