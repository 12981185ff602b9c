#define BOOST_TEST_MODULE cli_latex
#include <boost/test/unit_test.hpp>

#include "base/error.hpp"
#include "render/cite/latex.hpp"
#include "render/cite/latex_table.hpp"

using namespace vitae;

namespace {

std::size_t utf8_chars(std::string_view s) {
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

std::string decode_error(std::string_view tex) {
    try {
        latex_to_utf8(tex);
    } catch (const Error& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

BOOST_AUTO_TEST_CASE(decodes_accents_in_every_spelling) {
    BOOST_TEST(latex_to_utf8(R"({\"o})") == "ö");
    BOOST_TEST(latex_to_utf8(R"(\"o)") == "ö");
    BOOST_TEST(latex_to_utf8(R"(\"{o})") == "ö");
    BOOST_TEST(latex_to_utf8(R"(\'e)") == "é");
    BOOST_TEST(latex_to_utf8(R"(\`{a})") == "à");
    BOOST_TEST(latex_to_utf8(R"(\~n)") == "ñ");
    BOOST_TEST(latex_to_utf8(R"(\^{o})") == "ô");
    BOOST_TEST(latex_to_utf8(R"(\c{c})") == "ç");
    BOOST_TEST(latex_to_utf8(R"(\c c)") == "ç");
    BOOST_TEST(latex_to_utf8(R"(\v{s})") == "š");
    BOOST_TEST(latex_to_utf8(R"(\v s)") == "š");
    BOOST_TEST(latex_to_utf8(R"(\H{o})") == "ő");
    BOOST_TEST(latex_to_utf8(R"(\k{a})") == "ą");
    BOOST_TEST(latex_to_utf8(R"(\r{u})") == "ů");
    BOOST_TEST(latex_to_utf8(R"(\={a})") == "ā");
    BOOST_TEST(latex_to_utf8(R"(\.{z})") == "ż");
    BOOST_TEST(latex_to_utf8(R"(\u{g})") == "ğ");
    BOOST_TEST(latex_to_utf8(R"(\'{\i})") == "í");
    BOOST_TEST(latex_to_utf8(R"(\"\i)") == "ï");
}

BOOST_AUTO_TEST_CASE(decodes_letters_without_a_precomposed_form_with_a_combining_mark) {
    BOOST_TEST(latex_to_utf8(R"(\v{q})") == "q\u030C");
    BOOST_TEST(latex_to_utf8(R"(\d{s})") == "s\u0323");
}

BOOST_AUTO_TEST_CASE(decodes_named_letters_and_symbols) {
    BOOST_TEST(latex_to_utf8(R"({\aa})") == "å");
    BOOST_TEST(latex_to_utf8(R"(\AA{}ngstr\"om)") == "Ångström");
    BOOST_TEST(latex_to_utf8(R"(Stra\ss e)") == "Straße");  // a control word eats the space after it
    BOOST_TEST(latex_to_utf8(R"({\o}ystein {\L}ukasz {\ae}sir)") == "øystein Łukasz æsir");
    BOOST_TEST(latex_to_utf8(R"(50\% \& \$5 \#1 a\_b \{x\})") == "50% & $5 #1 a_b {x}");
    BOOST_TEST(latex_to_utf8(R"(\textbackslash{}n \textasciitilde{} \textasciicircum{})") == "\\n ~ ^");
    BOOST_TEST(latex_to_utf8(R"(\^{} \~{})") == "^ ~");
    BOOST_TEST(latex_to_utf8(R"(Wait\ldots{} done)") == "Wait… done");
}

BOOST_AUTO_TEST_CASE(removes_protecting_braces_and_font_commands) {
    BOOST_TEST(latex_to_utf8("{CausalMesh}: A {C}ausal Cache") == "CausalMesh: A Causal Cache");
    BOOST_TEST(latex_to_utf8("{{Double}}") == "Double");
    BOOST_TEST(latex_to_utf8(R"(\textsc{XFaaS} and \emph{fast} \textbf {bold})") == "XFaaS and fast bold");
}

BOOST_AUTO_TEST_CASE(turns_dashes_and_ties_into_text) {
    BOOST_TEST(latex_to_utf8("pages 1--10") == "pages 1–10");
    BOOST_TEST(latex_to_utf8("yes---no") == "yes—no");
    BOOST_TEST(latex_to_utf8("co-design") == "co-design");
    BOOST_TEST(latex_to_utf8("-{}-") == "--");
    BOOST_TEST(latex_to_utf8("Dan~R.~K. Ports") == "Dan R. K. Ports");
}

BOOST_AUTO_TEST_CASE(collapses_whitespace_like_bibtex) {
    BOOST_TEST(latex_to_utf8("  two\n   lines\t here  ") == "two lines here");
    BOOST_TEST(latex_to_utf8("line\\\\break") == "line break");
    BOOST_TEST(latex_to_utf8("") == "");
}

BOOST_AUTO_TEST_CASE(keeps_utf8_as_written) {
    BOOST_TEST(latex_to_utf8("瓜皮 (➔) Zoë") == "瓜皮 (➔) Zoë");
}

BOOST_AUTO_TEST_CASE(keeps_math_as_written_and_writes_it_back) {
    BOOST_TEST(latex_to_utf8("$\\mu$Cache") == "$\\mu$Cache");
    BOOST_TEST(latex_to_utf8("Jets at  $\\sqrt{s} = 13$~TeV") == "Jets at $\\sqrt{s} = 13$ TeV");
    BOOST_TEST(latex_to_utf8("$$x^2$$ and $p_T$") == "$$x^2$$ and $p_T$");
    BOOST_TEST(latex_to_utf8("costs \\$5") == "costs $5");  // an escaped dollar is a dollar
    BOOST_TEST(latex_to_utf8("a lone $ sign") == "a lone $ sign");
    BOOST_TEST(latex_to_utf8("\\& then $x$") == "& then $x$");  // an escape before math is no math
    BOOST_TEST(latex_to_utf8("DBLP's \\(k\\)-means") == "DBLP's \\(k\\)-means");
    BOOST_TEST(latex_to_utf8("\\ensuremath{\\alpha}-helix") == "$\\alpha$-helix");
    BOOST_TEST(utf8_to_latex("$p_T$ of 5% jets") == "$p_T$ of 5\\% jets");
    BOOST_TEST(utf8_to_latex("costs $5") == "costs \\$5");
    for (std::string_view text : {"$\\mu$Cache", "Jets at $\\sqrt{s} = 13$ TeV", "costs $5", "$$x^2$$ and $p_T$"})
        BOOST_TEST(latex_to_utf8(utf8_to_latex(text)) == text);
}

BOOST_AUTO_TEST_CASE(refuses_unknown_commands_and_bad_accents) {
    BOOST_TEST(decode_error("\\foo{x}").find("unsupported LaTeX command \\foo") != std::string::npos);
    BOOST_TEST(decode_error("\\'{ab}").find("one letter expected") != std::string::npos);
    BOOST_TEST(decode_error("\\c{}").find("one letter expected") != std::string::npos);
    BOOST_TEST(decode_error("\\'1").find("not followed by a letter") != std::string::npos);
    BOOST_TEST(decode_error("ends\\").find("lone backslash") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(accent_table_rows_pair_every_base_with_one_letter) {
    for (const auto& row : accent_rows())
        BOOST_TEST(row.bases.size() == utf8_chars(row.composed), "accent " << row.accent);
}

BOOST_AUTO_TEST_CASE(every_table_letter_round_trips_through_latex) {
    for (const auto& row : accent_rows())
        for (std::size_t i = 0, pos = 0; i < row.bases.size(); ++i) {
            std::size_t len = 1;
            while (pos + len < row.composed.size() && (row.composed[pos + len] & 0xC0) == 0x80) ++len;
            std::string letter(row.composed.substr(pos, len));
            pos += len;
            BOOST_TEST(latex_to_utf8(utf8_to_latex(letter)) == letter, utf8_to_latex(letter));
            BOOST_TEST(utf8_to_latex(letter).find('\\') != std::string::npos);  // written as LaTeX
        }
    for (const auto& symbol : symbols())
        if (symbol.letter) BOOST_TEST(latex_to_utf8(utf8_to_latex(symbol.utf8)) == symbol.utf8);
}

BOOST_AUTO_TEST_CASE(encoding_round_trips_specials_dashes_and_markup) {
    const std::string samples[] = {
        "Title <img src=x onerror=alert(1)>",
        "V&ENUE",
        "Other & \"Co\"",
        "50% of $5 is #1_a",
        "{braces} and \\backslash",
        "tilde ~ caret ^",
        "a--b and a---b",
        "en – em —",
        "-{}-",
        "Gödel, Ångström and Dvořák",
        "瓜皮 (➔)",
        "'quotes' and `ticks`",
        "x@y.z",
    };
    for (const auto& text : samples) BOOST_TEST(latex_to_utf8(utf8_to_latex(text)) == text, utf8_to_latex(text));
    BOOST_TEST(utf8_to_latex("Gödel") == R"(G{\"o}del)");
    BOOST_TEST(utf8_to_latex("a--b") == "a-{}-b");
}

BOOST_AUTO_TEST_CASE(splits_names_and_lists_outside_braces_only) {
    auto names = split_names("A. One and {Smith and Sons} AND B.  Two\nand C");
    BOOST_REQUIRE(names.size() == 4u);
    BOOST_TEST(names[1] == "{Smith and Sons}");
    BOOST_TEST(names[2] == "B.  Two");
    BOOST_TEST(split_names("Alexander Andersen").size() == 1u);  // "and" inside a word
    auto awards = split_outside_braces("Best Paper; {A; B} ;", ';');
    BOOST_REQUIRE(awards.size() == 3u);
    BOOST_TEST(awards[1] == "{A; B}");
    BOOST_TEST(awards[2] == "");
}

// NASA ADS writes a backslash before a UTF-8 letter ("V\ĺchez", a half
// converted accent; tests/fixtures/bibtex/real/sites/astro-hugo-ads-perezdiaz.bib).
// No command is spelled so: the backslash is dropped, the letter kept whole,
// and the caller is told which letter it stood before.
BOOST_AUTO_TEST_CASE(a_backslash_before_a_non_ascii_letter_is_dropped) {
    BOOST_TEST(latex_to_utf8("D\\ćuri\\ć") == "Dćurić");
    BOOST_TEST(latex_to_utf8("V\\ĺchez, José M.") == "Vĺchez, José M.");
    DecodedTex decoded = decode_latex("D\\ć and \\\xE2\x82\xAC");
    BOOST_TEST(decoded.text == "Dć and €");
    BOOST_TEST((decoded.stray_backslashes == std::vector<std::string>{"ć", "€"}));
    BOOST_TEST(decode_latex("plain").stray_backslashes.empty());
}

// ADS abstracts: "\" at a line's end is TeX's control space, "\ensuremathμm"
// has the one-character argument TeX gives it, {\em x} shows x.
BOOST_AUTO_TEST_CASE(control_space_bare_ensuremath_and_font_switches) {
    BOOST_TEST(latex_to_utf8("years. \\\nMethods: we") == "years. Methods: we");
    BOOST_TEST(latex_to_utf8("52 \\ensuremathμm lines") == "52 $μ$m lines");
    BOOST_TEST(latex_to_utf8("{\\em Emph} and {\\bf bold}") == "Emph and bold");
    BOOST_TEST(utf8_to_latex(latex_to_utf8("52 \\ensuremathμm")) == "52 $μ$m");
}
