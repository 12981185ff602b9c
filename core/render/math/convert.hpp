// The TeX -> MathML parser behind tex_to_mathml: recursive descent over the
// formula after macro expansion, each parse step returning the MathML of
// what it read. math_convert.cpp has atoms, scripts, commands and text;
// math_env.cpp the \begin{...} environments and equation numbering.
// Depth is bounded (limits::max_math_depth), so no input recurses without end.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/limits.hpp"
#include "render/math/macros.hpp"
#include "render/math/math.hpp"
#include "render/math/symbols.hpp"
#include "render/text/escape.hpp"

namespace vitae::math {

// What \tag, \notag and \label said about one row that can carry a number.
struct RowInfo {
    std::optional<std::string> tag;  // \tag{...}, as MathML
    std::optional<std::string> tag_text;  // and as text, for \eqref
    bool notag = false;
    std::vector<std::string> labels;
};

// Where a sequence stops (bits): }, ], \right or \middle, a table cell's end, $;
// stop_top: a table may end where the formula ends.
enum Stop : unsigned { stop_end = 0, stop_brace = 1, stop_bracket = 2, stop_right = 4, stop_cell = 8, stop_dollar = 16, stop_top = 32 };

class Converter {
public:
    Converter(std::string_view tex, MathStyle style, MathContext& context);
    std::string run();  // the content of <math>; throws Unsupported

private:
    // What the last atom was, for where its scripts go.
    enum class Limits { scripts, movable, display_only, always };
    // \eqref{x} shows "(3)", \ref{x} "3".
    enum class RefForm { bare, parenthesised };
    // Whether a display environment's rows get equation numbers (align, not align*).
    enum class Numbering { none, numbered };

    // math_convert.cpp
    bool at_end() const { return pos_ >= tex_.size(); }
    char peek() const { return at_end() ? '\0' : tex_[pos_]; }
    void skip_space();
    std::string_view peek_command() const;  // the name of the command at pos_, "" if none
    std::string_view command_name();
    std::string sequence(unsigned stop);
    bool switch_here(std::string_view name, unsigned stop, std::string& out);
    std::string scripted();
    std::string script_argument();
    std::string argument();
    std::string_view raw_group();
    std::optional<std::string_view> raw_optional();
    std::string atom();
    std::string command();
    std::string command_more(std::string_view name);
    std::string letters(char first);
    std::string symbol(const Symbol& s);
    std::string delimiter(std::string_view attributes);
    std::string bracketed();
    std::string fraction(std::string_view name);
    std::string negated();
    std::string operator_name();
    std::string text(Variant variant);
    std::string dimension_space();
    std::string reference(RefForm form);
    void tag_command(std::string_view name);

    // math_env.cpp
    struct Table {
        std::vector<std::vector<std::string>> rows;
        std::vector<RowInfo> info;
    };
    std::string environment();
    std::string_view environment_name();
    void expect_end(std::string_view name);
    // How a table's rows are read.
    struct TableRead {
        bool own_rows = false;              // each row keeps its own \tag and \label (numbered environments)
        MathStyle cells = MathStyle::text;  // the style inside its cells
        unsigned extra_stop = stop_end;     // where else it ends (stop_top: with the formula)
    };
    // How a table is laid out.
    struct TableLayout {
        std::string_view aligns = "c";  // a column's l, r or c; "m": multline's first left, last right
        bool cycle = false;             // the aligns repeat across the columns (align's rl rl...)
        MathStyle style = MathStyle::text;
    };
    Table table(const TableRead& read);
    std::string display_environment(std::string_view base, Numbering numbering);
    std::string render(const Table& t, const TableLayout& layout, const std::vector<std::optional<std::string>>& tags = {});
    std::optional<std::string> row_tag(const RowInfo& info, Numbering numbering);
    std::string tagged(const std::string& body, const RowInfo& info, Numbering numbering);

    std::string expanded_;  // the formula after macro expansion
    std::string_view tex_;
    std::size_t pos_ = 0;
    int depth_ = 0;
    bool display_;        // display style: limits under, \frac large
    Variant variant_ = Variant::none;
    Limits limits_ = Limits::scripts;  // of the last atom
    MathContext& context_;
    RowInfo* row_ = nullptr;  // the row a \tag or \label belongs to
    std::vector<std::pair<std::string, std::string>> new_labels_;  // committed when the formula converts
};

std::string mrow(const std::string& inner, int count);

}  // namespace vitae::math
