// A publication as the work-identity rule (rules/work_identity) sees it:
// its identifiers, title and year, and the one thing its kind tells the
// rule (a preprint, a data set or software, or any other text).
#pragma once

#include <span>
#include <string>

#include "rules/work_identity.hpp"
#include "store/model/content.hpp"

namespace vitae {

WorkForm work_form(PublicationKind kind);

// `versions`: the identifiers its source states are other versions of it.
WorkIdentity identity_of(const Publication& p, std::span<const std::string> versions = {});

}  // namespace vitae
