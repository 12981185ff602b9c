// TeX math -> MathML Core for titles and abstracts: the constructs real
// titles use (tests/fixtures/bibtex/real), and what is not converted is
// shown as its source, never as broken markup.
#define BOOST_TEST_MODULE math
#include <boost/test/unit_test.hpp>

#include "math.hpp"

using namespace vitae;

namespace {
std::string ml(std::string_view tex) { return tex_to_mathml(tex, false).mathml; }
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
               "<math><mrow><mi>softmax</mi><mo>(</mo><mi>x</mi><mo>)</mo></mrow></math>");
    BOOST_TEST(ml("\\left(\\frac{a}{b}\\right)") ==
               "<math><mrow><mo stretchy=\"true\">(</mo><mfrac><mi>a</mi><mi>b</mi></mfrac><mo stretchy=\"true\">)</mo></mrow></math>");
    BOOST_TEST(ml("\\hat{x}") == "<math><mover accent=\"true\"><mi>x</mi><mo>^</mo></mover></math>");
    BOOST_TEST(tex_to_mathml("E=mc^2", true).mathml.starts_with("<math display=\"block\">"));
}

BOOST_AUTO_TEST_CASE(what_is_not_supported_is_named_and_not_guessed) {
    auto r = tex_to_mathml("\\foo{x}", false);
    BOOST_TEST(r.mathml.empty());
    BOOST_TEST(r.unsupported == "\\foo");
    BOOST_TEST(tex_to_mathml("{x", false).unsupported == "unclosed {");
    BOOST_TEST(tex_to_mathml(std::string(100, '{'), false).mathml.empty());  // nesting is bounded
}

BOOST_AUTO_TEST_CASE(text_with_math_escapes_text_and_converts_spans) {
    BOOST_TEST(text_with_math_html("Fast & <Fair>") == "Fast &amp; &lt;Fair&gt;");  // as Mustache escapes
    BOOST_TEST(text_with_math_html("It's \"x\"") == "It&apos;s &quot;x&quot;");
    BOOST_TEST(text_with_math_html("Jets at $\\sqrt{s}=13$ TeV") ==
               "Jets at <math><mrow><msqrt><mi>s</mi></msqrt><mo>=</mo><mn>13</mn></mrow></math> TeV");
    BOOST_TEST(text_with_math_html("A \\(k\\)-means") == "A <math><mi>k</mi></math>-means");
    BOOST_TEST(text_with_math_html("costs $5 today") == "costs $5 today");  // a lone dollar
    BOOST_TEST(text_with_math_html("see $\\foo<x$") == "see <code class=\"tex\">$\\foo&lt;x$</code>");
    BOOST_TEST(math_problems("a $\\foo$ and $x$") == (std::vector<std::string>{"$\\foo$: \\foo is not supported"}),
               boost::test_tools::per_element());
}
