// Reading the content's tables, shared by the whole load (content_store.cpp)
// and the load of what changed (content_changes.cpp): each part of Content
// is read by one function, so the two loads cannot disagree about a row.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae::rows {

// Every query the loaders run; check_database prepares them all, so a file
// whose tables or columns differ is refused before anything is read.
const std::vector<std::string>& all_queries();

// The profile's fields, bio, e-mails, links, name variants and co-authors.
void load_profile(const Db& db, Content& c);
// Education, teaching, service, experience, news, talks, projects and pages (the small tables, read whole).
void load_sections(const Db& db, Content& c);
// The projects with their links and the slugs of their publications and
// posts: also read again when a publication or post changes (its slug may have).
void load_projects(const Db& db, Content& c);
// The owner's own pages, in the owner's order.
void load_pages(const Db& db, Content& c);
// Every publication, owner flags set from `c`'s names (so load the profile
// first); returns their ids, in the same order.
std::vector<std::int64_t> load_publications(const Db& db, Content& c);
// Every stored file's description (not its bytes), by name.
void load_files(const Db& db, Content& c);
// Every post with its tags, newest first.
void load_posts(const Db& db, Content& c);

// One post by slug, with its tags; none when it is gone.
std::optional<Post> read_post(const Db& db, const std::string& slug);
// One publication by id, owner flags set from `c`'s names; none when it is gone.
std::optional<Publication> read_publication(const Db& db, std::int64_t id, const Content& c);
// The publications' ids in the owner's order, and the posts' slugs newest first.
std::vector<std::int64_t> publication_ids(const Db& db);
std::vector<std::string> post_slugs(const Db& db);
// Whether a post, a project, or a page has this slug.
bool post_exists(const Db& db, std::string_view slug);
bool project_exists(const Db& db, std::string_view slug);
bool page_exists(const Db& db, std::string_view slug);

}  // namespace vitae::rows
