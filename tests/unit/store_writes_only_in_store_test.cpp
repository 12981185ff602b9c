// Every write to the database goes through core/store/ (its writers in
// store/write/, the schema's migrations in store/schema/): no other source
// file of the programs holds an INSERT, UPDATE or DELETE, so a new command
// or the web editor cannot write a row its own way. Scans the sources.
#define BOOST_TEST_MODULE store_writes_only_in_store
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace vitae::test;
namespace fs = std::filesystem;

namespace {

// SQL that writes, as the sources spell it: upper case, as every statement here is.
const std::regex& write_sql() {
    static const std::regex re(R"(\b(INSERT\s+(OR\s+[A-Z]+\s+)?INTO|REPLACE\s+INTO|UPDATE\s+[a-z_]+\s+SET|DELETE\s+FROM)\b)");
    return re;
}

struct Hit {
    std::string file;
    int line;
    std::string text;
};

std::vector<Hit> writes_in(const fs::path& file) {
    std::vector<Hit> hits;
    std::istringstream in(read_file(file));
    std::string line;
    for (int n = 1; std::getline(in, line); ++n)
        if (std::regex_search(line, write_sql())) hits.push_back({fs::relative(file, source_dir).string(), n, line});
    return hits;
}

bool is_source(const fs::path& file) {
    auto ext = file.extension();
    return ext == ".cpp" || ext == ".hpp" || ext == ".in";
}

// The programs' sources outside core/store/.
std::vector<fs::path> sources_outside_the_store() {
    std::vector<fs::path> out;
    const fs::path store = source_dir / "core" / "store";
    for (const char* top : {"core", "cli", "fcgi"})
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
        BOOST_TEST(std::regex_search(std::string(sql), write_sql()), sql);
    for (const char* text : {"a bulk UPDATE", "SELECT id FROM publication", "// inserted, not ignored", "updated_at"})
        BOOST_TEST(!std::regex_search(std::string(text), write_sql()), text);
}

BOOST_AUTO_TEST_CASE(the_scan_reads_the_programs_sources) {
    auto files = sources_outside_the_store();
    BOOST_TEST(files.size() > 50u);  // cli/, fcgi/ and the rest of core/ are there
    bool saw_cli = false, saw_fcgi = false;
    for (const auto& f : files) {
        saw_cli = saw_cli || f.string().find("/cli/commands/") != std::string::npos;
        saw_fcgi = saw_fcgi || f.string().find("/fcgi/") != std::string::npos;
        BOOST_TEST(f.string().find("/core/store/") == std::string::npos, f.string());
    }
    BOOST_TEST(saw_cli);
    BOOST_TEST(saw_fcgi);
    // And the writers themselves are found by it, so it would see one moved out.
    BOOST_TEST(!writes_in(source_dir / "core/store/write/awards.cpp").empty());
}

BOOST_AUTO_TEST_CASE(no_source_outside_core_store_writes_to_the_database) {
    for (const auto& file : sources_outside_the_store())
        for (const auto& hit : writes_in(file))
            BOOST_ERROR(hit.file + ":" + std::to_string(hit.line) + ": SQL that writes, outside core/store/ (use a writer "
                        "in core/store/write/): " + hit.text);
}
