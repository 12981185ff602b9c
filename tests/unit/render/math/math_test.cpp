// TeX math -> MathML Core for titles and abstracts: the constructs real
// titles use (tests/fixtures/bibtex/real), and what is not converted is
// shown as its source, never as broken markup.
#define BOOST_TEST_MODULE math
#include <boost/test/unit_test.hpp>

#include <regex>

#include "render/math/markdown_math.hpp"
#include "render/math/math.hpp"

using namespace vitae;

namespace {
// What every formula carries (its TeX as alttext and as the x-tex
// annotation, a display formula's tabindex) checked and taken off, so a
// case below compares the MathML of the formula itself.
std::string bare(const std::string& html) {
    static const std::regex speaking(
        "<math( display=\"block\")?( tabindex=\"0\")? alttext=\"([^\"]*)\"><semantics><mrow>(.*?)</mrow>"
        "<annotation encoding=\"application/x-tex\">\\3</annotation></semantics></math>");
    std::string out = std::regex_replace(html, speaking, "<math$1>$4</math>");
    // A display formula, and only one, is focusable (it scrolls in its own box).
    BOOST_TEST(std::regex_search(html, std::regex("<math display=\"block\" alttext|<math tabindex"))  == false);
    return out;
}
std::string ml(std::string_view tex) { return bare(tex_to_mathml(tex, MathStyle::text).mathml); }
}  // namespace

BOOST_AUTO_TEST_CASE(scripts_greek_and_operators) {
    BOOST_TEST(ml("p_T") == "<math><msub><mi>p</mi><mi>T</mi></msub></math>");
    BOOST_TEST(ml("x^2") == "<math><msup><mi>x</mi><mn>2</mn></msup></math>");
    BOOST_TEST(ml("x_i^{2}") == "<math><msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup></math>");
    BOOST_TEST(ml("\\alpha+\\beta") == "<math><mrow><mi>α</mi><mo>+</mo><mi>β</mi></mrow></math>");
    BOOST_TEST(ml("a-b") == "<math><mrow><mi>a</mi><mo>−</mo><mi>b</mi></mrow></math>");
    BOOST_TEST(ml("\\sqrt{s}=13") == "<math><mrow><msqrt><mi>s</mi></msqrt><mo>=</mo><mn>13</mn></mrow></math>");
    BOOST_TEST(ml("x<y") == "<math><mrow><mi>x</mi><mo>&lt;</mo><mi>y</mi></mrow></math>");  // escaped
}

BOOST_AUTO_TEST_CASE(fractions_roots_big_operators_and_fonts) {
    BOOST_TEST(ml("\\frac{1}{2}") == "<math><mfrac><mn>1</mn><mn>2</mn></mfrac></math>");
    BOOST_TEST(ml("\\sqrt[3]{x}") == "<math><mroot><mi>x</mi><mn>3</mn></mroot></math>");
    BOOST_TEST(ml("\\sum_{i=1}^n i") ==
               "<math><mrow><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover>"
               "<mi>i</mi></mrow></math>");
    BOOST_TEST(ml("\\mathbb{R}^d") == "<math><msup><mi>ℝ</mi><mi>d</mi></msup></math>");  // MathML Core: Unicode letters
    BOOST_TEST(ml("\\mathbf{x}") == "<math><mi>𝐱</mi></math>");
    BOOST_TEST(ml("\\mathcal{L}") == "<math><mi>ℒ</mi></math>");
    BOOST_TEST(ml("\\Lambda_{\\rm c}") == "<math><msub><mi>Λ</mi><mi mathvariant=\"normal\">c</mi></msub></math>");
    // \rm switches the rest of its group (INSPIRE's s_{\rm NN}), and only that.
    BOOST_TEST(ml("s_{\\rm NN}x") ==
               "<math><mrow><msub><mi>s</mi><mrow><mi mathvariant=\"normal\">N</mi><mi mathvariant=\"normal\">N</mi>"
               "</mrow></msub><mi>x</mi></mrow></math>");
    BOOST_TEST(ml("\\text{GeV}") == "<math><mtext>GeV</mtext></math>");
    BOOST_TEST(ml("\\operatorname{softmax}(x)") ==
               "<math><mrow><mi>softmax</mi><mo stretchy=\"false\">(</mo><mi>x</mi><mo stretchy=\"false\">)</mo></mrow></math>");
    BOOST_TEST(ml("\\left(\\frac{a}{b}\\right)") ==
               "<math><mrow><mo stretchy=\"true\">(</mo><mfrac><mi>a</mi><mi>b</mi></mfrac><mo stretchy=\"true\">)</mo></mrow></math>");
    BOOST_TEST(ml("\\hat{x}") == "<math><mover accent=\"true\"><mi>x</mi><mo>^</mo></mover></math>");
    BOOST_TEST(bare(tex_to_mathml("E=mc^2", MathStyle::display).mathml).starts_with("<math display=\"block\">"));
}

BOOST_AUTO_TEST_CASE(every_formula_speaks_its_tex_and_display_math_is_focusable) {
    BOOST_TEST(tex_to_mathml(" x<y ", MathStyle::text).mathml ==
               "<math alttext=\"x&lt;y\"><semantics><mrow><mrow><mi>x</mi><mo>&lt;</mo><mi>y</mi></mrow></mrow>"
               "<annotation encoding=\"application/x-tex\">x&lt;y</annotation></semantics></math>");
    BOOST_TEST(tex_to_mathml("E=mc^2", MathStyle::display).mathml.starts_with(
        "<math display=\"block\" tabindex=\"0\" alttext=\"E=mc^2\"><semantics><mrow>"));
    BOOST_TEST(text_with_math_html("A \\(k\\)-means") ==
               "A <math alttext=\"k\"><semantics><mrow><mi>k</mi></mrow><annotation encoding=\"application/x-tex\">k"
               "</annotation></semantics></math>-means");
}

BOOST_AUTO_TEST_CASE(what_is_not_supported_is_named_and_not_guessed) {
    auto r = tex_to_mathml("\\foo{x}", MathStyle::text);
    BOOST_TEST(r.mathml.empty());
    BOOST_TEST(r.unsupported == "\\foo");
    BOOST_TEST(tex_to_mathml("{x", MathStyle::text).unsupported == "unclosed {");
    BOOST_TEST(bare(tex_to_mathml(std::string(100, '{'), MathStyle::text).mathml).empty());  // nesting is bounded
}

BOOST_AUTO_TEST_CASE(text_with_math_escapes_text_and_converts_spans) {
    BOOST_TEST(bare(text_with_math_html("Fast & <Fair>")) == "Fast &amp; &lt;Fair&gt;");  // as Mustache escapes
    BOOST_TEST(bare(text_with_math_html("It's \"x\"")) == "It&apos;s &quot;x&quot;");
    BOOST_TEST(bare(text_with_math_html("Jets at $\\sqrt{s}=13$ TeV")) ==
               "Jets at <math><mrow><msqrt><mi>s</mi></msqrt><mo>=</mo><mn>13</mn></mrow></math> TeV");
    BOOST_TEST(bare(text_with_math_html("A \\(k\\)-means")) == "A <math><mi>k</mi></math>-means");
    BOOST_TEST(bare(text_with_math_html("costs $5 today")) == "costs $5 today");  // a lone dollar
    BOOST_TEST(bare(text_with_math_html("see $\\foo<x$")) == "see <code class=\"tex\">$\\foo&lt;x$</code>");
    BOOST_TEST(math_problems("a $\\foo$ and $x$") == (std::vector<std::string>{"$\\foo$: \\foo is not supported"}),
               boost::test_tools::per_element());
}

// Posts: what ML and systems posts write.

namespace {
std::string display(std::string_view tex) { return bare(tex_to_mathml(tex, MathStyle::display).mathml); }
bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }
bool converts(std::string_view tex) { return !bare(tex_to_mathml(tex, MathStyle::display).mathml).empty(); }
constexpr std::string_view paren_open = "<mo stretchy=\"false\">(</mo>", paren_close = "<mo stretchy=\"false\">)</mo>";
}  // namespace

BOOST_AUTO_TEST_CASE(softmax_macro_defined_in_the_formula_is_expanded) {
    BOOST_TEST(display("\\newcommand{\\softmax}{\\operatorname{softmax}}\\softmax(z)_i") ==
               "<math display=\"block\"><mrow><mi>softmax</mi>" + std::string(paren_open) + "<mi>z</mi>" +
                   "<msub><mo stretchy=\"false\">)</mo><mi>i</mi></msub></mrow></math>");
}

BOOST_AUTO_TEST_CASE(linear_attention_keeps_plain_parentheses_unstretched) {
    BOOST_TEST(ml("\\phi(Q)(\\phi(K)^\\top V)") ==
               "<math><mrow><mi>ϕ</mi>" + std::string(paren_open) + "<mi>Q</mi>" + std::string(paren_close) +
                   std::string(paren_open) + "<mi>ϕ</mi>" + std::string(paren_open) + "<mi>K</mi><msup>" +
                   std::string(paren_close) + "<mi>⊤</mi></msup><mi>V</mi>" + std::string(paren_close) +
                   "</mrow></math>");
}

BOOST_AUTO_TEST_CASE(aligned_pairs_are_right_left_table_columns) {
    BOOST_TEST(display("\\begin{aligned} a &= b \\\\ c &= d \\end{aligned}") ==
               "<math display=\"block\"><mtable displaystyle=\"true\" columnalign=\"right left\">"
               "<mtr><mtd style=\"text-align:right;padding-right:0\"><mi>a</mi></mtd>"
               "<mtd style=\"text-align:left;padding-left:0\"><mrow><mo>=</mo><mi>b</mi></mrow></mtd></mtr>"
               "<mtr><mtd style=\"text-align:right;padding-right:0\"><mi>c</mi></mtd>"
               "<mtd style=\"text-align:left;padding-left:0\"><mrow><mo>=</mo><mi>d</mi></mrow></mtd></mtr>"
               "</mtable></math>");
}

BOOST_AUTO_TEST_CASE(cases_is_a_brace_before_left_aligned_rows) {
    BOOST_TEST(ml("\\begin{cases} 1 & x > 0 \\\\ 0 & \\text{else} \\end{cases}") ==
               "<math><mrow><mo stretchy=\"true\">{</mo><mtable columnalign=\"left left\">"
               "<mtr><mtd style=\"text-align:left\"><mn>1</mn></mtd>"
               "<mtd style=\"text-align:left\"><mrow><mi>x</mi><mo>&gt;</mo><mn>0</mn></mrow></mtd></mtr>"
               "<mtr><mtd style=\"text-align:left\"><mn>0</mn></mtd>"
               "<mtd style=\"text-align:left\"><mtext>else</mtext></mtd></mtr></mtable></mrow></math>");
}

BOOST_AUTO_TEST_CASE(pmatrix_is_a_table_in_stretchy_parentheses) {
    BOOST_TEST(ml("\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}") ==
               "<math><mrow><mo stretchy=\"true\">(</mo><mtable><mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr>"
               "<mtr><mtd><mi>c</mi></mtd><mtd><mi>d</mi></mtd></mtr></mtable><mo stretchy=\"true\">)</mo></mrow></math>");
    BOOST_TEST(ml("\\begin{bmatrix} 1 \\end{bmatrix}").find("<mo stretchy=\"true\">[</mo>") != std::string::npos);
    BOOST_TEST(ml("\\begin{vmatrix} 1 \\end{vmatrix}").find("<mo stretchy=\"true\">|</mo>") != std::string::npos);
    BOOST_TEST(ml("\\begin{Vmatrix} 1 \\end{Vmatrix}").find("<mo stretchy=\"true\">‖</mo>") != std::string::npos);
    BOOST_TEST(ml("\\begin{Bmatrix} 1 \\end{Bmatrix}").find("<mo stretchy=\"true\">{</mo>") != std::string::npos);
    BOOST_TEST(ml("\\begin{smallmatrix} 1 \\end{smallmatrix}").starts_with("<math><mstyle scriptlevel=\"1\">"));
    BOOST_TEST(ml("\\begin{array}{|l|r|} a & b \\end{array}").find("columnalign=\"left right\"") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(macro_defined_in_one_formula_serves_a_later_one) {
    MathContext post;
    BOOST_TEST(bare(tex_to_mathml("\\newcommand{\\R}{\\mathbb{R}}\\def\\norm#1{\\lVert #1 \\rVert}", MathStyle::text, post).mathml) ==
               "<math><mrow></mrow></math>");
    BOOST_TEST(bare(tex_to_mathml("\\norm{x} \\in \\R", MathStyle::text, post).mathml) ==
               "<math><mrow><mo stretchy=\"false\">‖</mo><mi>x</mi><mo stretchy=\"false\">‖</mo><mo>∈</mo>"
               "<mi>ℝ</mi></mrow></math>");
    BOOST_TEST(tex_to_mathml("\\norm{x}", MathStyle::text).unsupported == "\\norm");  // not in a fresh context
    BOOST_TEST(bare(tex_to_mathml("\\DeclareMathOperator*{\\argmax}{arg\\,max}\\argmax_x f", MathStyle::display, post).mathml) ==
               "<math display=\"block\"><mrow><munder><mrow><mi mathvariant=\"normal\">a</mi>"
               "<mi mathvariant=\"normal\">r</mi><mi mathvariant=\"normal\">g</mi><mspace width=\"0.1667em\"></mspace>"
               "<mi mathvariant=\"normal\">m</mi><mi mathvariant=\"normal\">a</mi><mi mathvariant=\"normal\">x</mi>"
               "</mrow><mi>x</mi></munder><mi>f</mi></mrow></math>");
    BOOST_TEST(bare(tex_to_mathml("\\renewcommand{\\R}[1][n]{\\mathbb{R}^{#1}}\\R \\R[d]", MathStyle::text, post).mathml) ==
               "<math><mrow><msup><mi>ℝ</mi><mi>n</mi></msup><msup><mi>ℝ</mi><mi>d</mi></msup></mrow></math>");
}

BOOST_AUTO_TEST_CASE(recursive_macros_stop_with_a_problem) {
    BOOST_TEST(tex_to_mathml("\\def\\x{\\x x}\\x", MathStyle::text).unsupported.starts_with("macro expansion over 2000 steps"));
    BOOST_TEST(bare(tex_to_mathml("\\def\\a{\\a\\a}\\a", MathStyle::text).mathml).empty());
    BOOST_TEST(tex_to_mathml("\\def\\a#1{#1#1#1#1#1#1#1#1#1#1}\\a{\\a{\\a{\\a{xxxxxxxxxx}}}}", MathStyle::text)
                   .unsupported.starts_with("a formula over 64 KiB"));
}

BOOST_AUTO_TEST_CASE(numbered_environments_count_through_the_post) {
    MathContext post;
    std::string first = bare(tex_to_mathml("\\begin{equation} E = mc^2 \\label{eq:e} \\end{equation}", MathStyle::display, post).mathml);
    BOOST_TEST(first ==
               "<math display=\"block\"><mtable displaystyle=\"true\" style=\"width:100%\"><mtr><mtd style=\"width:50%\">"
               "</mtd><mtd><mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow></mtd>"
               "<mtd style=\"width:50%;text-align:right\"><mtext>(1)</mtext></mtd></mtr></mtable></math>");
    std::string align = bare(tex_to_mathml("\\begin{align} a &= 1 \\\\ b &= 2 \\nonumber \\\\ c &= 3 \\tag{$\\ast$} \\\\ "
                                      "d &= 4 \\label{eq:d} \\end{align}", MathStyle::display, post).mathml);
    BOOST_TEST(align.find("<mtext>(2)</mtext>") != std::string::npos);
    BOOST_TEST(align.find("<mtext>(3)</mtext>") != std::string::npos);  // \nonumber skipped a number, \tag too
    BOOST_TEST(align.find("<mtext>(4)</mtext>") == std::string::npos);
    BOOST_TEST(align.find("<mo>∗</mo><mtext>)</mtext>") != std::string::npos);
    BOOST_TEST(bare(tex_to_mathml("\\eqref{eq:e}, \\ref{eq:d}", MathStyle::text, post).mathml) ==
               "<math><mrow><mtext>(1)</mtext><mo>,</mo><mtext>3</mtext></mrow></math>");
    BOOST_TEST(!has(bare(tex_to_mathml("\\begin{align*} a &= 1 \\end{align*}", MathStyle::display, post).mathml), "<mtext>("));
    BOOST_TEST(bare(tex_to_mathml("\\begin{equation} \\foo \\end{equation}", MathStyle::display, post).mathml).empty());
    BOOST_TEST(post.equations == 3);  // the one that failed gave no number
    BOOST_TEST(has(bare(tex_to_mathml("x \\tag{A}", MathStyle::display).mathml), "<mtext>(A)</mtext>"));
}

BOOST_AUTO_TEST_CASE(a_post_shares_macros_and_numbers_and_resolves_later_labels) {
    std::string html = bare(markdown_with_math_to_html(
        "By $\\eqref{eq:two}$, $\\newcommand{\\E}{\\mathbb{E}}\\E[x]$.\n\n"
        "$$\\begin{equation} x = 1 \\end{equation}$$\n\n"
        "$$\\begin{equation} \\E[y] = 2 \\label{eq:two} \\end{equation}$$\n"));
    BOOST_TEST(has(html, "<mi>𝔼</mi>"));
    BOOST_TEST(has(html, "<mtext>(2)</mtext></mtd>"));
    BOOST_TEST(!has(html, "eq:two"));  // the reference before the label shows its number: (2) twice
    BOOST_TEST(markdown_math_problems("$\\newcommand{\\E}{\\mathbb{E}}$ and $\\E$").empty());
}

BOOST_AUTO_TEST_CASE(scripts_limits_and_fractions_follow_display_style) {
    BOOST_TEST(display("\\lim_{n\\to\\infty} x").starts_with("<math display=\"block\"><mrow><munder><mi>lim</mi>"));
    BOOST_TEST(ml("\\lim_{n\\to\\infty} x").starts_with("<math><mrow><msub><mi>lim</mi>"));
    BOOST_TEST(ml("\\int_0^1 f").starts_with("<math><mrow><msubsup><mo>∫</mo>"));
    BOOST_TEST(ml("\\int\\limits_0^1 f").starts_with("<math><mrow><munderover><mo>∫</mo>"));
    BOOST_TEST(ml("\\sum\\nolimits_i x").starts_with("<math><mrow><msub><mo>∑</mo>"));
    BOOST_TEST(ml("\\dfrac{a}{b}") == "<math><mstyle displaystyle=\"true\" scriptlevel=\"0\"><mfrac><mi>a</mi><mi>b</mi>"
                                      "</mfrac></mstyle></math>");
    BOOST_TEST(ml("\\binom{n}{k}") == "<math><mrow><mo stretchy=\"true\">(</mo><mfrac linethickness=\"0\"><mi>n</mi>"
                                      "<mi>k</mi></mfrac><mo stretchy=\"true\">)</mo></mrow></math>");
    BOOST_TEST(ml("a \\over b") == "<math><mfrac><mi>a</mi><mi>b</mi></mfrac></math>");
    BOOST_TEST(ml("f''(x)").starts_with("<math><mrow><msup><mi>f</mi><mo>′′</mo></msup>"));
    BOOST_TEST(tex_to_mathml("x_a_b", MathStyle::text).unsupported == "a double subscript");
}

BOOST_AUTO_TEST_CASE(accents_braces_and_stacked_scripts) {
    BOOST_TEST(ml("\\widehat{xy}") == "<math><mover accent=\"true\"><mrow><mi>x</mi><mi>y</mi></mrow>"
                                      "<mo stretchy=\"true\">^</mo></mover></math>");
    BOOST_TEST(ml("\\underline{x}") == "<math><munder accentunder=\"true\"><mi>x</mi><mo stretchy=\"true\">‾</mo>"
                                       "</munder></math>");
    BOOST_TEST(ml("\\underbrace{a+b}_{n}") ==
               "<math><munder><munder accentunder=\"true\"><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow>"
               "<mo stretchy=\"true\">⏟</mo></munder><mi>n</mi></munder></math>");
    BOOST_TEST(ml("\\overset{!}{=}") == "<math><mover><mo>=</mo><mo>!</mo></mover></math>");
    BOOST_TEST(ml("\\underset{x}{\\arg\\max}").starts_with("<math><munder><mrow><mi>arg</mi><mi>max</mi></mrow>"));
    BOOST_TEST(ml("\\stackrel{d}{=}") == "<math><mover><mo>=</mo><mi>d</mi></mover></math>");
    BOOST_TEST(has(ml("\\vec{v}\\dot{x}\\ddot{x}\\tilde{x}\\bar{x}\\overline{AB}"), "<mo stretchy=\"true\">‾</mo>"));
}

BOOST_AUTO_TEST_CASE(delimiters_left_middle_right_and_big) {
    BOOST_TEST(ml("\\left\\{ x \\middle| x > 0 \\right\\}") ==
               "<math><mrow><mo stretchy=\"true\">{</mo><mi>x</mi><mo stretchy=\"true\">|</mo><mrow><mi>x</mi>"
               "<mo>&gt;</mo><mn>0</mn></mrow><mo stretchy=\"true\">}</mo></mrow></math>");
    BOOST_TEST(ml("\\left\\langle a \\right.") ==
               "<math><mrow><mo stretchy=\"true\">⟨</mo><mi>a</mi><mrow></mrow></mrow></math>");
    BOOST_TEST(ml("\\big( \\Big[") == "<math><mrow><mo minsize=\"1.2em\" maxsize=\"1.2em\" stretchy=\"true\">(</mo>"
                                      "<mo minsize=\"1.623em\" maxsize=\"1.623em\" stretchy=\"true\">[</mo></mrow></math>");
    BOOST_TEST(has(ml("\\lVert x \\rVert_2"), "<msub><mo stretchy=\"false\">‖</mo><mn>2</mn></msub>"));
    BOOST_TEST(tex_to_mathml("\\left( x", MathStyle::text).unsupported == "\\left without \\right");
}

BOOST_AUTO_TEST_CASE(fonts_greek_variants_and_symbols) {
    BOOST_TEST(ml("\\boldsymbol{\\theta}") == "<math><mi>𝜽</mi></math>");
    BOOST_TEST(ml("\\mathbf{W}\\mathfrak{g}\\mathsf{A}\\mathtt{x}") ==
               "<math><mrow><mi>𝐖</mi><mi>𝔤</mi><mi>𝖠</mi><mi>𝚡</mi></mrow></math>");
    BOOST_TEST(ml("\\varepsilon\\vartheta\\varphi\\varsigma") ==
               "<math><mrow><mi>ε</mi><mi>ϑ</mi><mi>φ</mi><mi>ς</mi></mrow></math>");
    BOOST_TEST(ml("A^\\intercal \\odot B \\otimes C \\oplus D") ==
               "<math><mrow><msup><mi>A</mi><mo>⊺</mo></msup><mo>⊙</mo><mi>B</mi><mo>⊗</mo><mi>C</mi><mo>⊕</mo>"
               "<mi>D</mi></mrow></math>");
    BOOST_TEST(ml("x \\sim p \\approx q \\propto r \\mid s") ==
               "<math><mrow><mi>x</mi><mo>∼</mo><mi>p</mi><mo>≈</mo><mi>q</mi><mo>∝</mo><mi>r</mi><mo>∣</mo>"
               "<mi>s</mi></mrow></math>");
    BOOST_TEST(has(ml("\\forall x \\exists y: y \\subseteq \\emptyset \\cup \\{0\\}"), "<mo>⊆</mo><mi>∅</mi><mo>∪</mo>"));
    BOOST_TEST(ml("\\not\\in \\not= \\not\\subset") == "<math><mrow><mo>∉</mo><mo>≠</mo><mo>⊄</mo></mrow></math>");
    BOOST_TEST(ml("\\cdots \\ldots \\vdots \\ddots") ==
               "<math><mrow><mo>⋯</mo><mo>…</mo><mo>⋮</mo><mo>⋱</mo></mrow></math>");
    BOOST_TEST(ml("50\\% \\$ \\& \\#") == "<math><mrow><mn>50</mn><mi>%</mi><mi>$</mi><mi>&amp;</mi><mi>#</mi></mrow></math>");
    BOOST_TEST(ml("α → β") == "<math><mrow><mi>α</mi><mo>→</mo><mi>β</mi></mrow></math>");
}

BOOST_AUTO_TEST_CASE(text_spacing_and_colour) {
    BOOST_TEST(ml("\\text{if } x") == "<math><mrow><mtext>if\u00A0</mtext><mi>x</mi></mrow></math>");
    BOOST_TEST(ml("\\text{for $i$ in}") ==
               "<math><mrow><mtext>for\u00A0</mtext><mi>i</mi><mtext>\u00A0in</mtext></mrow></math>");
    BOOST_TEST(ml("\\textbf{loss}") == "<math><mtext style=\"font-weight:bold\">loss</mtext></math>");
    BOOST_TEST(ml("a\\,b\\;c\\!d\\quad e~f") ==
               "<math><mrow><mi>a</mi><mspace width=\"0.1667em\"></mspace><mi>b</mi><mspace width=\"0.2778em\">"
               "</mspace><mi>c</mi><mspace width=\"-0.1667em\"></mspace><mi>d</mi><mspace width=\"1em\"></mspace>"
               "<mi>e</mi><mspace width=\"0.3333em\"></mspace><mi>f</mi></mrow></math>");
    BOOST_TEST(ml("{\\color{red} x} y") == "<math><mrow><mstyle mathcolor=\"red\"><mi>x</mi></mstyle><mi>y</mi></mrow></math>");
    BOOST_TEST(ml("\\color{\"><script>} x") == "<math><mstyle><mi>x</mi></mstyle></math>");  // not a colour: dropped
    BOOST_TEST(ml("\\textcolor{blue}{x}") == "<math><mstyle mathcolor=\"blue\"><mi>x</mi></mstyle></math>");
    BOOST_TEST(ml("\\sqrt[n]{x}") == "<math><mroot><mi>x</mi><mi>n</mi></mroot></math>");
    BOOST_TEST(ml("\\text{<b>&</b>}") == "<math><mtext>&lt;b&gt;&amp;&lt;/b&gt;</mtext></math>");
}

BOOST_AUTO_TEST_CASE(display_environments_and_top_level_rows) {
    for (auto env : {"align", "align*", "gather", "gather*", "equation", "equation*", "multline", "multline*",
                     "aligned", "split", "gathered", "alignat*"}) {
        std::string args = std::string_view(env).starts_with("alignat") ? "{1}" : "";
        std::string body = std::string_view(env).starts_with("equation") || std::string_view(env).starts_with("mult")
                               ? "a = b" : "a &= b \\\\ c &= d";
        if (std::string_view(env).starts_with("gather")) body = "a = b \\\\ c = d";
        if (std::string_view(env).starts_with("mult")) body = "a + b \\\\ + c";
        BOOST_TEST(converts("\\begin{" + std::string(env) + "}" + args + body + "\\end{" + env + "}"), env);
    }
    BOOST_TEST(converts("\\begin{equation}\\begin{split} a &= b \\\\ &= c \\end{split}\\end{equation}"));
    BOOST_TEST(converts("\\begin{dcases} a & b \\end{dcases}"));
    BOOST_TEST(display("a \\\\ b").starts_with("<math display=\"block\"><mtable displaystyle=\"true\"><mtr><mtd><mi>a</mi>"));
    BOOST_TEST(tex_to_mathml("\\begin{tikzcd} A \\end{tikzcd}", MathStyle::display).unsupported == "\\begin{tikzcd}");
    BOOST_TEST(bare(tex_to_mathml("\\begin{aligned} a \\end{align}", MathStyle::display).mathml).empty());
    BOOST_TEST(tex_to_mathml("a & b", MathStyle::display).unsupported == "& outside a table");
}

BOOST_AUTO_TEST_CASE(hostile_input_never_crashes_or_hangs) {
    BOOST_TEST(bare(tex_to_mathml(std::string(5000, '{'), MathStyle::text).mathml).empty());
    std::string nested;
    for (int i = 0; i < 2000; ++i) nested += "\\sqrt[";
    BOOST_TEST(bare(tex_to_mathml(nested, MathStyle::text).mathml).empty());
    std::string envs;
    for (int i = 0; i < 500; ++i) envs += "\\begin{matrix}";
    BOOST_TEST(bare(tex_to_mathml(envs, MathStyle::text).mathml).empty());
    BOOST_TEST(bare(tex_to_mathml("\\text{\\text{\\text{", MathStyle::text).mathml).empty());
    BOOST_TEST(bare(tex_to_mathml("\\left", MathStyle::text).mathml).empty());
    BOOST_TEST(bare(tex_to_mathml("\\newcommand", MathStyle::text).mathml).empty());
    BOOST_TEST(bare(tex_to_mathml("\\def\\a#2{}", MathStyle::text).mathml).empty());
    BOOST_TEST(bare(tex_to_mathml(std::string("x\0y", 3), MathStyle::text).mathml).empty());
    BOOST_TEST(math_span_html("$\\foo<$", "\\foo<", MathStyle::text) == "<code class=\"tex\">$\\foo&lt;$</code>");
}
