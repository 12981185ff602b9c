#include "store/write/group_search.hpp"

#include <string>

#include "store/rows/search_rows.hpp"
#include "store/sql/sql_text.hpp"

namespace vitae {

namespace {

// The site index's tables as data/schema.sql makes them; `post` is there,
// empty, because search_site leaves out posts dated later (a group has none).
constexpr const char* schema =
    "CREATE TABLE search_doc (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, key TEXT NOT NULL);"
    "CREATE VIRTUAL TABLE search USING fts5(title, authors, body, tokenize = 'unicode61 remove_diacritics 2');"
    "CREATE VIRTUAL TABLE search_cjk USING fts5(title, authors, body, tokenize = 'trigram');"
    "CREATE TABLE post (slug TEXT PRIMARY KEY, published TEXT);";

// The CJK documents into search_cjk, chosen as the schema's trigger does.
constexpr const char* copy_cjk =
    "INSERT INTO search_cjk (rowid, title, authors, body) SELECT rowid, title, authors, body FROM search "
    "WHERE title || authors || body GLOB '*[぀-ヿ㐀-䶿一-鿿가-힯ｦ-ﾟ]*'";

std::string joined(const std::vector<std::string>& parts, std::string_view between) {
    std::string out;
    for (const auto& p : parts) {
        if (p.empty()) continue;
        if (!out.empty()) out += between;
        out += p;
    }
    return out;
}

class Inserter {
public:
    explicit Inserter(const Db& db)
        : doc_(db.prepare("INSERT INTO search_doc (id, kind, key) VALUES (?1, ?2, ?3)")),
          text_(db.prepare("INSERT INTO search (rowid, title, authors, body) VALUES (?1, ?2, ?3, ?4)")) {}
    void add(std::string_view kind, std::size_t key, std::string_view title, std::string_view authors,
             std::string_view body) {
        ++id_;
        doc_.bind(1, id_);
        doc_.bind(2, kind);
        doc_.bind(3, std::to_string(key));
        doc_.step();
        doc_.reset();
        text_.bind(1, id_);
        text_.bind(2, title);
        text_.bind(3, authors);
        text_.bind(4, body);
        text_.step();
        text_.reset();
    }

private:
    Stmt doc_, text_;
    std::int64_t id_ = 0;
};

void index_group(const Db& db, const Group& group) {
    Inserter in(db);
    for (std::size_t i = 0; i < group.members.size(); ++i) {
        const GroupMember& m = group.members[i];
        in.add("person", i, m.name, "", joined({m.role, m.group, m.site}, " "));
    }
    for (std::size_t i = 0; i < group.works.size(); ++i) {
        const GroupWork& w = group.works[i];
        std::vector<std::string> authors, body{w.venue, w.year ? std::to_string(*w.year) : "", w.doi, w.arxiv};
        for (const auto& a : w.authors) authors.push_back(a.name);
        for (const auto& p : w.papers) body.push_back(p.member);
        in.add("member_work", i, w.title, joined(authors, ", "), joined(body, " "));
    }
    db.exec(copy_cjk);
}

}  // namespace

GroupSearch::GroupSearch(const Group& group) : db_(Db::open(":memory:", OpenMode::create)) {
    db_.exec(schema);
    Transaction tx(db_);  // one commit: 150,000 rows one by one would each be one
    index_group(db_, group);
    tx.commit();
}

SearchResults GroupSearch::find(const SearchQuery& query, int page) const {
    std::lock_guard lock(mutex_);
    return search_site(db_, query, {.page = page, .today = ""});
}

std::shared_ptr<const GroupSearch> make_group_search(const Group& group) {
    return std::make_shared<const GroupSearch>(group);
}

}  // namespace vitae
