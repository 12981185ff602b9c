#define BOOST_TEST_MODULE bibtex
#include <boost/test/unit_test.hpp>

#include "error.hpp"
#include "bibtex.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli;
using namespace vitae::test;

namespace {

const std::filesystem::path bib_dir = fixtures_dir / "bibtex";

std::string value_of(const BibEntry& e, std::string_view field) {
    const BibField* f = e.find(field);
    BOOST_REQUIRE_MESSAGE(f != nullptr, "field " << field << " missing in " << e.key);
    return f->value;
}

// The line an error names, checking the message's "FILE:LINE: " shape too.
int error_line(std::string_view text, std::string_view expected_fragment = {}) {
    try {
        parse_bibtex(text, "t.bib");
    } catch (const BibError& e) {
        std::string message = e.what();
        BOOST_TEST(message.starts_with("t.bib:" + std::to_string(e.line()) + ": "));
        if (!expected_fragment.empty()) BOOST_TEST(message.find(expected_fragment) != std::string::npos, message);
        return e.line();
    }
    BOOST_FAIL("no error for: " << text);
    return 0;
}

}  // namespace

BOOST_AUTO_TEST_CASE(reads_entries_in_order_with_lower_case_types_and_names) {
    auto entries = read_bibtex_file(bib_dir / "syntax.bib");
    BOOST_REQUIRE(entries.size() == 3u);  // @preamble, @string and @comment are not entries
    BOOST_TEST(entries[0].type == "inproceedings");
    BOOST_TEST(entries[0].key == "Goedel:2024");
    BOOST_TEST(entries[0].line == 10);
    BOOST_TEST(entries[0].fields[0].name == "title");
    BOOST_TEST(entries[0].fields[0].line == 11);
    BOOST_TEST(entries[1].type == "article");  // @article( ... ) delimiters
    BOOST_TEST(entries[1].key == "sun2020oct");
    BOOST_TEST(entries[1].line == 19);
    BOOST_TEST(entries[2].key == "OneFlow_2021");
    BOOST_TEST(entries[2].find("archiveprefix") != nullptr);  // field names lower-cased
}

BOOST_AUTO_TEST_CASE(expands_string_macros_concatenation_numbers_and_months) {
    auto entries = read_bibtex_file(bib_dir / "syntax.bib");
    BOOST_TEST(value_of(entries[0], "booktitle") == "Proc. USENIX OSDI 2024");
    BOOST_TEST(value_of(entries[0], "year") == "2024");
    BOOST_TEST(value_of(entries[0], "month") == "January");
}

BOOST_AUTO_TEST_CASE(keeps_raw_tex_with_nested_braces_and_quotes) {
    auto entries = read_bibtex_file(bib_dir / "syntax.bib");
    BOOST_TEST(value_of(entries[0], "title") == R"({CausalMesh}: Caching for the {\"O}sterreich--Stra\ss e Case)");
    BOOST_TEST(value_of(entries[0], "note") == "Best {P}aper; {Artifact Available}");
    BOOST_TEST(value_of(entries[1], "title") == "Automatic diagnosis of {OCT} volumes --- with attention");
    BOOST_TEST(value_of(entries[1], "abstract").find("Line one\n     continues {here}") == 0u);
}

BOOST_AUTO_TEST_CASE(quoted_value_may_hold_braced_quotes_and_escapes) {
    auto entries = parse_bibtex("@misc{k, title = \"A {\"}quoted{\"} \\\"o word\"}", "t.bib");
    BOOST_TEST(value_of(entries[0], "title") == "A {\"}quoted{\"} \\\"o word");
}

BOOST_AUTO_TEST_CASE(skips_comments_preamble_and_bare_comment_lines) {
    auto entries = parse_bibtex(
        "% a line comment @misc{not, title={entry}}\n"
        "@comment this line is ignored\n"
        "@comment(also {ignored})\n"
        "@preamble{\"x\" # \"y\"}\n"
        "@misc{real, title = {T},}\n",
        "t.bib");
    BOOST_REQUIRE(entries.size() == 1u);
    BOOST_TEST(entries[0].key == "real");
}

BOOST_AUTO_TEST_CASE(macro_names_ignore_case_and_user_macros_override_months) {
    auto entries = parse_bibtex("@String{Jan = \"Jan.\"}\n@misc{k, month = JAN # { } # 2026}", "t.bib");
    BOOST_TEST(value_of(entries[0], "month") == "Jan. 2026");
}

BOOST_AUTO_TEST_CASE(entry_without_fields_is_accepted) {
    auto entries = parse_bibtex("@misc{lonely}", "t.bib");
    BOOST_REQUIRE(entries.size() == 1u);
    BOOST_TEST(entries[0].fields.empty());
}

BOOST_AUTO_TEST_CASE(rejects_unclosed_entry_at_the_line_it_starts) {
    try {
        read_bibtex_file(bib_dir / "unclosed_brace.bib");
        BOOST_FAIL("accepted");
    } catch (const BibError& e) {
        BOOST_TEST(e.line() == 6);
        BOOST_TEST(std::string(e.what()).find("unclosed_brace.bib:6: ") != std::string::npos, e.what());
        BOOST_TEST(std::string(e.what()).find("\"broken\" is not closed") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_CASE(rejects_missing_comma_at_the_next_field) {
    try {
        read_bibtex_file(bib_dir / "missing_comma.bib");
        BOOST_FAIL("accepted");
    } catch (const BibError& e) {
        BOOST_TEST(e.line() == 3);
        BOOST_TEST(std::string(e.what()).find("expected ',' or '}'") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_CASE(rejects_malformed_input_naming_the_line) {
    BOOST_TEST(error_line("@misc{a,\n  title = {x},\n  month = janx,\n}", "undefined macro \"janx\"") == 3);
    BOOST_TEST(error_line("\n\n  stray words\n@misc{a, title={x}}", "outside an entry") == 3);
    BOOST_TEST(error_line("@misc{a,\n  title = {x},\n", "not closed") == 1);
    BOOST_TEST(error_line("@misc{a,\n  title = {x},\n  TITLE = {y}}", "duplicate field \"title\"") == 3);
    BOOST_TEST(error_line("@misc{a, title={x}}\n\n@misc{A, title={y}}", "duplicate key \"A\" (first at line 1)") == 3);
    BOOST_TEST(error_line("@misc{, title={x}}", "no key") == 1);
    BOOST_TEST(error_line("@misc{a,\n title {x}}", "expected '='") == 2);
    BOOST_TEST(error_line("@misc{a,\n title = \"open\n\n}", "quoted value is not closed") == 2);
    BOOST_TEST(error_line("@misc{a,\n title = \"x } y\"}", "(a '}' at line 2 comes first)") == 2);
    BOOST_TEST(error_line("\n@ {a}", "expected an entry type") == 2);
    BOOST_TEST(error_line("@misc a, title={x}}", "expected '{'") == 1);
    BOOST_TEST(error_line("@misc{a,\n\n title = ,}", "expected a value") == 3);
    BOOST_TEST(error_line("@string{x = {1}", "not closed") == 1);
    BOOST_TEST(error_line("@comment{ never closed", "@comment is not closed") == 1);
    BOOST_TEST(error_line("@misc{a, title = {x} # }", "expected a value") == 1);
}

BOOST_AUTO_TEST_CASE(refuses_a_missing_file_naming_it) {
    try {
        read_bibtex_file(bib_dir / "absent.bib");
        BOOST_FAIL("accepted");
    } catch (const Error& e) {
        BOOST_TEST(std::string(e.what()).find("absent.bib") != std::string::npos);
    }
}
