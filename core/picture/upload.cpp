#include "picture/upload.hpp"

#include <filesystem>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "base/read_file.hpp"
#include "picture/pdf_facts.hpp"
#include "store/write/files.hpp"
#include "store/write/profile.hpp"

namespace vitae {

Upload read_upload(std::string name, std::string bytes) {
    Upload upload{.file = checked_file(name, bytes, ""), .bytes = std::move(bytes), .copies = {}};
    if (upload.file.is_picture() && has_copies(upload.file.type))
        upload.copies = picture_copies(upload.file.name, upload.bytes, upload.file.width);
    if (upload.file.type == "application/pdf") upload.file.pdf = pdf_facts(upload.file.name, upload.bytes);
    return upload;
}

StoredWithCopies store_upload(const Db& db, const Upload& upload, std::string_view alt, ProfilePhoto photo) {
    const std::string& name = upload.file.name;
    if (photo == ProfilePhoto::yes && !upload.file.is_picture())
        throw Error("add file " + in_quotes(name) + ": a profile photo must be a picture, not " + upload.file.type);
    StoredWithCopies out{put_file(db, name, upload.bytes, alt), 0};
    if (upload.file.pdf.read) {
        set_pdf_facts(db, name, upload.file.pdf);
        out.file.pdf = upload.file.pdf;
    }
    remove_variants(db, name);  // a new version's copies replace the old ones
    std::string stem = name.substr(0, name.rfind('.'));
    for (const auto& copy : upload.copies) {
        put_file(db, stem + "-" + std::to_string(copy.width) + "w." + copy.extension, copy.bytes, out.file.alt, name);
        ++out.copies;
    }
    if (photo == ProfilePhoto::yes) set_profile_photo(db, name);
    return out;
}

std::string read_file_to_add(const std::string& path) { return read_whole_file(path, limits::max_file_bytes); }

}  // namespace vitae
