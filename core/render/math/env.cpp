// \begin{...}...\end{...} for math_convert: matrices, arrays, cases, and the
// amsmath display environments. A table is an <mtable>; & pairs of align
// are right/left columns (columnalign for Firefox and Safari, text-align
// for Chromium, which reads only CSS). Numbered rows get (1), (2)... in post
// order (MathContext::equations) in a last column, with an empty first
// column as wide, so the equation stays centred: MathML Core has no mlabeledtr.
#include <algorithm>
#include <utility>

#include "render/math/convert.hpp"

namespace vitae::math {

namespace {

struct Fenced {
    std::string_view name, open, close;
};
constexpr Fenced matrices[] = {{"matrix", "", ""},    {"pmatrix", "(", ")"}, {"bmatrix", "[", "]"},
                               {"Bmatrix", "{", "}"}, {"vmatrix", "|", "|"}, {"Vmatrix", "‖", "‖"},
                               {"smallmatrix", "", ""}};

// "|c|l@{}r" -> "clr"; p{..} is a left column.
std::string column_spec(std::string_view raw, int depth = 0) {
    std::string spec;
    auto group = [&](std::size_t& i) -> std::string_view {
        while (i < raw.size() && raw[i] == ' ') ++i;
        if (i >= raw.size() || raw[i] != '{') throw Unsupported("an array column spec");
        std::size_t start = ++i;
        for (int d = 0; i < raw.size(); ++i) {
            if (raw[i] == '{') ++d;
            else if (raw[i] == '}' && d-- == 0) break;
        }
        if (i >= raw.size()) throw Unsupported("an array column spec");
        return raw.substr(start, i - start);
    };
    for (std::size_t i = 0; i < raw.size(); ++i) {
        char c = raw[i];
        if (c == 'l' || c == 'c' || c == 'r') spec += c;
        else if (c == 'p' || c == 'm' || c == 'b') ++i, group(i), spec += 'l';
        else if (c == '@' || c == '!' || c == '>' || c == '<') ++i, group(i);
        else if (c == '*') {
            ++i;
            std::string_view count = group(i);
            ++i;
            std::string inner = column_spec(group(i), depth + 1);
            int n = count.size() == 1 && count[0] >= '1' && count[0] <= '9' ? count[0] - '0' : 0;
            if (n == 0 || depth > 2) throw Unsupported("an array column spec");
            for (int k = 0; k < n; ++k) spec += inner;
        } else if (c != '|' && c != ':' && c != ' ') {
            throw Unsupported("an array column spec");
        }
    }
    return spec;
}

}  // namespace

std::string_view Converter::environment_name() {
    std::string_view name = raw_group();
    if (name.size() > limits::max_math_environment_bytes) throw Unsupported("an environment name");
    return name;
}

void Converter::expect_end(std::string_view name) {
    if (peek_command() != "end") throw Unsupported("\\begin{" + std::string(name) + "} without \\end");
    pos_ += 4;
    if (raw_group() != name) throw Unsupported("\\begin{" + std::string(name) + "} ended by another \\end");
}

std::string Converter::environment() {
    std::string env(environment_name());
    if (++depth_ > limits::max_math_depth)
        throw Unsupported("nesting deeper than " + std::to_string(limits::max_math_depth));
    std::string out;
    for (const auto& m : matrices)
        if (env == m.name) {
            std::string tab = render(table({}), {.aligns = "c"});
            if (env == "smallmatrix") tab = "<mstyle scriptlevel=\"1\">" + tab + "</mstyle>";
            if (!m.open.empty())
                tab = "<mrow><mo stretchy=\"true\">" + std::string(m.open) + "</mo>" + tab + "<mo stretchy=\"true\">" +
                      std::string(m.close) + "</mo></mrow>";
            out = tab;
        }
    std::string base = env.ends_with('*') ? env.substr(0, env.size() - 1) : env;
    if (!out.empty()) {
    } else if (env == "array" || env == "darray" || env == "subarray") {
        raw_optional();
        std::string spec = column_spec(raw_group());
        MathStyle cells = env == "darray" ? MathStyle::display : MathStyle::text;
        out = render(table({.cells = cells}), {.aligns = spec, .style = cells});
        if (env == "subarray") out = "<mstyle scriptlevel=\"1\">" + out + "</mstyle>";
    } else if (env == "cases" || env == "dcases" || env == "rcases" || env == "drcases") {
        MathStyle cells = env[0] == 'd' ? MathStyle::display : MathStyle::text;
        std::string tab = render(table({.cells = cells}), {.aligns = "ll", .style = cells});
        out = env.ends_with("rcases") ? "<mrow>" + tab + "<mo stretchy=\"true\">}</mo></mrow>"
                                      : "<mrow><mo stretchy=\"true\">{</mo>" + tab + "</mrow>";
    } else if (base == "aligned" || base == "alignedat" || base == "split" || base == "gathered") {
        if (base == "alignedat") raw_group();
        out = render(table({.cells = MathStyle::display}),
                     {.aligns = base == "gathered" ? "c" : "rl", .cycle = true, .style = MathStyle::display});
    } else if (base == "align" || base == "alignat" || base == "flalign" || base == "eqnarray" || base == "gather" ||
               base == "equation" || base == "multline") {
        out = display_environment(base, base.size() == env.size() ? Numbering::numbered : Numbering::none);
    } else {
        throw Unsupported("\\begin{" + env + "}");
    }
    expect_end(env);
    --depth_;
    return out;
}

// align, gather, equation, multline...: display rows that may carry numbers.
std::string Converter::display_environment(std::string_view base, Numbering numbering) {
    if (base == "alignat") raw_group();
    if (base == "equation") {
        RowInfo info;
        RowInfo* outer = std::exchange(row_, &info);
        bool outer_display = std::exchange(display_, true);
        std::string body = sequence(stop_cell);
        display_ = outer_display;
        row_ = outer;
        if (peek_command() != "end") throw Unsupported("\\\\ or & in equation (split or aligned can)");
        return tagged(body, info, numbering);
    }
    Table t = table({.own_rows = true, .cells = MathStyle::display});
    std::vector<std::optional<std::string>> tags;
    if (base == "multline") {  // one number, on the last row
        RowInfo merged;
        for (const RowInfo& i : t.info) {
            if (i.tag) merged.tag = i.tag, merged.tag_text = i.tag_text;
            merged.notag = merged.notag || i.notag;
            merged.labels.insert(merged.labels.end(), i.labels.begin(), i.labels.end());
        }
        tags.assign(t.rows.size(), std::nullopt);
        tags.back() = row_tag(merged, numbering);
    } else {
        for (const RowInfo& i : t.info) tags.push_back(row_tag(i, numbering));
    }
    if (std::none_of(tags.begin(), tags.end(), [](const auto& tag) { return tag.has_value(); })) tags.clear();
    std::string_view aligns = base == "gather" ? "c" : base == "multline" ? "m" : base == "eqnarray" ? "rcl" : "rl";
    return render(t, {.aligns = aligns, .cycle = aligns == "rl", .style = MathStyle::display}, tags);
}

// Rows of &-separated cells up to \end (or `extra_stop`); a last empty row (a trailing \\) is dropped.
Converter::Table Converter::table(const TableRead& read) {
    Table t;
    bool outer_display = std::exchange(display_, read.cells == MathStyle::display);
    RowInfo* outer_row = row_;
    for (;;) {
        std::vector<std::string> cells;
        RowInfo info;
        if (read.own_rows) row_ = &info;
        for (;;) {
            cells.push_back(sequence(stop_cell | read.extra_stop));
            if (peek() != '&') break;
            ++pos_;
        }
        std::string_view name = peek_command();
        bool more = name == "\\" || name == "cr" || name == "newline";
        if (more) {
            pos_ += 1 + name.size();
            raw_optional();  // \\[2pt]: the extra space is not kept
        } else if (at_end() && !(read.extra_stop & stop_top)) {
            throw Unsupported("\\begin without \\end");
        }
        bool empty = cells.size() == 1 && cells[0] == "<mrow></mrow>" && !info.tag && !info.notag && info.labels.empty();
        if (!(empty && !more && !t.rows.empty())) {
            t.rows.push_back(std::move(cells));
            t.info.push_back(std::move(info));
        }
        if (!more) break;
    }
    row_ = outer_row;
    display_ = outer_display;
    return t;
}

std::string Converter::render(const Table& t, const TableLayout& layout,
                              const std::vector<std::optional<std::string>>& tags) {
    std::string_view aligns = layout.aligns;
    std::size_t columns = 0;
    for (const auto& row : t.rows) columns = std::max(columns, row.size());
    auto align = [&](std::size_t row, std::size_t col) -> char {
        if (aligns == "m") return t.rows.size() == 1 ? 'c' : row == 0 ? 'l' : row + 1 == t.rows.size() ? 'r' : 'c';
        if (layout.cycle) return aligns[col % aligns.size()];
        return col < aligns.size() ? aligns[col] : 'c';
    };
    std::string out = "<mtable";
    if (layout.style == MathStyle::display) out += " displaystyle=\"true\"";
    if (!tags.empty()) out += " style=\"width:100%\"";
    if (aligns != "c" && aligns != "m") {
        std::string list = tags.empty() ? "" : "left ";
        for (std::size_t col = 0; col < columns; ++col)
            list += std::string(col ? " " : "") + (align(0, col) == 'l' ? "left" : align(0, col) == 'r' ? "right" : "center");
        out += " columnalign=\"" + list + (tags.empty() ? "" : " right") + "\"";
    }
    out += ">";
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        out += "<mtr>";
        if (!tags.empty()) out += "<mtd style=\"width:50%\"></mtd>";
        for (std::size_t col = 0; col < columns; ++col) {
            char a = align(r, col);
            std::string style = a == 'c' ? "" : a == 'r' ? "text-align:right" : "text-align:left";
            if (layout.cycle && a != 'c') style += a == 'r' ? ";padding-right:0" : ";padding-left:0";
            out += style.empty() ? "<mtd>" : "<mtd style=\"" + style + "\">";
            if (col < t.rows[r].size()) out += t.rows[r][col];
            out += "</mtd>";
        }
        if (!tags.empty()) out += "<mtd style=\"width:50%;text-align:right\">" + tags[r].value_or("") + "</mtd>";
        out += "</mtr>";
    }
    return out + "</mtable>";
}

// The row's number or \tag, as MathML, and its labels recorded; nothing when it has none.
std::optional<std::string> Converter::row_tag(const RowInfo& info, Numbering numbering) {
    std::optional<std::string> shown;
    std::string text;
    if (info.tag) {
        shown = info.tag;
        text = info.tag_text.value_or("");
    } else if (numbering == Numbering::numbered && !info.notag) {
        text = std::to_string(++context_.equations);
        shown = "<mtext>(" + text + ")</mtext>";
    }
    if (shown)
        for (const auto& label : info.labels) new_labels_.emplace_back(label, text);
    return shown;
}

std::string Converter::tagged(const std::string& body, const RowInfo& info, Numbering numbering) {
    auto tag = row_tag(info, numbering);
    if (!tag) return body;
    Table t;
    t.rows.push_back({body});
    return render(t, {.aligns = "c", .style = MathStyle::display}, {tag});
}

std::string Converter::run() {
    const int equations = context_.equations;
    RowInfo top;
    row_ = &top;
    std::string body = sequence(stop_cell);
    std::string_view name = peek_command();
    if (peek() == '&') throw Unsupported("& outside a table");
    if (name == "end") throw Unsupported("\\end without \\begin");
    if (!at_end()) {  // rows at the top (KaTeX and MathJax take \\ as a line break): centred lines
        pos_ = 0;
        context_.equations = equations;
        new_labels_.clear();
        MathStyle style = display_ ? MathStyle::display : MathStyle::text;
        Table t = table({.cells = style, .extra_stop = stop_top});
        if (!at_end()) throw Unsupported("\\end without \\begin");
        body = render(t, {.aligns = "c", .style = style});
    }
    body = tagged(body, top, Numbering::none);
    for (auto& [label, text] : new_labels_) context_.labels[label] = text;
    return body;
}

}  // namespace vitae::math
