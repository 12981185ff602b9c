// The group's search index: what a group's home site searches besides
// itself, one in-memory SQLite database per Group version,
// built by GroupIndex right after the merge it indexes (core/site/
// group_index) and held by that Group, so a query reads one index, never
// the members' thousand databases. Its tables are the site index's own
// (data/schema.sql: search, search_cjk, search_doc, same tokenizers), so
// search_site (core/store/rows/search_rows) runs on it unchanged: the same
// parser, the same folding, the same ranking. It lives in store/write
// because building it is INSERTs, if only into memory.
//
// One document per member (kind 'person', key its index in Group::members:
// name; role; group and site name) and per merged work (kind 'member_work',
// key its index in Group::works: title; authors; venue, year, DOI, arXiv id
// and the members listing it).
#pragma once

#include <memory>
#include <mutex>

#include "store/model/group.hpp"
#include "store/model/search.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

class GroupSearch {
public:
    explicit GroupSearch(const Group& group);  // indexes `group`: its members and works, as they are now

    // The hits of `query` on page `page` (as search_site's): keys are
    // indexes into the Group this was built from. Thread-safe: the one
    // connection is taken in turn (a query is a millisecond or two).
    SearchResults find(const SearchQuery& query, int page) const;

private:
    mutable std::mutex mutex_;  // the connection is NOMUTEX: one thread at a time
    Db db_;
};

// Builds the index of `group` (a few seconds for 1,000 members: bench/search).
std::shared_ptr<const GroupSearch> make_group_search(const Group& group);

}  // namespace vitae
