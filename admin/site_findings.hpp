// The admin's list of sites shows each site's count of accessibility
// findings (render/views/accessibility_findings.hpp). Counting renders
// every body of a site, so a count is kept per database until its file (or
// its -wal) changes: the list of many sites is read again cheaply.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace vitae {

// None when the database cannot be read (the site's own page says why).
std::optional<std::size_t> site_findings_count(const std::string& db_path);

}  // namespace vitae
