#include "store/rows/member_summary.hpp"

#include <unordered_map>

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/model/slug.hpp"
#include "store/sql/sql_text.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

namespace {

constexpr const char* sql_profile = "SELECT name, job_title, photo FROM profile WHERE id = 1";
constexpr const char* sql_variants = "SELECT name FROM profile_name_variant ORDER BY position";
constexpr const char* sql_photo = "SELECT digest, alt, width, height FROM file WHERE name = ?";
constexpr const char* sql_authors = "SELECT publication_id, name FROM publication_author ORDER BY publication_id, position";
constexpr const char* sql_papers =
    "SELECT id, slug, title, venue, year, doi, arxiv, kind FROM publication ORDER BY position";

void read_profile(const Db& db, MemberSummary& s) {
    auto profile = db.prepare(sql_profile);
    if (!profile.step()) throw Error("read " + in_quotes(db.path()) + ": table profile has no row with id = 1");
    s.name = profile.text_at(0);
    s.job_title = profile.text_at(1);
    std::string photo = profile.text_at(2);
    auto variants = db.prepare(sql_variants);
    while (variants.step()) s.name_variants.push_back(variants.text_at(0));
    if (photo.empty()) return;
    auto file = db.prepare(sql_photo);
    file.bind(1, photo);
    if (!file.step()) return;  // a photo whose file is gone: none (the site's own check names it)
    s.photo_name = std::move(photo);
    s.photo_digest = file.text_at(0);
    s.photo_alt = file.text_at(1);
    s.photo_width = static_cast<int>(file.int_at(2));
    s.photo_height = static_cast<int>(file.int_at(3));
}

void read_papers(const Db& db, MemberSummary& s) {
    std::unordered_map<std::int64_t, std::vector<std::string>> authors;
    auto author_rows = db.prepare(sql_authors);
    while (author_rows.step()) authors[author_rows.int_at(0)].push_back(author_rows.text_at(1));
    auto rows = db.prepare(sql_papers);
    while (rows.step()) {
        std::string kind = rows.text_at(7);
        auto known = kind_named(kind);
        if (!known) throw Error("read " + in_quotes(db.path()) + ": publication kind " + in_quotes(kind) + " is not one");
        std::string slug = rows.text_at(1);  // becomes a URL: the schema's CHECK, trusted by no reader
        if (!is_slug(slug)) throw Error("read " + in_quotes(db.path()) + ": publication slug " + in_quotes(slug) + " is not a slug");
        auto year = rows.optional_int_at(4);
        MemberPaper p{.slug = std::move(slug),
                      .title = rows.text_at(2),
                      .venue = rows.text_at(3),
                      .year = year ? std::optional<int>(static_cast<int>(*year)) : std::nullopt,
                      .doi = rows.text_at(5),
                      .arxiv = rows.text_at(6),
                      .kind = *known};
        if (auto it = authors.find(rows.int_at(0)); it != authors.end()) p.authors = std::move(it->second);
        s.papers.push_back(std::move(p));
    }
}

}  // namespace

MemberSummary read_member_summary(const std::string& db_path) {
    auto db = Db::open(db_path, OpenMode::read_only);
    Transaction transaction(db, Transaction::Mode::read);  // one state of the member's site
    MemberSummary s;
    read_profile(db, s);
    read_papers(db, s);
    return s;
}

}  // namespace vitae
