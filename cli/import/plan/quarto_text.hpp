// Quarto's markup in a page's body, taken out so that only what the built
// page shows is left: executable code chunks (```{r}, ```{python}), the
// `:::` lines of fenced divs (the text inside kept), shortcodes
// ({{< ... >}}), and the `when-profile` blocks of the profiles (languages)
// other than the one read.
#pragma once

#include <string>
#include <string_view>

namespace vitae::cli {

// `profile` "": every block kept, whatever its profile.
std::string quarto_text(std::string_view body, std::string_view profile);

// A file Quarto (or R Markdown) renders: .qmd, .rmd, .Rmd.
bool is_quarto_page(std::string_view extension);

}  // namespace vitae::cli
