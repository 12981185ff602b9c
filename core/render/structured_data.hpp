// schema.org JSON-LD for the page head: Person on the homepage, and
// ScholarlyArticle on each paper's page. Only what the database holds is
// stated (no sameAs without URLs, no affiliation the content does not give).
// Every string goes through json_string, so the result is safe raw inside
// <script type="application/ld+json">.
#pragma once

#include <string>
#include <string_view>

#include "content.hpp"

namespace vitae {

std::string person_json_ld(const Content& content, std::string_view base_url);

std::string article_json_ld(const Publication& publication, std::string_view page_url);

}  // namespace vitae
