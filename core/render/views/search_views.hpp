// The data templates/search.mustache sees (templates/README.md lists it):
// the query as typed, the hits of one page each labelled by kind and linked
// to its page in this language, the matches in title, authors and snippet
// between <mark> (the rest escaped), and the links to the pages before and
// after. A group's home has a second list, the group's hits (people and
// the members' publications, linked to the members' own sites). Hits whose item this version does not list (a post deleted since
// the index was read) are left out.
#pragma once

#include <string>
#include <string_view>

#include "render/views/views.hpp"
#include "store/model/group.hpp"
#include "store/model/search.hpp"

namespace vitae {

// Why a query was not run: the page says so, with status 400.
enum class SearchProblem { none, too_long, too_many_terms, bad_page, bad_encoding };

struct SearchPageInput {
    std::string_view query;  // as typed (decoded); empty: the form alone
    int page = 1;
    const SearchResults* results = nullptr;  // null when not run (a problem, or no query)
    SearchProblem problem = SearchProblem::none;
    // A group's home: the same query's hits in its group (GroupSearch: keys
    // index group->members and group->works), linked to the members' sites.
    const SearchResults* group_results = nullptr;
    const Group* group = nullptr;
};

MustacheData search_page_data(const Views& views, const Catalogue& t, const SearchPageInput& in);

// `marked` (text with mark_open/mark_close around matches) as HTML: escaped,
// each marked run in <mark>; a stray or unbalanced marker is dropped.
std::string marked_html(std::string_view marked);

}  // namespace vitae
