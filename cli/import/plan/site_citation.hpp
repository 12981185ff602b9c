// import-site: author lists and citation strings as sites write them
// (academicpages' `citation:`, a Hugo page's `author: "A, B and C"`), read
// the way a reader reads them: APA ("Last, F., & Last, F. (2020). Title.
// Venue."), Chicago ("Last, First, and First Last. 2020. "Title." Venue"),
// MLA-ish ("Last, First. "Title." Venue (2020)") and plain "A. One, B. Two
// and C. Three". The one home of this rule for every theme's reader.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/model/content.hpp"
#include "store/model/owner_names.hpp"

namespace vitae::cli {

// The names of an author list (sanitized text). ";", " and ", "&" separate
// authors; a comma separates authors or a "Last, First" pair. A part
// followed, after a comma, by initials ("J.", "J. K.", "J.-P.") is that
// pair whatever its words ("van der Berg, J.", "García Márquez, G."); a
// one-word surname or one with particles ("de la Cruz") followed by at
// most three words is one too ("Geiger, R. Stuart"). When every part is
// one word and none is initials ("Schneider, Bitsch") a pair is taken only
// where it makes the owner's name.
std::vector<Author> authors_from_names(std::string_view text, const OwnerNames& owner);

// What a citation string says: its authors, title, venue and year, each
// empty (0) when it cannot be told.
struct CitationParts {
    std::vector<Author> authors;
    std::string title;
    std::string venue;
    int year = 0;
};
CitationParts parse_citation(std::string_view citation, const OwnerNames& owner);

}  // namespace vitae::cli
