#include "store/rows/file_store.hpp"

#include <nettle/sha2.h>

#include "base/error.hpp"
#include "base/log.hpp"
#include "store/sql/sql_text.hpp"

namespace vitae {

std::string sha256_hex(std::string_view bytes) {
    sha256_ctx ctx;
    sha256_init(&ctx);
    sha256_update(&ctx, bytes.size(), reinterpret_cast<const std::uint8_t*>(bytes.data()));
    std::uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_digest(&ctx, sizeof digest, digest);
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    for (auto b : digest) {
        out += hex[b >> 4];
        out += hex[b & 15];
    }
    return out;
}

const char* list_files_sql() {
    return "SELECT name, type, size, digest, width, height, alt, variant_of, pdf_read, pdf_tagged, pdf_lang, pdf_title, "
           "pdf_text FROM file "
           "ORDER BY CASE variant_of WHEN '' THEN name ELSE variant_of END, variant_of <> '', name";
}

std::vector<StoredFile> list_files(const Db& db) {
    std::vector<StoredFile> out;
    auto stmt = db.prepare(list_files_sql());
    while (stmt.step())
        out.push_back({stmt.text_at(0), stmt.text_at(1), stmt.int_at(2), stmt.text_at(3),
                       static_cast<int>(stmt.int_at(4)), static_cast<int>(stmt.int_at(5)), stmt.text_at(6),
                       stmt.text_at(7),
                       PdfFacts{.read = stmt.int_at(8) != 0, .tagged = stmt.int_at(9) != 0, .language = stmt.text_at(10),
                                .title = stmt.text_at(11), .text = stmt.int_at(12) != 0}});
    return out;
}

std::optional<std::string> file_bytes(const Db& db, std::string_view name, std::string_view digest) {
    auto stmt = db.prepare("SELECT bytes FROM file WHERE name = ? AND digest = ?");
    stmt.bind(1, name);
    stmt.bind(2, digest);
    if (!stmt.step()) return std::nullopt;
    return stmt.blob_at(0);
}

std::optional<std::int64_t> stored_file_width(const Db& db, std::string_view name) {
    auto file = db.prepare("SELECT width FROM file WHERE name = ?");
    file.bind(1, name);
    if (!file.step()) return std::nullopt;
    return file.int_at(0);
}

}  // namespace vitae
