// What each of a site's template overrides is against the shared set it is
// laid over: `vitae check --overrides` prints it, and a worker serving many
// sites can log it per site. The record is the first line `vitae site
// override` writes into its copy (render/template/override_header.hpp): the
// SHA-256 of the shared file's bytes then, compared with its bytes now, so
// an upgrade that changed a template a site overrides is named, not found
// out by a visitor.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace vitae {

struct OverrideReport {
    enum class State {
        unchanged,       // the shared file is as it was when copied
        shared_changed,  // the shared file changed since: a warning, compare them
        hand_made,       // no record of the shared version it replaced
        orphan,          // the shared set has no such file (any more): an error, the site's templates are refused
    };
    std::string file;  // "page.mustache", "strings.de.json": the override's name, and the shared one's
    State state = State::hand_made;
    std::string copied_sha256 = {};  // the shared file's when copied (from the record); empty: none
    std::string shared_sha256 = {};  // the shared file's now; empty for an orphan

    bool is_error() const { return state == State::orphan; }
    bool is_warning() const { return state == State::shared_changed; }
    // One line, naming the file and what to do: "page.mustache: overrides the shared page.mustache; ..."
    std::string message() const;
};

// Every *.mustache and strings.<code>.json in `overrides_dir`, by name.
// Throws Error naming a directory or file that cannot be read.
std::vector<OverrideReport> check_overrides(const std::filesystem::path& shared_dir,
                                            const std::filesystem::path& overrides_dir);

}  // namespace vitae
