// The one way a file comes in: `vitae add file`, import-site and the
// editor's upload all read it with read_upload and store it with
// store_upload. Reading does the slow work and needs no database: the name
// and size checked, the type sniffed from the bytes (an SVG parsed against
// its allowlist, a picture's size read from its header and held to
// limits::max_picture_pixels before anything decodes it), then a picture's
// smaller copies made (picture_copies.hpp: libvips in a bounded child), a
// PDF's accessibility read (pdf_facts.hpp: qpdf in a bounded child; one qpdf
// cannot read is refused, an untagged one kept and flagged).
// Storing only writes rows, inside the caller's transaction: a save holds
// the site's write lock for milliseconds, never for a decode.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "picture/picture_copies.hpp"
#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

struct Upload {
    StoredFile file;     // the row it will be: name, type, size, digest, width and height, a PDF's facts
    std::string bytes;
    std::vector<PictureCopy> copies;
};

// The bytes of the file at `path` to store, refusing one over
// limits::max_file_bytes before reading it. Throws Error naming the path.
std::string read_file_to_add(const std::string& path);

// Throws Error saying what is wrong (and naming the bound it is over).
Upload read_upload(std::string name, std::string bytes);

enum class ProfilePhoto { no, yes };

struct StoredWithCopies {
    StoredFile file;
    std::size_t copies = 0;
};

// Stores it (replacing a file of that name; the old copies go) and its
// copies as <name>-<width>w.<webp|avif>; with ProfilePhoto::yes it becomes
// the profile photo. Throws Error for a photo that is not a picture.
StoredWithCopies store_upload(const Db& db, const Upload& upload, std::string_view alt, ProfilePhoto photo);

}  // namespace vitae
