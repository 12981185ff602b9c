#include "file_commands.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "content_store.hpp"
#include "error.hpp"
#include "file_store.hpp"
#include "limits.hpp"
#include "picture_variants.hpp"
#include "log.hpp"
#include "slug.hpp"

namespace vitae::cli {

namespace {

std::string read_file_bytes(const std::string& path) {
    std::error_code ec;
    auto size = std::filesystem::file_size(path, ec);
    if (ec) throw Error("add file: read " + in_quotes(path) + ": " + ec.message());
    if (size > limits::max_file_bytes)
        throw Error("add file " + in_quotes(path) + ": " + std::to_string(size) + " bytes, more than the limit of " +
                    std::to_string(limits::max_file_bytes));
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (!in) throw Error("add file: read " + in_quotes(path) + ": read error");
    return std::move(bytes).str();
}

Db open_for_edit(const std::string& path) {
    auto db = Db::open(path, OpenMode::read_write);
    check_schema_version(db);
    return db;
}

std::string describe(const StoredFile& f) {
    std::string out = f.name + "  " + f.type + "  " + std::to_string(f.size) + " bytes";
    if (f.is_picture()) out += "  " + std::to_string(f.width) + "x" + std::to_string(f.height);
    return out + "  " + f.url();
}

}  // namespace

int run_add_file(const Args& args, std::ostream& out) {
    const std::string& db_path = args.positional[0];
    const std::string& source = args.positional[1];
    std::string name = args.has("--name") ? args.get("--name")
                                          : file_name_from(std::filesystem::path(source).filename().string());
    std::string bytes = read_file_bytes(source);
    auto db = open_for_edit(db_path);
    Transaction transaction(db);
    StoredFile file = put_file(db, name, bytes, args.get("--alt"));
    remove_variants(db, file.name);  // a new version's copies replace the old ones
    std::size_t variants = 0;
    if (file.is_picture())
        for (const auto& variant : picture_variants(file.name, bytes, file.width)) {
            put_file(db, variant.name, variant.bytes, file.alt, file.name);
            ++variants;
        }
    if (args.has("--photo")) {
        if (!file.is_picture()) throw Error("add file " + in_quotes(name) + ": --photo needs a picture, not " + file.type);
        if (file.alt.empty()) throw UsageError("add file: --photo needs --alt (what the photo shows, for screen readers)");
        auto photo = db.prepare("UPDATE profile SET photo = ? WHERE id = 1");
        photo.bind(1, file.name);
        photo.step();
    }
    transaction.commit();
    out << "stored " << describe(file) << (args.has("--photo") ? " (the profile photo)" : "");
    if (variants > 0) out << ", and " << variants << " smaller copies (WebP, AVIF)";
    out << "\n";
    return 0;
}

int run_ls_files(const Args& args, std::ostream& out) {
    auto db = Db::open(args.positional[0], OpenMode::read_only);
    check_schema_version(db);
    auto files = list_files(db);
    for (const auto& f : files) out << (f.variant_of.empty() ? "" : "  ") << describe(f) << "\n";
    if (files.empty()) out << "no files in " << args.positional[0] << "\n";
    return 0;
}

int run_rm_file(const Args& args, std::ostream& out) {
    auto db = open_for_edit(args.positional[0]);
    Transaction transaction(db);
    const std::string& name = args.positional[1];
    if (!remove_file(db, name))
        throw Error("rm file " + in_quotes(args.positional[0]) + ": no file named " + in_quotes(name) +
                    " (vitae ls files lists them)");
    auto photo = db.prepare("UPDATE profile SET photo = '' WHERE id = 1 AND photo = ?");  // no photo rather than a broken one
    photo.bind(1, name);
    photo.step();
    transaction.commit();
    out << "removed " << name << "\n";
    return 0;
}

}  // namespace vitae::cli
