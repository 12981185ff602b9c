// Shared by the unit tests: a temp directory removed on destruction, and a
// database built from SQL text with the real schema. Content comes from
// tests/fixtures, never from data/content.sql: that file is the owner's to
// edit, and a unit test must not break when they do.
#pragma once

#include <sqlite3.h>

#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

// Tests read and plant rows with SQL of their own, as only the store's
// layers may (they link vitae_store_sql, see tests/CMakeLists.txt).
#include "store/sql/sql_text.hpp"

#include "base/read_file.hpp"

namespace vitae::test {

inline std::string read_file(const std::filesystem::path& path) { return read_whole_file(path); }

inline void write_file(const std::filesystem::path& path, std::string_view text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
}

class TempDir {
public:
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "vitae-test-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path operator/(std::string_view name) const { return path_ / name; }

private:
    std::filesystem::path path_;
};

inline void exec_sql(const std::filesystem::path& db_path, const std::string& sql) {
    sqlite3* db = nullptr;
    if (sqlite3_open(db_path.c_str(), &db) != SQLITE_OK) throw std::runtime_error("open " + db_path.string());
    char* error = nullptr;
    int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    std::string message = error ? error : "";
    sqlite3_free(error);
    sqlite3_close(db);
    if (rc != SQLITE_OK) throw std::runtime_error("sql: " + message);
}

// The first column of the first row `sql` gives on the database at `db_path`:
// as text ("(no row)" when there is none) or as a number (0 then).
inline std::string sql_text(const std::filesystem::path& db_path, const std::string& sql) {
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        throw std::runtime_error("open " + db_path.string());
    }
    sqlite3_stmt* stmt = nullptr;
    std::string out = "(no row)";
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
        std::string message = sqlite3_errmsg(db);
        sqlite3_close(db);
        throw std::runtime_error("sql: " + message);
    }
    if (sqlite3_step(stmt) == SQLITE_ROW) {
        auto* text = sqlite3_column_text(stmt, 0);
        out = text ? reinterpret_cast<const char*>(text) : "";
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return out;
}
inline std::int64_t sql_int(const std::filesystem::path& db_path, const std::string& sql) {
    auto text = sql_text(db_path, sql);
    return text == "(no row)" || text.empty() ? 0 : std::stoll(text);
}

inline const std::filesystem::path source_dir{VITAE_SOURCE_DIR};
inline const std::filesystem::path fixtures_dir{VITAE_FIXTURES_DIR};

// A database with the real schema and the given content SQL.
inline std::filesystem::path make_db(const TempDir& dir, const std::string& content_sql, std::string_view name = "site.db") {
    auto path = dir / name;
    exec_sql(path, read_file(source_dir / "data/schema.sql") + content_sql);
    return path;
}

// Every publication row and child row as text, to compare whole states;
// `with_owner` false leaves out is_owner, which import derives from the
// profile rather than reading it from the file.
inline std::string publication_rows(const std::filesystem::path& path, bool with_owner = true) {
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    std::string authors = with_owner ? "SELECT * FROM publication_author ORDER BY 1, 2"
                                     : "SELECT publication_id, position, name, equal_contribution "
                                       "FROM publication_author ORDER BY 1, 2";
    std::string out;
    for (const std::string& sql : {std::string("SELECT * FROM publication ORDER BY id"), authors,
                                   std::string("SELECT * FROM publication_link ORDER BY 1, 2"),
                                   std::string("SELECT * FROM publication_award ORDER BY 1, 2")}) {
        sqlite3_stmt* stmt = nullptr;
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
            sqlite3_close(db);
            throw std::runtime_error("publication_rows: " + sql);
        }
        while (sqlite3_step(stmt) == SQLITE_ROW) {
            for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
                const auto* text = sqlite3_column_text(stmt, i);
                out += text ? reinterpret_cast<const char*>(text) : "NULL";
                out += '|';
            }
            out += '\n';
        }
        sqlite3_finalize(stmt);
    }
    sqlite3_close(db);
    return out;
}

// A 1x1 PNG: a picture the file store takes (import-site tests put one
// where a real site keeps its pictures, which the fixtures leave out; the
// editor's upload tests send one).
inline std::string tiny_png() {
    static const unsigned char png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1,
                                        0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde, 0, 0, 0, 12, 'I', 'D', 'A', 'T', 0x08,
                                        0xd7, 0x63, 0xf8, 0xcf, 0xc0, 0, 0, 0x03, 0x01, 0x01, 0, 0x18, 0xdd, 0x8d, 0xb0, 0, 0, 0,
                                        0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
    return std::string(reinterpret_cast<const char*>(png), sizeof png);
}

// A one-page PDF written object by object with its cross-reference table,
// as qpdf reads it without repair: "Hello" in Helvetica (WinAnsiEncoding,
// so its text extracts). `tagged`: a structure tree, /MarkInfo, /Lang "en"
// and a title, as an accessible paper's; else none of them, as most are.
enum class PdfTags { untagged, tagged };
inline std::string tiny_pdf(PdfTags tags = PdfTags::untagged) {
    bool tagged = tags == PdfTags::tagged;
    std::string content = tagged ? "/P <</MCID 0>> BDC BT /F1 12 Tf 72 720 Td (Hello) Tj ET EMC"
                                 : "BT /F1 12 Tf 72 720 Td (Hello) Tj ET";
    std::string objects[] = {
        tagged ? "<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked true >> /StructTreeRoot 6 0 R /Lang (en) >>"
               : "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >>" +
            std::string(tagged ? " /StructParents 0" : "") + " >>",
        "<< /Length " + std::to_string(content.size()) + " >>\nstream\n" + content + "\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        "<< /Type /StructTreeRoot /K [7 0 R] /ParentTree << /Nums [0 [7 0 R]] >> >>",
        "<< /Type /StructElem /S /P /P 6 0 R /Pg 3 0 R /K 0 >>",
        "<< /Title (A tagged paper) >>",
    };
    std::size_t count = tagged ? 8 : 5;
    std::string pdf = "%PDF-1.7\n";
    std::string xref = "xref\n0 " + std::to_string(count + 1) + "\n0000000000 65535 f \n";
    for (std::size_t i = 0; i < count; ++i) {
        char offset[24];
        std::snprintf(offset, sizeof offset, "%010zu 00000 n \n", pdf.size());
        xref += offset;
        pdf += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
    }
    std::size_t start = pdf.size();
    return pdf + xref + "trailer\n<< /Size " + std::to_string(count + 1) + " /Root 1 0 R" +
           (tagged ? " /Info 8 0 R" : "") + " >>\nstartxref\n" + std::to_string(start) + "\n%%EOF\n";
}

inline std::string hostile_content() { return read_file(fixtures_dir / "hostile.sql"); }

// An invented researcher with a few rows in every table (tests/fixtures/site.sql).
inline std::string fixture_content() { return read_file(fixtures_dir / "site.sql"); }

// What site.sql holds, for tests that count pages or rows; keep in step with it.
namespace fixture {
inline constexpr std::size_t posts = 2;
inline constexpr std::size_t publications = 6;
}  // namespace fixture

}  // namespace vitae::test
