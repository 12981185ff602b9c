#include "store/rows/content_rows.hpp"

#include <algorithm>
#include <map>

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/model/slug.hpp"
#include "store/rows/file_store.hpp"
#include "store/rows/language_rows.hpp"
#include "store/rows/publication_rows.hpp"
#include "store/rows/publication_store.hpp"
#include "store/sql/sql_text.hpp"

namespace vitae::rows {

namespace {

constexpr const char* sql_profile = "SELECT name, affiliation, job_title, photo FROM profile WHERE id = 1";
constexpr const char* sql_profile_paragraph = "SELECT markdown FROM profile_paragraph ORDER BY position";
constexpr const char* sql_profile_email = "SELECT address, label FROM profile_email ORDER BY position";
constexpr const char* sql_profile_link = "SELECT label, url FROM profile_link ORDER BY position";
constexpr const char* sql_name_variant = "SELECT name FROM profile_name_variant ORDER BY position";
constexpr const char* sql_coauthor = "SELECT name, url, orcid FROM coauthor ORDER BY name";
constexpr const char* sql_publication_author =
    "SELECT publication_id, name, is_owner, equal_contribution FROM publication_author ORDER BY publication_id, "
    "position";
constexpr const char* sql_publication_link =
    "SELECT publication_id, label, url FROM publication_link ORDER BY publication_id, position";
constexpr const char* sql_publication_award =
    "SELECT publication_id, name FROM publication_award ORDER BY publication_id, position";
constexpr const char* sql_publication_field =
    "SELECT publication_id, name, value FROM publication_field ORDER BY publication_id, position";
// Highest first: the page shows the first.
constexpr const char* sql_citation_count =
    "SELECT publication_id, service, count, counted FROM citation_count ORDER BY publication_id, count DESC, service";
constexpr const char* sql_education =
    "SELECT start_year, end_year, degree, institution FROM education ORDER BY position";
constexpr const char* sql_post_columns =
    "SELECT slug, title, published, body_format, body, status = 'draft', preview_token FROM post";
constexpr const char* sql_post_order = " ORDER BY published DESC, slug";
constexpr const char* sql_post_tags = "SELECT post_slug, tag FROM post_tag ORDER BY post_slug, position";
constexpr const char* sql_one_post_tags = "SELECT tag FROM post_tag WHERE post_slug = ? ORDER BY position";
constexpr const char* sql_teaching = "SELECT course, title, term, role FROM teaching ORDER BY position";
constexpr const char* sql_award = "SELECT year, name, issuer FROM award ORDER BY position";
constexpr const char* sql_service = "SELECT role, venue FROM service ORDER BY position";
constexpr const char* sql_experience =
    "SELECT organization, location, role, start_month, end_month FROM experience ORDER BY position";
constexpr const char* sql_news = "SELECT id, date, markdown FROM news ORDER BY date DESC, id DESC";
constexpr const char* sql_talk =
    "SELECT id, date, title, event, place, url_slides, url_video, url_event, abstract FROM talk ORDER BY date DESC, id DESC";
constexpr const char* sql_publication_ids = "SELECT id FROM publication ORDER BY position";
constexpr const char* sql_project = "SELECT slug, title, summary, markdown, image FROM project ORDER BY position";
constexpr const char* sql_page = "SELECT slug, title, body_format, body, in_menu FROM page ORDER BY position";
constexpr const char* sql_project_link = "SELECT project_slug, label, url FROM project_link ORDER BY project_slug, position";
// By slug, not id: the page links /publications/<slug>; in the list's order.
constexpr const char* sql_project_publication =
    "SELECT r.project_slug, p.slug FROM project_publication r JOIN publication p ON p.id = r.publication_id "
    "ORDER BY r.project_slug, p.position";
constexpr const char* sql_project_post =
    "SELECT r.project_slug, p.slug FROM project_post r JOIN post p ON p.slug = r.post_slug "
    "ORDER BY r.project_slug, p.published DESC, p.slug";

std::string sql_publications() { return "SELECT " + publication_columns() + " FROM publication ORDER BY position"; }
std::string sql_posts() { return std::string(sql_post_columns) + sql_post_order; }

// Reads publications' child rows in one pass each, keyed by publication id.
template <typename Row>
std::map<std::int64_t, std::vector<Row>> group_by_publication(const Db& db, const char* sql, Row (*read)(const Stmt&)) {
    std::map<std::int64_t, std::vector<Row>> out;
    auto stmt = db.prepare(sql);
    while (stmt.step()) out[stmt.int_at(0)].push_back(read(stmt));
    return out;
}

std::string checked_slug(const Db& db, std::string slug) {
    if (!is_slug(slug))
        throw Error("load " + in_quotes(db.path()) + ": slug " + in_quotes(slug) + " is not [a-z0-9][a-z0-9-]*, at most " +
                    std::to_string(limits::max_slug_bytes) + " bytes");
    return slug;
}

Author read_author(const Stmt& s) { return {s.text_at(1), s.int_at(2) != 0, s.int_at(3) != 0}; }
Link read_pub_link(const Stmt& s) { return {s.text_at(1), s.text_at(2)}; }
std::string read_award(const Stmt& s) { return s.text_at(1); }
Field read_field(const Stmt& s) { return {s.text_at(1), s.text_at(2)}; }
CitationCount read_citation(const Stmt& s) { return {s.text_at(1), s.int_at(2), s.text_at(3)}; }
Post read_post_row(const Db& db, const Stmt& s) {
    Post post;
    post.slug = checked_slug(db, s.text_at(0));
    post.title = s.text_at(1);
    post.published = s.text_at(2);
    post.body_format = s.text_at(3);
    post.body = s.text_at(4);
    post.draft = s.int_at(5) != 0;
    post.preview_token = s.text_at(6);
    return post;
}

// The owner is whoever the profile's names match (owner_names.hpp), also
// in rows imported before a variant was added. The owner's readings are made
// once per load, and each spelling is matched once: co-authors recur across
// a list, and a match folds and splits the name (at 3,000 papers it doubled
// a cold load before this).
class OwnerKeys {
public:
    explicit OwnerKeys(const Content& c) : matcher_(OwnerNames(c.name, c.name_variants)) {}
    void mark(Publication& p) {
        for (auto& a : p.authors)
            if (!a.is_owner) a.is_owner = is_owner(a.name);
    }

private:
    bool is_owner(const std::string& name) {
        auto [it, added] = seen_.try_emplace(name, false);
        if (added) it->second = matcher_.match(name);
        return it->second;
    }

    OwnerMatcher matcher_;
    std::map<std::string, bool, std::less<>> seen_;  // spelling -> the owner
};

}  // namespace

const std::vector<std::string>& all_queries() {
    static const std::vector<std::string> queries{
        sql_profile, sql_profile_paragraph, sql_profile_email, sql_profile_link, sql_name_variant, sql_coauthor,
        sql_publication_author, sql_publication_link, sql_publication_award, sql_publication_field,
        sql_publications(), sql_education, sql_posts(), sql_post_tags, sql_one_post_tags, sql_teaching, sql_service,
        sql_experience, sql_publication_ids, list_files_sql(), sql_news, sql_talk, sql_award,
        sql_project, sql_project_link, sql_project_publication, sql_project_post, sql_page};
    static const std::vector<std::string> with_languages = [] {
        auto all = queries;
        all.insert(all.end(), language_queries().begin(), language_queries().end());
        return all;
    }();
    return with_languages;
}

void load_profile(const Db& db, Content& c) {
    auto profile = db.prepare(sql_profile);
    if (!profile.step()) throw Error("load " + in_quotes(db.path()) + ": table profile has no row with id = 1");
    c.name = profile.text_at(0);
    c.affiliation = profile.text_at(1);
    c.job_title = profile.text_at(2);
    c.photo = profile.text_at(3);
    c.bio_markdown.clear();
    c.emails.clear();
    c.links.clear();
    c.name_variants.clear();
    c.coauthors.clear();

    auto paragraphs = db.prepare(sql_profile_paragraph);
    while (paragraphs.step()) c.bio_markdown.push_back(paragraphs.text_at(0));
    auto emails = db.prepare(sql_profile_email);
    while (emails.step()) c.emails.push_back({emails.text_at(0), emails.text_at(1)});
    auto links = db.prepare(sql_profile_link);
    while (links.step()) c.links.push_back({links.text_at(0), links.text_at(1)});
    auto variants = db.prepare(sql_name_variant);
    while (variants.step()) c.name_variants.push_back(variants.text_at(0));
    auto coauthors = db.prepare(sql_coauthor);
    while (coauthors.step()) c.coauthors.push_back({coauthors.text_at(0), coauthors.text_at(1), coauthors.text_at(2)});
}

std::vector<std::int64_t> load_publications(const Db& db, Content& c) {
    auto authors = group_by_publication<Author>(db, sql_publication_author, read_author);
    auto links = group_by_publication<Link>(db, sql_publication_link, read_pub_link);
    auto awards = group_by_publication<std::string>(db, sql_publication_award, read_award);
    auto fields = group_by_publication<Field>(db, sql_publication_field, read_field);
    auto citations = group_by_publication<CitationCount>(db, sql_citation_count, read_citation);
    OwnerKeys owner(c);

    c.publications.clear();
    std::vector<std::int64_t> ids;
    auto pubs = db.prepare(sql_publications());
    while (pubs.step()) {
        auto [id, p] = read_publication_row(pubs, db);
        p.slug = checked_slug(db, std::move(p.slug));
        p.authors = std::move(authors[id]);
        p.links = std::move(links[id]);
        p.awards = std::move(awards[id]);
        p.fields = std::move(fields[id]);
        p.citations = std::move(citations[id]);
        owner.mark(p);
        c.publications.push_back(std::move(p));
        ids.push_back(id);
    }
    return ids;
}

void load_posts(const Db& db, Content& c) {
    c.posts.clear();
    // The tags in one pass, each list moved into its post.
    std::map<std::string, std::vector<std::string>, std::less<>> tags;
    auto tag_rows = db.prepare(sql_post_tags);
    while (tag_rows.step()) tags[tag_rows.text_at(0)].push_back(checked_slug(db, tag_rows.text_at(1)));
    auto posts = db.prepare(sql_posts());
    while (posts.step()) {
        Post post = read_post_row(db, posts);
        if (auto it = tags.find(post.slug); it != tags.end()) post.tags = std::move(it->second);
        c.posts.push_back(std::move(post));
    }
}

void load_sections(const Db& db, Content& c) {
    c.education.clear();
    c.teaching.clear();
    c.services.clear();
    c.experiences.clear();
    c.news.clear();
    c.talks.clear();
    c.awards.clear();
    auto education = db.prepare(sql_education);
    while (education.step())
        c.education.push_back({static_cast<int>(education.int_at(0)), static_cast<int>(education.int_at(1)),
                               education.text_at(2), education.text_at(3)});
    auto teaching = db.prepare(sql_teaching);
    while (teaching.step()) c.teaching.push_back({teaching.text_at(0), teaching.text_at(1), teaching.text_at(2), teaching.text_at(3)});
    auto services = db.prepare(sql_service);
    while (services.step()) c.services.push_back({services.text_at(0), services.text_at(1)});
    auto experiences = db.prepare(sql_experience);
    while (experiences.step())
        c.experiences.push_back({experiences.text_at(0), experiences.text_at(1), experiences.text_at(2),
                                 experiences.text_at(3), experiences.text_at(4)});
    auto news = db.prepare(sql_news);
    while (news.step()) c.news.push_back({news.int_at(0), news.text_at(1), news.text_at(2)});
    auto talks = db.prepare(sql_talk);
    while (talks.step())
        c.talks.push_back({talks.int_at(0), talks.text_at(1), talks.text_at(2), talks.text_at(3), talks.text_at(4),
                           talks.text_at(5), talks.text_at(6), talks.text_at(7), talks.text_at(8)});
    auto awards = db.prepare(sql_award);
    while (awards.step()) {
        auto year = awards.optional_int_at(0);
        c.awards.push_back({year ? std::optional<int>(static_cast<int>(*year)) : std::nullopt, awards.text_at(1),
                            awards.text_at(2)});
    }
    load_projects(db, c);
    load_pages(db, c);
}

void load_pages(const Db& db, Content& c) {
    c.pages.clear();
    auto pages = db.prepare(sql_page);
    while (pages.step())
        c.pages.push_back({.slug = checked_slug(db, pages.text_at(0)),
                           .title = pages.text_at(1),
                           .body_format = pages.text_at(2),
                           .body = pages.text_at(3),
                           .in_menu = pages.int_at(4) != 0});
}

void load_projects(const Db& db, Content& c) {
    c.projects.clear();
    std::map<std::string, std::size_t, std::less<>> index;
    auto projects = db.prepare(sql_project);
    while (projects.step()) {
        Project p;
        p.slug = checked_slug(db, projects.text_at(0));
        p.title = projects.text_at(1);
        p.summary = projects.text_at(2);
        p.markdown = projects.text_at(3);
        p.image = projects.text_at(4);
        index.emplace(p.slug, c.projects.size());
        c.projects.push_back(std::move(p));
    }
    // Each child table in one pass, each row handed to its project.
    auto each = [&](const char* sql, auto&& add) {
        auto stmt = db.prepare(sql);
        while (stmt.step())
            if (auto it = index.find(stmt.text_at(0)); it != index.end()) add(c.projects[it->second], stmt);
    };
    each(sql_project_link, [](Project& p, const Stmt& s) { p.links.push_back({s.text_at(1), s.text_at(2)}); });
    each(sql_project_publication, [](Project& p, const Stmt& s) { p.publications.push_back(s.text_at(1)); });
    each(sql_project_post, [](Project& p, const Stmt& s) { p.posts.push_back(s.text_at(1)); });
}

void load_files(const Db& db, Content& c) { c.files = list_files(db); }

std::optional<Post> read_post(const Db& db, const std::string& slug) {
    auto stmt = db.prepare(std::string(sql_post_columns) + " WHERE slug = ?");
    stmt.bind(1, slug);
    if (!stmt.step()) return std::nullopt;
    Post post = read_post_row(db, stmt);
    auto tags = db.prepare(sql_one_post_tags);
    tags.bind(1, slug);
    while (tags.step()) post.tags.push_back(checked_slug(db, tags.text_at(0)));
    return post;
}

std::optional<Publication> read_publication(const Db& db, std::int64_t id, const Content& c) {
    auto p = vitae::read_publication(db, id);
    if (!p) return std::nullopt;
    p->slug = checked_slug(db, std::move(p->slug));
    OwnerKeys(c).mark(*p);
    return p;
}

std::vector<std::int64_t> publication_ids(const Db& db) {
    std::vector<std::int64_t> out;
    auto stmt = db.prepare(sql_publication_ids);
    while (stmt.step()) out.push_back(stmt.int_at(0));
    return out;
}

std::vector<std::string> post_slugs(const Db& db) {
    std::vector<std::string> out;
    auto stmt = db.prepare(std::string("SELECT slug FROM post") + sql_post_order);
    while (stmt.step()) out.push_back(stmt.text_at(0));
    return out;
}

bool post_exists(const Db& db, std::string_view slug) {
    auto stmt = db.prepare("SELECT 1 FROM post WHERE slug = ?");
    stmt.bind(1, slug);
    return stmt.step();
}

bool page_exists(const Db& db, std::string_view slug) {
    auto stmt = db.prepare("SELECT 1 FROM page WHERE slug = ?");
    stmt.bind(1, slug);
    return stmt.step();
}

bool project_exists(const Db& db, std::string_view slug) {
    auto stmt = db.prepare("SELECT 1 FROM project WHERE slug = ?");
    stmt.bind(1, slug);
    return stmt.step();
}

}  // namespace vitae::rows
