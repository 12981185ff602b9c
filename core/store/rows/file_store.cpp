#include "store/rows/file_store.hpp"

#include <nettle/sha2.h>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "store/model/file_type.hpp"
#include "store/model/slug.hpp"

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

StoredFile put_file(const Db& db, std::string_view name, std::string_view bytes, std::string_view alt,
                    std::string_view variant_of) {
    std::string what = "add file " + in_quotes(name);
    if (!is_file_name(name))
        throw Error(what + ": a file name is a-z, 0-9 and '-', then one dot and an extension (e.g. cv-2026.pdf)");
    if (bytes.size() > limits::max_file_bytes)
        throw Error(what + ": " + std::to_string(bytes.size()) + " bytes, more than the limit of " +
                    std::to_string(limits::max_file_bytes));
    if (bytes.empty()) throw Error(what + ": the file is empty");
    Sniffed sniffed = sniff_file(bytes, name);
    if (!sniffed.type) throw Error(what + ": " + sniffed.why);
    if (!has_extension_of(name, *sniffed.type))
        throw Error(what + ": its bytes are " + std::string(sniffed.type->mime) + ", so its name must end in " +
                    std::string(sniffed.type->extensions.front()) + " (browsers and nginx go by the name)");
    StoredFile file{std::string(name), std::string(sniffed.type->mime), static_cast<std::int64_t>(bytes.size()),
                    sha256_hex(bytes), sniffed.width, sniffed.height, std::string(alt), std::string(variant_of)};
    auto put = db.prepare(
        "INSERT INTO file (name, type, size, digest, width, height, alt, variant_of, bytes) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (name) DO UPDATE SET type = excluded.type, size = excluded.size, digest = excluded.digest, "
        "width = excluded.width, height = excluded.height, alt = excluded.alt, variant_of = excluded.variant_of, "
        "bytes = excluded.bytes");
    put.bind(1, file.name);
    put.bind(2, file.type);
    put.bind(3, file.size);
    put.bind(4, file.digest);
    put.bind(5, std::int64_t{file.width});
    put.bind(6, std::int64_t{file.height});
    put.bind(7, file.alt);
    put.bind(8, file.variant_of);
    put.bind_blob(9, bytes);
    put.step();
    return file;
}

bool remove_file(const Db& db, std::string_view name) {
    auto del = db.prepare("DELETE FROM file WHERE name = ? RETURNING name");
    del.bind(1, name);
    bool removed = del.step();
    while (del.step()) {
    }
    remove_variants(db, name);
    return removed;
}

void remove_variants(const Db& db, std::string_view name) {
    auto del = db.prepare("DELETE FROM file WHERE variant_of = ? AND variant_of <> ''");
    del.bind(1, name);
    del.step();
}

const char* list_files_sql() {
    return "SELECT name, type, size, digest, width, height, alt, variant_of FROM file "
           "ORDER BY CASE variant_of WHEN '' THEN name ELSE variant_of END, variant_of <> '', name";
}

std::vector<StoredFile> list_files(const Db& db) {
    std::vector<StoredFile> out;
    auto stmt = db.prepare(list_files_sql());
    while (stmt.step())
        out.push_back({stmt.text_at(0), stmt.text_at(1), stmt.int_at(2), stmt.text_at(3),
                       static_cast<int>(stmt.int_at(4)), static_cast<int>(stmt.int_at(5)), stmt.text_at(6),
                       stmt.text_at(7)});
    return out;
}

std::optional<std::string> file_bytes(const Db& db, std::string_view name, std::string_view digest) {
    auto stmt = db.prepare("SELECT bytes FROM file WHERE name = ? AND digest = ?");
    stmt.bind(1, name);
    stmt.bind(2, digest);
    if (!stmt.step()) return std::nullopt;
    return stmt.blob_at(0);
}

}  // namespace vitae
