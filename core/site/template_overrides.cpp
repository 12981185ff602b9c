#include "site/template_overrides.hpp"

#include <algorithm>

#include "base/error.hpp"
#include "base/read_file.hpp"
#include "base/log.hpp"
#include "render/template/override_header.hpp"
#include "store/rows/file_store.hpp"

namespace vitae {

namespace {

namespace fs = std::filesystem;

// A prefix is enough to tell two versions apart in a message.
constexpr std::size_t shown_hex = 12;


// The files the loader lays over the shared set (Templates::load).
bool is_override(const fs::path& path) {
    std::string name = path.filename().string();
    return path.extension() == ".mustache" || (name.starts_with("strings.") && name.ends_with(".json"));
}

OverrideReport report_one(const fs::path& shared_dir, const fs::path& path) {
    OverrideReport r{.file = path.filename().string()};
    std::error_code ec;
    fs::path shared = shared_dir / r.file;
    if (auto header = read_override_header(read_whole_file(path))) r.copied_sha256 = header->sha256;
    if (!fs::is_regular_file(shared, ec)) {
        r.state = OverrideReport::State::orphan;
        return r;
    }
    r.shared_sha256 = sha256_hex(read_whole_file(shared));
    if (r.copied_sha256.empty())
        r.state = OverrideReport::State::hand_made;
    else
        r.state = r.copied_sha256 == r.shared_sha256 ? OverrideReport::State::unchanged
                                                     : OverrideReport::State::shared_changed;
    return r;
}

}  // namespace

std::string OverrideReport::message() const {
    std::string head = file + ": overrides the shared " + file;
    switch (state) {
        case State::unchanged:
            return head + ", unchanged since this copy was made";
        case State::shared_changed:
            return head + "; the shared one changed since this copy was made (sha256 " +
                   copied_sha256.substr(0, shown_hex) + "... then, " + shared_sha256.substr(0, shown_hex) +
                   "... now): compare them";
        case State::hand_made:
            return head + "; made by hand: no record of the shared version it replaced";
        case State::orphan:
            break;
    }
    return file + ": overrides " + file + ", which the shared templates do not have (any more): " +
           "rename or remove it; the site's templates are refused until then";
}

std::vector<OverrideReport> check_overrides(const fs::path& shared_dir, const fs::path& overrides_dir) {
    std::error_code ec;
    fs::directory_iterator it(overrides_dir, ec);
    if (ec) throw Error("overrides " + in_quotes(overrides_dir.string()) + ": " + ec.message());
    std::vector<OverrideReport> reports;
    for (const auto& entry : it)
        if (is_override(entry.path()) && entry.is_regular_file(ec)) reports.push_back(report_one(shared_dir, entry.path()));
    std::sort(reports.begin(), reports.end(), [](const auto& a, const auto& b) { return a.file < b.file; });
    return reports;
}

}  // namespace vitae
