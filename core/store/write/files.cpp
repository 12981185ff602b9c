#include "store/write/files.hpp"

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "store/model/file_type.hpp"
#include "store/model/slug.hpp"
#include "store/rows/file_store.hpp"
#include "store/sql/sql_text.hpp"

namespace vitae {

StoredFile checked_file(std::string_view name, std::string_view bytes, std::string_view alt, std::string_view variant_of) {
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
    return {std::string(name), std::string(sniffed.type->mime), static_cast<std::int64_t>(bytes.size()),
            sha256_hex(bytes), sniffed.width, sniffed.height, std::string(alt), std::string(variant_of), PdfFacts{}};
}

StoredFile put_file(const Db& db, std::string_view name, std::string_view bytes, std::string_view alt,
                    std::string_view variant_of) {
    StoredFile file = checked_file(name, bytes, alt, variant_of);
    auto put = db.prepare(
        "INSERT INTO file (name, type, size, digest, width, height, alt, variant_of, bytes) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (name) DO UPDATE SET type = excluded.type, size = excluded.size, digest = excluded.digest, "
        "width = excluded.width, height = excluded.height, alt = excluded.alt, variant_of = excluded.variant_of, "
        "bytes = excluded.bytes, pdf_read = 0, pdf_tagged = 0, pdf_lang = '', pdf_title = '', pdf_text = 0");
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

void set_pdf_facts(const Db& db, std::string_view name, const PdfFacts& facts) {
    auto set = db.prepare(
        "UPDATE file SET pdf_read = ?, pdf_tagged = ?, pdf_lang = ?, pdf_title = ?, pdf_text = ? WHERE name = ?");
    set.bind(1, std::int64_t{facts.read});
    set.bind(2, std::int64_t{facts.tagged});
    set.bind(3, facts.language);
    set.bind(4, facts.title);
    set.bind(5, std::int64_t{facts.text});
    set.bind(6, name);
    set.step();
}

bool set_file_alt(const Db& db, std::string_view name, std::string_view alt) {
    auto set = db.prepare("UPDATE file SET alt = ? WHERE name = ? RETURNING 1");
    set.bind(1, alt);
    set.bind(2, name);
    return set.step();
}

void remove_variants(const Db& db, std::string_view name) {
    auto del = db.prepare("DELETE FROM file WHERE variant_of = ? AND variant_of <> ''");
    del.bind(1, name);
    del.step();
}

}  // namespace vitae
