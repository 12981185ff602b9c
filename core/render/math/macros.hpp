// User macros in TeX math, as posts define them: \newcommand, \renewcommand,
// \providecommand, \def (#1..#9), \let and \DeclareMathOperator(*). The
// definitions are taken out of the formula and kept in the post's
// MathMacros, so a later formula can use them; uses are expanded as text
// before the formula is parsed. Expansion is bounded (count and bytes), so a
// recursive \def ends as a problem, never as a hang.
#pragma once

#include <string>
#include <string_view>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "render/math/math.hpp"

namespace vitae::math {

// What the converter cannot do; what() names it ("\foo", "unclosed {").
struct Unsupported : Error {
    using Error::Error;
};

// `tex` with every definition removed (and recorded in `macros`) and every
// use of a recorded macro replaced by its body. Throws Unsupported.
std::string expand_macros(std::string_view tex, MathMacros& macros);

}  // namespace vitae::math
