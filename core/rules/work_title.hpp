// A work's title as a key: case, accents (rules/text_fold), punctuation
// and symbols, white space, TeX (braces, math dollars, commands: \emph{X}
// is X, \"{u} and \"u are u, \o is o) and HTML (tags, character
// references) are not part of it, for a title reaches us typed, from
// BibTeX, from Crossref's JATS (<i>, <sub>) and from INSPIRE's TeX. Spaces
// are dropped too, not only collapsed: sources split compounds differently
// ("Co-operation", "Cooperation"; "pre-trained", "pretrained") and no two
// real titles differ only where their spaces fall. Letters of other
// scripts are kept as they are.
#pragma once

#include <string>
#include <string_view>

namespace vitae {

// "Über {BERT}: a <i>Study</i>!" -> "uber bert a study": the title's words,
// folded, one space between them (what lists of works sort by).
std::string title_words(std::string_view title);
// "Über {BERT}: a <i>Study</i>!" -> "uberbertastudy": the title as compared.
std::string title_key(std::string_view title);

}  // namespace vitae
