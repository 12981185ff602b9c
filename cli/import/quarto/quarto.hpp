// import-site for a Quarto website (`_quarto.yml`, `project: type: website`):
//   - the owner: the `about:` page (index.qmd, else about.qmd): its title
//     (else `website: title`), subtitle, image and `about: links`; the bio
//     its text, or about.qmd's when the index only pulls that in;
//   - listings: a page's `listing: contents:` folders, each file an item of
//     the kind the listing page names (blog, posts -> posts; projects;
//     talks, presentations; publications, papers, research);
//   - .bib files a page reads (`bibliography:`, `bibtex::read.bib("x.bib")`
//     or its name written in the page): publications through import-bibtex,
//     a talks page's as talks, a software page's as software;
//   - every other page: a page of the owner's own (site_pages.cpp).
// Quarto's markup in a body (code chunks, `:::` fenced divs, shortcodes) is
// taken out, the text inside kept; `when-profile` blocks are the languages'
// texts (site_languages.hpp).
#pragma once

#include "cli/import/plan/site_plan.hpp"

namespace vitae::cli {

void read_quarto_site(SitePlan& plan);

}  // namespace vitae::cli
