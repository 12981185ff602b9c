#include "cli/commands/file_commands.hpp"

#include <filesystem>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "http/routes.hpp"
#include "picture/upload.hpp"
#include "render/text/accessibility.hpp"
#include "store/model/pdf_access.hpp"
#include "store/model/slug.hpp"
#include "store/rows/content_store.hpp"
#include "store/rows/file_store.hpp"
#include "store/write/edit_log.hpp"
#include "store/write/files.hpp"
#include "store/write/profile.hpp"
#include "store/write/projects.hpp"
#include "store/write/publications.hpp"

namespace vitae::cli {

namespace {

std::string describe(const StoredFile& f) {
    std::string out = f.name + "  " + f.type + "  " + std::to_string(f.size) + " bytes";
    if (f.is_picture()) out += "  " + std::to_string(f.width) + "x" + std::to_string(f.height);
    if (f.type == "application/pdf" && f.variant_of.empty())
        out += !f.pdf.read ? "  (accessibility not read)" : f.pdf.tagged ? "  tagged PDF" : "  untagged PDF";
    return out + "  " + url_for(f);
}

}  // namespace

int run_add_file(const Args& args, std::ostream& out) {
    const std::string& db_path = args.positional[0];
    const std::string& source = args.positional[1];
    std::string name = args.has("--name") ? args.get("--name")
                                          : file_name_from(std::filesystem::path(source).filename().string());
    if (args.has("--photo") && args.get("--alt").empty())
        throw UsageError("add file: --photo needs --alt (what the photo shows, for screen readers)");
    // Read (and a picture's copies made) before the transaction: the site's
    // editor and other commands never wait on a decode.
    Upload upload = read_upload(name, read_file_to_add(source));
    // The picture rule (render/text/accessibility.hpp): described, or said to be decorative.
    bool decorative = args.has("--decorative");
    if (!upload.file.is_picture() && decorative)
        throw UsageError("add file " + in_quotes(name) + ": --decorative is for a picture; this is " + upload.file.type);
    if (upload.file.is_picture())
        if (std::string problem = picture_description_problem(args.get("--alt"), decorative); !problem.empty())
            throw UsageError("add file " + in_quotes(name) + ": " + problem + "; nothing was stored");
    auto db = open_checked(db_path);
    LoggedTransaction transaction(db, cli_editor_name(), {"file", "profile"});
    auto stored = store_upload(db, upload, args.get("--alt"), args.has("--photo") ? ProfilePhoto::yes : ProfilePhoto::no);
    transaction.commit();
    out << "stored " << describe(stored.file) << (args.has("--photo") ? " (the profile photo)" : "");
    if (stored.copies > 0) out << ", and " << stored.copies << " smaller copies (WebP, AVIF)";
    out << "\n";
    for (const auto& problem : pdf_access_problems(stored.file))
        out << "warning: " << stored.file.name << ": " << problem << "\n";
    return 0;
}

int run_ls_files(const Args& args, std::ostream& out) {
    auto db = open_checked(args.positional[0], OpenMode::read_only);
    auto files = list_files(db);
    for (const auto& f : files) out << (f.variant_of.empty() ? "" : "  ") << describe(f) << "\n";
    if (files.empty()) out << "no files in " << args.positional[0] << "\n";
    return 0;
}

int run_rm_file(const Args& args, std::ostream& out) {
    auto db = open_checked(args.positional[0]);
    LoggedTransaction transaction(db, cli_editor_name(), {"file", "profile", "project", "publication"});
    const std::string& name = args.positional[1];
    if (!remove_file(db, name))
        throw Error("rm file " + in_quotes(args.positional[0]) + ": no file named " + in_quotes(name) +
                    " (vitae ls files lists them)");
    // No photo, project picture or paper preview rather than a broken one.
    clear_profile_photo(db, name);
    clear_project_image(db, name);
    clear_publication_preview(db, name);
    transaction.commit();
    out << "removed " << name << "\n";
    return 0;
}

}  // namespace vitae::cli
