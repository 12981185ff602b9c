#define BOOST_TEST_MODULE bibtex
#include <boost/test/unit_test.hpp>

#include "base/error.hpp"
#include "bibtex/bibtex.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

const std::filesystem::path bib_dir = fixtures_dir / "bibtex";

std::string value_of(const BibEntry& e, std::string_view field) {
    const BibField* f = e.find(field);
    BOOST_REQUIRE_MESSAGE(f != nullptr, "field " << field << " missing in " << e.key);
    return f->value;
}

// The line of the first problem, checking the report's "FILE:LINE: " shape
// and that it says `expected_fragment`; 0 if the text has no problem.
int error_line(std::string_view text, std::string_view expected_fragment = {}) {
    BibFile file = parse_bibtex(text, "t.bib");
    if (file.problems.empty()) BOOST_FAIL("no problem reported for: " << text);
    const BibProblem& p = file.problems.front();
    std::string report = describe(file, p);
    BOOST_TEST(report.starts_with("t.bib:" + std::to_string(p.line) + ": "), report);
    if (!expected_fragment.empty()) BOOST_TEST(report.find(expected_fragment) != std::string::npos, report);
    return p.line;
    return 0;
}

std::vector<BibEntry> parse_bibtex_entries(std::string_view text, std::string_view name) {
    BibFile file = parse_bibtex(text, name);
    for (const auto& p : file.problems) BOOST_TEST_MESSAGE(describe(file, p));
    return file.entries;
}

}  // namespace

BOOST_AUTO_TEST_CASE(reads_entries_in_order_with_lower_case_types_and_names) {
    auto entries = read_bibtex_file(bib_dir / "syntax.bib").entries;
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
    auto entries = read_bibtex_file(bib_dir / "syntax.bib").entries;
    BOOST_TEST(value_of(entries[0], "booktitle") == "Proc. USENIX OSDI 2024");
    BOOST_TEST(value_of(entries[0], "year") == "2024");
    BOOST_TEST(value_of(entries[0], "month") == "January");
}

BOOST_AUTO_TEST_CASE(keeps_raw_tex_with_nested_braces_and_quotes) {
    auto entries = read_bibtex_file(bib_dir / "syntax.bib").entries;
    BOOST_TEST(value_of(entries[0], "title") == R"({CausalMesh}: Caching for the {\"O}sterreich--Stra\ss e Case)");
    BOOST_TEST(value_of(entries[0], "award") == "Best {P}aper; {Artifact Available}");
    BOOST_TEST(value_of(entries[1], "title") == "Automatic diagnosis of {OCT} volumes --- with attention");
    BOOST_TEST(value_of(entries[1], "abstract").find("Line one\n     continues {here}") == 0u);
}

BOOST_AUTO_TEST_CASE(quoted_value_may_hold_braced_quotes_and_escapes) {
    auto entries = parse_bibtex_entries("@misc{k, title = \"A {\"}quoted{\"} \\\"o word\"}", "t.bib");
    BOOST_TEST(value_of(entries[0], "title") == "A {\"}quoted{\"} \\\"o word");
}

BOOST_AUTO_TEST_CASE(skips_comments_preamble_and_bare_comment_lines) {
    auto entries = parse_bibtex_entries(
        "% a line comment @misc{not, title={entry}}\n"
        "@comment this line is ignored\n"
        "@comment(also {ignored})\n"
        "@preamble{\"x\" # \"y\"}\n"
        "@misc{real, title = {T},}\n",
        "t.bib");
    BOOST_REQUIRE(entries.size() == 1u);
    BOOST_TEST(entries[0].key == "real");
}

// As in a real al-folio papers.bib (tests/fixtures/sites/al-folio-oliver-larsen).
BOOST_AUTO_TEST_CASE(a_percent_line_between_fields_is_a_comment) {
    auto entries = parse_bibtex_entries(
        "@inproceedings{k,\n  title = {T},\n  % preview     = {x.png},  % TODO: add a cover\n  year = {2026},\n"
        "  % the last line\n}\n@misc{next, title = {N}}\n",
        "t.bib");
    BOOST_REQUIRE(entries.size() == 2u);
    BOOST_TEST(entries[0].fields.size() == 2u);
    BOOST_TEST(value_of(entries[0], "year") == "2026");
    BOOST_TEST(value_of(entries[0], "title") == "T");
}

BOOST_AUTO_TEST_CASE(macro_names_ignore_case_and_user_macros_override_months) {
    auto entries = parse_bibtex_entries("@String{Jan = \"Jan.\"}\n@misc{k, month = JAN # { } # 2026}", "t.bib");
    BOOST_TEST(value_of(entries[0], "month") == "Jan. 2026");
}

BOOST_AUTO_TEST_CASE(entry_without_fields_is_accepted) {
    auto entries = parse_bibtex_entries("@misc{lonely}", "t.bib");
    BOOST_REQUIRE(entries.size() == 1u);
    BOOST_TEST(entries[0].fields.empty());
}

BOOST_AUTO_TEST_CASE(an_unclosed_entry_is_skipped_at_the_line_it_starts_and_the_rest_is_read) {
    BibFile file = read_bibtex_file(bib_dir / "unclosed_brace.bib");
    BOOST_REQUIRE(file.problems.size() == 1u);
    BOOST_TEST(file.problems[0].line == 6);
    BOOST_TEST(file.problems[0].key == "broken");
    BOOST_TEST(file.problems[0].skipped);
    std::string report = describe(file, file.problems[0]);
    BOOST_TEST(report.find("unclosed_brace.bib:6: skipped \"broken\": ") != std::string::npos, report);
    BOOST_REQUIRE(file.entries.size() == 1u);
    BOOST_TEST(file.entries[0].key == "fine");
}

BOOST_AUTO_TEST_CASE(recovers_at_the_next_entry_after_a_broken_one) {
    BibFile file = parse_bibtex("@misc{a, title = {A}}\n"
                                "@misc{b, title = {never closed\n"
                                "  author = {X}}\n"
                                "@misc{c, title = {C}}\n"
                                "@misc{d title = {missing comma}}\n"
                                "@misc{e, title = {E}}\n",
                                "t.bib");
    std::vector<std::string> keys;
    for (const auto& e : file.entries) keys.push_back(e.key);
    BOOST_TEST(keys == (std::vector<std::string>{"a", "c", "e"}), boost::test_tools::per_element());
    BOOST_REQUIRE(file.problems.size() == 2u);
    BOOST_TEST(file.problems[0].line == 2);  // where "b" starts; it broke where "c" begins
    BOOST_TEST(file.problems[0].message.find("found '@' (line 4)") != std::string::npos, file.problems[0].message);
    BOOST_TEST(file.problems[1].line == 5);
}

BOOST_AUTO_TEST_CASE(reports_a_missing_comma_at_the_next_field) {
    BibFile file = read_bibtex_file(bib_dir / "missing_comma.bib");
    BOOST_REQUIRE(file.problems.size() == 1u);
    BOOST_TEST(file.problems[0].line == 1);
    BOOST_TEST(describe(file, file.problems[0]).find("expected ',' or '}'") != std::string::npos);
    BOOST_TEST(describe(file, file.problems[0]).find("(line 3)") != std::string::npos);
    BOOST_TEST(file.entries.empty());
}

BOOST_AUTO_TEST_CASE(text_between_entries_is_a_comment_front_matter_included) {
    auto entries = parse_bibtex_entries("---\n"
                                        "---\n"
                                        "@string{aps = {American Physical Society}}\n"
                                        "Some notes, with an email a@b.org in them.\n"
                                        "@misc{k, title = {T}, publisher = aps}\n",
                                        "t.bib");
    BOOST_REQUIRE(entries.size() == 1u);
    BOOST_TEST(value_of(entries[0], "publisher") == "American Physical Society");
}

BOOST_AUTO_TEST_CASE(what_bibtex_only_warns_about_is_a_warning_and_the_entry_is_kept) {
    BibFile file = parse_bibtex("@misc{a,\n  title = {x},\n  month = janx,\n  selected = true,\n  TITLE = {y}}\n"
                                "@misc{b, title = {z}}\n",
                                "t.bib");
    BOOST_REQUIRE(file.entries.size() == 2u);
    BOOST_TEST(value_of(file.entries[0], "month") == "janx");  // an undefined macro keeps its name
    BOOST_TEST(value_of(file.entries[0], "selected") == "true");  // al-folio's bare true is no macro
    BOOST_TEST(value_of(file.entries[0], "title") == "x");        // the first of a repeated field
    BOOST_REQUIRE(file.problems.size() == 2u);
    BOOST_TEST(!file.problems[0].skipped);
    BOOST_TEST(file.problems[0].line == 3);
    BOOST_REQUIRE(file.entries[0].fields.size() == 4u);  // the repeated title is kept, after the first
    BOOST_TEST(file.entries[0].fields[3].value == "y");
    BOOST_TEST(describe(file, file.problems[0]).find("warning: undefined macro \"janx\"") != std::string::npos);
    BOOST_TEST(file.problems[1].line == 5);
    BOOST_TEST(describe(file, file.problems[1]).find("field \"title\" given twice") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_repeated_key_is_kept_for_the_importer_to_judge) {
    BibFile file = parse_bibtex("@misc{a, title={x}}\n\n@misc{A, title={y}}\n@misc{b, title={z}}", "t.bib");
    BOOST_REQUIRE(file.entries.size() == 3u);
    BOOST_TEST(file.entries[1].key == "A");
    BOOST_TEST(file.problems.empty());
}

BOOST_AUTO_TEST_CASE(reports_malformed_input_naming_the_line) {
    BOOST_TEST(error_line("@misc{a,\n  title = {x},\n", "not closed") == 1);
    BOOST_TEST(error_line("@misc{, title={x}}", "no key") == 1);
    BOOST_TEST(error_line("@misc{a,\n title {x}}", "expected '=' after field \"title\" (line 2)") == 1);
    BOOST_TEST(error_line("@misc{a,\n title = \"open\n\n}", "quoted value is not closed") == 1);
    BOOST_TEST(error_line("@misc{a,\n title = \"x } y\"}", "(a '}' at line 2 comes first)") == 1);
    BOOST_TEST(error_line("\n@ {a}", "expected an entry type") == 2);
    BOOST_TEST(error_line("@misc a, title={x}}", "expected '{'") == 1);
    BOOST_TEST(error_line("@misc{a,\n\n title = ,}", "expected a value, found ',' (line 3)") == 1);
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

// A real al-folio/Hugo list (tests/fixtures/bibtex/real/SOURCES.md): its
// fifth entry has no comma after the key, and the fields start on the next
// line. The entry is read, with a warning at its line; the others too.
BOOST_AUTO_TEST_CASE(a_missing_comma_after_the_key_is_read_with_a_warning) {
    BibFile file = read_bibtex_file(bib_dir / "real" / "sites" / "economics-hugo-meyergohde.bib");
    BOOST_TEST(file.entries.size() == 8u);
    const BibEntry* neuhoff = nullptr;
    for (const auto& e : file.entries)
        if (e.key == "meyer-gohde_neuhoff_2015") neuhoff = &e;
    BOOST_REQUIRE(neuhoff != nullptr);
    BOOST_TEST(value_of(*neuhoff, "author") == "Meyer-Gohde, Alexander and Neuhoff, Daniel");
    BOOST_TEST(value_of(*neuhoff, "doi") == "10.1016/j.econlet.2015.05.024");
    BOOST_TEST(neuhoff->fields.size() == 11u);
    BOOST_REQUIRE(file.problems.size() == 1u);
    BOOST_TEST(!file.problems[0].skipped);
    BOOST_TEST(file.problems[0].line == 52);
    BOOST_TEST(describe(file, file.problems[0]) ==
               file.name + ":52: warning: no ',' after the key \"meyer-gohde_neuhoff_2015\"; read the fields from line 53 on as the entry's");
}

// Only that one fault is mended: a key followed by text that is no field
// (or a field on the key's own line, where a space may be part of a bad key)
// still skips the entry.
BOOST_AUTO_TEST_CASE(a_missing_comma_is_mended_only_before_a_field_on_the_next_line) {
    BOOST_TEST(error_line("@article{k\n  just words\n}", "expected ',' or '}'") == 1);
    BOOST_TEST(error_line("@article{k author = {A}}", "expected ',' or '}'") == 1);
    auto entries = parse_bibtex_entries("@article{k\n  title = {T}, year = 2020}", "t.bib");
    BOOST_REQUIRE(entries.size() == 1u);
    BOOST_TEST(value_of(entries[0], "year") == "2020");
}

// A message quotes what it found whole: never the first byte of a letter,
// which would make the import report invalid UTF-8.
BOOST_AUTO_TEST_CASE(messages_quote_whole_characters) {
    for (std::string_view text : {"@misc{k, ćx = {1}}", "@misc{k, title = ć}", "@misc{k, title = {x} ć}"}) {
        BibFile file = parse_bibtex(text, "t.bib");
        BOOST_REQUIRE(!file.problems.empty());
        std::string report = describe(file, file.problems.front());
        BOOST_TEST(report.find("'ć'") != std::string::npos, report);
    }
}
