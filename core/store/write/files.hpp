// The writer of `file`: add one (checked, typed from its bytes, digested)
// or remove one. `vitae add file`, `rm file` and import-site write through
// it. Inside the caller's transaction.
#pragma once

#include <string_view>

#include "store/model/content.hpp"
#include "store/sqlite/db.hpp"

namespace vitae {

// Checks the name, the size (limits::max_file_bytes) and the type sniffed
// from the bytes (which the name's extension must agree with; an SVG's
// allowlist, a picture's pixel bound: store/model/file_type.hpp): the row it
// would be. Throws Error saying what is wrong. Needs no database, so an
// upload is checked before a transaction opens (picture/upload.hpp).
// `variant_of`: the picture this is a smaller copy of ("" for an owner's file).
StoredFile checked_file(std::string_view name, std::string_view bytes, std::string_view alt,
                        std::string_view variant_of = {});
// checked_file, then adds it or replaces the file of that name.
StoredFile put_file(const Db& db, std::string_view name, std::string_view bytes, std::string_view alt,
                    std::string_view variant_of = {});
// A PDF's accessibility as read when it was added (picture/pdf_facts.hpp);
// put_file forgets the last version's.
void set_pdf_facts(const Db& db, std::string_view name, const PdfFacts& facts);
// False when there is no file of that name. Its variants go with it.
bool remove_file(const Db& db, std::string_view name);
// The web editor's: a stored file's alt text; false when there is no such file.
bool set_file_alt(const Db& db, std::string_view name, std::string_view alt);
// The smaller copies made of picture `name`.
void remove_variants(const Db& db, std::string_view name);

}  // namespace vitae
