#include "check.hpp"

#include "content_store.hpp"
#include "site.hpp"
#include "db.hpp"

namespace vitae::cli {

std::string check_site(const std::string& db_path, const std::optional<std::filesystem::path>& templates_dir) {
    // The database alone first: its counts are the summary, and its errors
    // are the same ones load_site would give.
    auto db = Db::open(db_path, OpenMode::read_only);
    check_database(db);
    Content content = load_content(db);
    if (templates_dir) load_site(SiteSource{db_path, *templates_dir}, 1);
    return "ok: " + db_path + " (" + std::to_string(content.publications.size()) + " publications, " +
           std::to_string(content.posts.size()) + " posts)";
}

}  // namespace vitae::cli
