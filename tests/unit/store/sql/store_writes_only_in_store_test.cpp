// All SQL is in core/store/: reads in store/rows/, writes in store/write/
// (the schema's in store/schema/). The build already keeps Db::prepare and
// exec out of reach above the store (their SqlText is seen by the store's
// layers alone); this scans the programs' other sources - core/, cli/,
// fcgi/, admin/ and cvpdf/ - for what the build cannot see: a statement in
// a string, a call that passes SQL text, the SQL header included by a path
// of its own. So a new command or page asks the store by name.
#define BOOST_TEST_MODULE store_writes_only_in_store
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace vitae::test;
namespace fs = std::filesystem;

namespace {

// SQL as the sources spell it: upper case, as every statement here is.
const std::vector<std::regex>& sql_patterns() {
    static const std::vector<std::regex> patterns = {
        // A write, anywhere on the line (in two strings joined, in a comment's example).
        std::regex(R"(\b(INSERT\s+(OR\s+[A-Z]+\s+)?INTO|REPLACE\s+INTO|UPDATE\s+[a-z_]+\s+SET|DELETE\s+FROM)\b)"),
        // A string that starts a statement.
        std::regex(R"("\s*(SELECT|INSERT|UPDATE|DELETE|REPLACE|PRAGMA|WITH|CREATE|DROP|ALTER|BEGIN|COMMIT|ROLLBACK|)"
                   R"(SAVEPOINT|RELEASE|VACUUM|ATTACH|DETACH|ANALYZE|REINDEX|EXPLAIN)\b)"),
        // A read in a string, whatever comes first ("... SELECT id FROM ...").
        std::regex(R"("[^"]*\bSELECT\b[^"]*\bFROM\b)"),
        // A line of a raw string that is a statement (no C++ line starts so).
        std::regex(R"(^\s*(SELECT|INSERT|UPDATE|DELETE|WITH|PRAGMA)\s)"),
        // A call of the wrapper's SQL-taking members, whatever it passes.
        std::regex(R"((\.|->)\s*(prepare|exec|pragma_int|pragma_text)\s*\()"),
        // The SQL text type, which only the store's layers may include.
        std::regex(R"(#\s*include\s*["<][^">]*sql_text\.hpp)"),
    };
    return patterns;
}

bool has_sql(const std::string& line) {
    for (const auto& re : sql_patterns())
        if (std::regex_search(line, re)) return true;
    return false;
}

struct Hit {
    std::string file;
    int line;
    std::string text;
};

std::vector<Hit> sql_in(const fs::path& file) {
    std::vector<Hit> hits;
    std::istringstream in(read_file(file));
    std::string line;
    for (int n = 1; std::getline(in, line); ++n)
        if (has_sql(line)) hits.push_back({fs::relative(file, source_dir).string(), n, line});
    return hits;
}

bool is_source(const fs::path& file) {
    auto ext = file.extension();
    return ext == ".cpp" || ext == ".hpp" || ext == ".in" || ext == ".h" || ext == ".c";
}

// Every folder the programs are built from.
constexpr const char* program_folders[] = {"core", "cli", "fcgi", "admin", "cvpdf"};

// The programs' sources outside core/store/.
std::vector<fs::path> sources_outside_the_store() {
    std::vector<fs::path> out;
    const fs::path store = source_dir / "core" / "store";
    for (const char* top : program_folders)
        for (const auto& entry : fs::recursive_directory_iterator(source_dir / top)) {
            if (!entry.is_regular_file() || !is_source(entry.path())) continue;
            auto relative = fs::relative(entry.path(), store);
            if (!relative.empty() && *relative.begin() != "..") continue;  // inside core/store/
            out.push_back(entry.path());
        }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_scan_finds_a_write_however_it_is_spelled) {
    for (const char* sql : {"INSERT INTO award (position) VALUES (1)", "INSERT OR IGNORE INTO post_tag", "REPLACE INTO x",
                            "UPDATE publication SET preview = ?", "DELETE FROM file WHERE name = ?",
                            "\"INSERT INTO\" \"x\"", "UPDATE  teaching  SET role"})
        BOOST_TEST(has_sql(sql), sql);
}

BOOST_AUTO_TEST_CASE(the_scan_finds_a_read_or_a_statement_passed_anywhere) {
    for (const char* line : {R"(auto s = db.prepare("SELECT 1 FROM post WHERE slug = ?");)",
                             R"(has_row(db, "SELECT 1 FROM file WHERE name = ?", name))",
                             R"(std::string sql = "SELECT count(*) FROM " + table;)",
                             R"(auto fields = q(" p.slug, f.value FROM x WHERE"), "  SELECT p.slug FROM publication")",
                             R"(probe = db_->prepare(std::string("PRAGMA ") + "data_version");)",
                             R"(constexpr const char* sql = "WITH t AS (SELECT 1) SELECT * FROM t";)",
                             "SELECT id, title FROM publication",  // a raw string's line
                             "    WITH recent AS (",
                             R"(db.exec(statements);)", R"(db->pragma_int(name))", R"(auto s = d.prepare(sql);)",
                             R"(#include "store/sql/sql_text.hpp")", R"(#include "../store/sql/sql_text.hpp")"})
        BOOST_TEST(has_sql(line), line);
    for (const char* line : {"// a bulk UPDATE", "Select a file to upload", "// inserted, not ignored", "updated_at",
                             R"(prepare_database(db_path, owner);)", R"(throw Error("no post " + slug);)",
                             R"(execvp(argv[0], argv.data());)", R"(out << "Selected: " << n;)",
                             R"(auto id = publication_id(db, slug);)"})
        BOOST_TEST(!has_sql(line), line);
}

BOOST_AUTO_TEST_CASE(the_scan_reads_every_folder_of_the_programs) {
    auto files = sources_outside_the_store();
    BOOST_TEST(files.size() > 50u);
    for (const char* top : program_folders) {
        bool seen = false;
        for (const auto& f : files) seen = seen || f.string().find("/" + std::string(top) + "/") != std::string::npos;
        BOOST_TEST(seen, top);
    }
    for (const auto& f : files) BOOST_TEST(f.string().find("/core/store/") == std::string::npos, f.string());
    // And the store's readers and writers are found by it, so it would see one moved out.
    BOOST_TEST(!sql_in(source_dir / "core/store/write/awards.cpp").empty());
    BOOST_TEST(!sql_in(source_dir / "core/store/rows/language_rows.cpp").empty());
}

BOOST_AUTO_TEST_CASE(no_source_outside_core_store_holds_sql) {
    for (const auto& file : sources_outside_the_store())
        for (const auto& hit : sql_in(file))
            BOOST_ERROR(hit.file + ":" + std::to_string(hit.line) + ": SQL outside core/store/ (read through a function "
                        "of core/store/rows/, write through a writer of core/store/write/): " + hit.text);
}
