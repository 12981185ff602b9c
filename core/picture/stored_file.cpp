#include "picture/stored_file.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "picture/picture_variants.hpp"
#include "store/write/files.hpp"
#include "store/write/profile.hpp"

namespace vitae {

StoredWithCopies store_file(const Db& db, const std::string& name, const std::string& bytes, const std::string& alt,
                            bool photo) {
    StoredWithCopies out{put_file(db, name, bytes, alt), 0};
    remove_variants(db, out.file.name);  // a new version's copies replace the old ones
    if (out.file.is_picture())
        for (const auto& variant : picture_variants(out.file.name, bytes, out.file.width)) {
            put_file(db, variant.name, variant.bytes, out.file.alt, out.file.name);
            ++out.copies;
        }
    if (photo) {
        if (!out.file.is_picture())
            throw Error("add file " + in_quotes(name) + ": a profile photo must be a picture, not " + out.file.type);
        set_profile_photo(db, out.file.name);
    }
    return out;
}

std::string read_file_to_add(const std::string& path) {
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

}  // namespace vitae
