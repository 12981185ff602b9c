#define BOOST_TEST_MODULE cli_bib_mapping
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include "bibtex/bib_mapping.hpp"
#include "store/model/slug.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

std::vector<Publication> map_file(const std::string& name, std::string_view owner = "Haoran Zhang") {
    auto path = fixtures_dir / "bibtex" / name;
    std::vector<Publication> out;
    std::vector<BibProblem> warnings;
    for (const auto& entry : read_bibtex_file(path).entries)
        out.push_back(publication_from_entry(entry, owner, path.string(), warnings));
    BOOST_TEST(warnings.empty());
    return out;
}

// The entry in `text` mapped; `warnings` gets what the mapping had to guess.
Publication map_text(const std::string& text, std::string_view owner, std::vector<BibProblem>& warnings) {
    auto file = parse_bibtex(text, "t.bib");
    BOOST_REQUIRE(file.entries.size() == 1u);
    return publication_from_entry(file.entries[0], owner, "t.bib", warnings);
}

Publication map_text(const std::string& text, std::string_view owner = "Owner") {
    std::vector<BibProblem> warnings;
    Publication p = map_text(text, owner, warnings);
    for (const auto& w : warnings) BOOST_TEST_MESSAGE("warning: " << w.message);
    return p;
}

std::string map_error(const std::string& text) {
    try {
        map_text(text);
    } catch (const BibError& e) {
        return e.what();
    }
    return "no error";
}

std::vector<std::string> names(const Publication& p) {
    std::vector<std::string> out;
    for (const auto& a : p.authors) out.push_back(a.name);
    return out;
}

bool same(const Publication& a, const Publication& b) {
    auto author_eq = [](const Author& x, const Author& y) {
        return x.name == y.name && x.is_owner == y.is_owner && x.equal_contribution == y.equal_contribution;
    };
    auto link_eq = [](const Link& x, const Link& y) { return x.label == y.label && x.url == y.url; };
    return a.slug == b.slug && a.kind == b.kind && a.title == b.title && a.venue == b.venue && a.year == b.year &&
           a.abstract == b.abstract && a.awards == b.awards &&
           std::equal(a.authors.begin(), a.authors.end(), b.authors.begin(), b.authors.end(), author_eq) &&
           std::equal(a.links.begin(), a.links.end(), b.links.begin(), b.links.end(), link_eq);
}

Publication round_trip(const Publication& p, std::string_view owner) {
    return map_text(bibtex_entry(p), owner);
}

}  // namespace

BOOST_AUTO_TEST_CASE(maps_a_conference_paper_with_accents_macros_and_awards) {
    auto pubs = map_file("syntax.bib");
    BOOST_REQUIRE(pubs.size() == 3u);
    const auto& p = pubs[0];
    BOOST_TEST(p.slug == "goedel-2024");
    BOOST_TEST((p.kind == PublicationKind::conference));
    BOOST_TEST(p.title == "CausalMesh: Caching for the Österreich–Straße Case");
    BOOST_TEST(
        names(p) == (std::vector<std::string>{"Kurt Gödel", "Renée François", "Anders Ångström", "Anton Dvořák"}),
        boost::test_tools::per_element());
    BOOST_TEST(!p.authors[0].equal_contribution);
    BOOST_TEST(p.authors[1].equal_contribution);  // "Renée François*"
    BOOST_TEST(p.authors[3].equal_contribution);  // "Dvořák, Anton*"
    BOOST_TEST(p.venue == "Proc. USENIX OSDI 2024");
    BOOST_TEST(p.year.value_or(0) == 2024);
    BOOST_TEST(p.awards == (std::vector<std::string>{"Best Paper", "Artifact Available"}),
               boost::test_tools::per_element());
    BOOST_TEST(p.links.empty());
}

BOOST_AUTO_TEST_CASE(maps_a_journal_article_preferring_the_short_venue) {
    const auto p = map_file("syntax.bib")[1];
    BOOST_TEST((p.kind == PublicationKind::journal));
    BOOST_TEST(p.title == "Automatic diagnosis of OCT volumes — with attention");
    BOOST_TEST(p.venue == "JBO");
    BOOST_TEST(
        names(p) == (std::vector<std::string>{"Yankui Sun", "Haoran Zhang", "Barack Obama Foundation", "José Nuñez"}),
        boost::test_tools::per_element());
    BOOST_TEST(p.authors[1].is_owner);  // the profile's name
    BOOST_TEST(!p.authors[0].is_owner);
    BOOST_TEST(p.abstract == "Line one continues here with 50% & more.");
}

BOOST_AUTO_TEST_CASE(maps_an_arxiv_misc_to_a_preprint_with_links_in_field_order) {
    const auto p = map_file("syntax.bib")[2];
    BOOST_TEST(p.slug == "oneflow-2021");
    BOOST_TEST((p.kind == PublicationKind::preprint));
    BOOST_TEST(p.venue == "");
    BOOST_TEST(!p.year.has_value());
    BOOST_TEST(names(p) == (std::vector<std::string>{"Jinhui Yuan", "Haoran Zhang"}), boost::test_tools::per_element());
    BOOST_TEST(p.authors[1].is_owner);
    BOOST_REQUIRE(p.links.size() == 5u);
    BOOST_TEST(p.links[0].label == "PDF");
    BOOST_TEST(p.links[0].url == "https://arxiv.org/pdf/2110.15032");
    BOOST_TEST(p.links[1].label == "Code");
    BOOST_TEST(p.links[2].label == "Link");
    BOOST_TEST(p.links[2].url == "https://example.org/a_b%20c~d");  // URLs are not TeX
    BOOST_TEST(p.links[3].label == "Slides");
    BOOST_TEST(p.links[3].url == "https://example.org/slides.pdf");
    BOOST_TEST(p.links[4].label == "Talk");
    BOOST_TEST(p.links[4].url == "");
}

BOOST_AUTO_TEST_CASE(entry_types_map_to_kinds) {
    BOOST_TEST((map_text("@conference{a, title={T}, author={A}}").kind == PublicationKind::conference));
    BOOST_TEST((map_text("@unpublished{a, title={T}, author={A}}").kind == PublicationKind::preprint));
    BOOST_TEST((map_text("@online{a, title={T}, author={A}}").kind == PublicationKind::preprint));
    BOOST_TEST((map_text("@article{a, title={T}, author={A}, journal={arXiv}, eprinttype={arxiv}}").kind == PublicationKind::preprint));
    BOOST_TEST(map_text("@article{a, title={T}, author={A}, journal={J}, date={2024-05-01}}").year.value_or(0) == 2024);
    BOOST_TEST(map_text("@misc{a, title={T}, author={A and others}}").authors[1].name == "et al.");
    BOOST_TEST(map_text("@misc{a, title={T}, author={Ford, Jr., Henry}}").authors[0].name == "Henry Ford Jr.");
    BOOST_TEST(
        map_text("@misc{a, title={T}, author={A}, award={X}, note={ignored when award is given}}").awards.size() == 1u);
}

BOOST_AUTO_TEST_CASE(urls_are_kept_verbatim_except_tex_habit_escapes) {
    auto p = map_text(R"(@misc{a, title={T}, author={A}, url={ https://a.org/x\_y%20z~w?a=1\&b=2 }})");
    BOOST_REQUIRE(p.links.size() == 1u);
    BOOST_TEST(p.links[0].url == "https://a.org/x_y%20z~w?a=1&b=2");
}

BOOST_AUTO_TEST_CASE(slugs_come_from_keys) {
    BOOST_TEST(slug_from("Zhang:2025:CausalMesh") == "zhang-2025-causalmesh");
    BOOST_TEST(slug_from("beaver") == "beaver");
    BOOST_TEST(slug_from("__x__y__") == "x-y");
    BOOST_TEST(slug_from("::") == "");
}

BOOST_AUTO_TEST_CASE(skips_only_entries_that_cannot_be_a_publication) {
    BOOST_TEST(map_error("@misc{a,\n author={A}}").find("t.bib:1: @misc{a}: no title") == 0u);
    BOOST_TEST(map_error("@misc{::, title={T}, author={A}}").find("no usable slug") != std::string::npos);
}

// The first warning's line and message for `text`, which must still map.
std::pair<int, std::string> first_warning(const std::string& text) {
    std::vector<BibProblem> warnings;
    map_text(text, "Owner", warnings);
    BOOST_REQUIRE_MESSAGE(!warnings.empty(), "no warning for: " << text);
    BOOST_TEST(!warnings[0].skipped);
    return {warnings[0].line, warnings[0].message};
}

BOOST_AUTO_TEST_CASE(keeps_what_it_has_to_guess_about_with_a_warning) {
    auto unknown = first_warning("@webpage{a, title={T}, author={A}}");
    BOOST_TEST(unknown.second.find("@webpage{a}: unknown entry type; filed as \"other\"") == 0u, unknown.second);
    BOOST_TEST((map_text("@webpage{a, title={T}}").kind == PublicationKind::other));
    BOOST_TEST(map_text("@webpage{a, title={T}}").bibtex_type == "webpage");  // written back as it came
    BOOST_TEST(first_warning("@misc{a,\n title={T},\n author={A and and B}}").first == 3);
    BOOST_TEST(names(map_text("@misc{a, title={T}, author={A and and B}}")) == (std::vector<std::string>{"A", "B"}),
               boost::test_tools::per_element());
    auto year = first_warning("@misc{a,\n title={T}, author={A},\n year={MMXX}}");
    BOOST_TEST(year.first == 3);
    BOOST_TEST(year.second.find("field \"year\": \"MMXX\" is not a year") != std::string::npos, year.second);
    Publication roman = map_text("@misc{a, title={T}, year={MMXX}}");
    BOOST_TEST(!roman.year.has_value());
    BOOST_TEST((roman.fields == std::vector<Field>{{"year", "MMXX"}}));
    BOOST_TEST(first_warning("@misc{a, title={T}, author={A},\n links={{Slides}}}").first == 2);
    BOOST_TEST((map_text("@misc{a, title={T}, links={{Slides}}}").fields == std::vector<Field>{{"links", "{Slides}"}}));
    BOOST_TEST(first_warning("@misc{a, title={T}, author={A, B, C, D}}").second.find("more than two commas") !=
               std::string::npos);
    BOOST_TEST(map_text("@misc{a, title={T}}").authors.empty());  // an edited volume, a dataset: allowed
}

BOOST_AUTO_TEST_CASE(math_is_kept_as_written) {
    std::vector<BibProblem> warnings;
    Publication p = map_text("@article{a, author={A}, title={Measurement of $p_T$ at $\\sqrt{s}=13$~TeV}}", "", warnings);
    BOOST_TEST(warnings.empty());
    BOOST_TEST(p.title == "Measurement of $p_T$ at $\\sqrt{s}=13$ TeV");
}

BOOST_AUTO_TEST_CASE(a_field_the_importer_cannot_decode_is_kept_as_written_and_reported_at_its_line) {
    auto path = fixtures_dir / "bibtex" / "bad_field.bib";
    std::vector<BibProblem> warnings;
    auto file = read_bibtex_file(path);
    BOOST_REQUIRE(file.entries.size() == 1u);
    Publication p = publication_from_entry(file.entries[0], OwnerNames(), path.string(), warnings);
    BOOST_TEST(p.title == "Faster \\foo{x}Cache");
    BOOST_REQUIRE(warnings.size() == 1u);
    BOOST_TEST(warnings[0].line == 6);
    BOOST_TEST(warnings[0].message.find("@misc{odd}: field \"title\": unsupported LaTeX command \\foo") == 0u,
               warnings[0].message);
}

BOOST_AUTO_TEST_CASE(export_then_import_gives_the_same_publication_for_hostile_text) {
    Publication p;
    p.slug = "paper-1";
    p.kind = PublicationKind::conference;
    p.title = "Title <img src=x onerror=alert(1)> & {braces} 100% $x$ a--b \\n";
    p.venue = "V&ENUE #1";
    p.year = 2025;
    p.abstract = "An abstract with ~tilde^ and é, ß, 瓜皮.";
    p.authors = {{"Owner <b>", true, true},     {"Other & \"Co\"", false, true}, {"Smith and Sons", false, false},
                 {"Last, First", false, false}, {"Star*", false, false},         {"others", false, false},
                 {"Zoë Ångström", false, false}};
    p.links = {{"PDF", "https://example.org/a\"b"}, {"Code", ""}, {"PDF<script>", "https://x/{y}"}, {"Extra; one", ""}};
    p.awards = {"Award <script>", "A; B"};
    Publication back = round_trip(p, "Owner <b>");
    Publication expected = p;
    expected.links = {p.links[0], p.links[1], {"PDF<script>", "https://x/%7By%7D"}, p.links[3]};
    BOOST_TEST(same(back, expected), bibtex_entry(p));
}

BOOST_AUTO_TEST_CASE(export_keeps_link_order_when_extra_links_are_not_together) {
    Publication p;
    p.slug = "a";
    p.kind = PublicationKind::journal;
    p.title = "T";
    p.venue = "J";
    p.authors = {{"A", false, false}};
    p.links = {{"Slides", "https://e.org/s"}, {"PDF", "https://e.org/p"}, {"Video", "https://e.org/v"},
               {"Code", "https://e.org/c"},   {"Link", "/files/l.pdf"},   {"PDF", "https://e.org/p2"}};
    BOOST_TEST(same(round_trip(p, ""), p), bibtex_entry(p));
    p.kind = PublicationKind::preprint;
    p.venue = "Workshop";
    BOOST_TEST(same(round_trip(p, ""), p), bibtex_entry(p));
}

BOOST_AUTO_TEST_CASE(markup_from_producers_becomes_what_it_means) {
    // IEEE Xplore's title markup, ACM's escaped copy of it, Scholar's <i>, JATS sub/sup, HTML entities.
    BOOST_TEST(map_text(R"(@article{a, title={Bounds for <inline-formula><tex-math notation="LaTeX">$K$</tex-math></inline-formula>-Means}})")
                   .title == "Bounds for $K$-Means");
    BOOST_TEST(map_text("@article{a, title={Bounds for &lt;inline-formula&gt;&lt;tex-math notation=\"LaTeX\"&gt;k^2&lt;/tex-math&gt;&lt;/inline-formula&gt; x}}")
                   .title == "Bounds for $k^2$ x");
    BOOST_TEST(map_text("@article{a, title={Capturing CO<sub>2</sub> with <i>Zeolites</i> &amp; MOFs}}").title ==
               "Capturing CO$_{2}$ with Zeolites & MOFs");
    BOOST_TEST(map_text("@article{a, title={Caf&#233; &#x263A;}}").title == "Café ☺");
    // Not markup: text in angle brackets that names no HTML tag stays.
    BOOST_TEST(map_text("@article{a, title={Ranking <Top-k> Queries}}").title == "Ranking <Top-k> Queries");
}

BOOST_AUTO_TEST_CASE(name_variants_of_the_owner_are_recognised_on_import) {
    OwnerNames owner("Haoran Zhang", {"Zhang, H."});
    std::vector<BibProblem> warnings;
    auto file = parse_bibtex("@misc{a, title={T}, author={Zhang, H. and H. Zhang and Zhang, Haoran and Zhang, Hao}}", "t.bib");
    Publication p = publication_from_entry(file.entries[0], owner, "t.bib", warnings);
    std::vector<bool> owners;
    for (const auto& a : p.authors) owners.push_back(a.is_owner);
    BOOST_TEST(owners == (std::vector<bool>{true, true, true, false}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(biblatex_extended_names_are_read) {
    auto p = map_text("@book{a, title={T}, author={family=Borst, given=R., prefix=de, useprefix=true and Mang, H.}}");
    BOOST_TEST(names(p) == (std::vector<std::string>{"R. de Borst", "H. Mang"}), boost::test_tools::per_element());
    auto edited = map_text("@book{b, title={T}, editor={Bicanic, N and family=Borst, given=R, prefix=de, useprefix=true}}");
    BOOST_TEST(edited.editor == "Bicanic, N and R de Borst");
}

namespace {

// What a BibTeX value can hold of `text`: runs of blanks are one space, the
// ends trimmed (BibTeX's own reading); nothing else is lost.
std::string as_bibtex_holds_it(std::string_view text) {
    std::string out;
    for (char c : text) {
        bool blank = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (!blank) out += c;
        else if (!out.empty() && out.back() != ' ') out += ' ';
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

// Titles and abstracts that mix markup and math as owners write them: HTML
// inside math, TeX inside HTML, escaped dollars, TeX specials, nested
// braces, entities, non-Latin text. Each alone and each pair joined.
const std::vector<std::string>& tricky_texts() {
    static const std::vector<std::string> texts = {
        "a$^{<em>n</em>}$",
        "$x<y$ and $a > b$",
        "<em>$\\alpha$</em> inside emphasis",
        "<b>bold</b> and <i>italic</i> outside math",
        "costs \\$5 and $10",
        "50\\% of 100%",
        "$\\{a, b\\}$ and {nested {braces {deep}}}",
        "$\\mathbb{R}^{n \\times {m}}$",
        "Tom & Jerry &amp; &lt;tag&gt; &#233;",
        "$a & b \\\\ c$",
        "$a &amp; b$",
        "\\(x^2\\) and \\(<sub>i</sub>\\)",
        "$$\\sum_{i<n} x_i$$",
        "x<sub>2</sub>O and E = mc<sup>2</sup>",
        "Gödel, Ångström — 瓜皮 ✓ ∑",
        "tilde ~ caret ^ hash # underscore _",
        "a--b---c",
        "<inline-formula>not a producer's</inline-formula>",
        "&lt;tex-math&gt;$k$&lt;/tex-math&gt;",
        "back\\slash and \\textbf{x}",
        "$",
        "a $ b",
        "line one\n\nline   two",
    };
    return texts;
}

}  // namespace

BOOST_AUTO_TEST_CASE(export_import_export_is_a_fixed_point_for_markup_inside_and_outside_math) {
    std::vector<std::string> samples = tricky_texts();
    for (const auto& a : tricky_texts())
        for (const auto& b : tricky_texts()) samples.push_back(a + " " + b);
    int checked = 0;
    for (const auto& text : samples) {
        Publication p;
        p.slug = "paper";
        p.kind = PublicationKind::journal;
        p.title = "T " + text;
        p.venue = "J";
        p.year = 2024;
        p.authors = {{"A. Author", false, false}};
        p.abstract = text;
        std::string first = bibtex_entry(p);
        Publication back = map_text(first);
        std::string second = bibtex_entry(back);
        BOOST_TEST(second == first, "export(import(export(x))) differs for x = " << text);
        // And the first export lost nothing a BibTeX value can hold.
        BOOST_TEST(back.abstract == as_bibtex_holds_it(text), first);
        BOOST_TEST(back.title == as_bibtex_holds_it(p.title), first);
        ++checked;
    }
    BOOST_TEST(checked > 500);
}

BOOST_AUTO_TEST_CASE(markup_inside_math_is_the_owners_and_the_producers_outside_it_is_resolved) {
    BOOST_TEST(map_text("@article{a, title={T}, abstract={a$^{<em>n</em>}$}}").abstract == "a$^{<em>n</em>}$");
    BOOST_TEST(map_text("@article{a, title={T}, abstract={$a &amp; b$ &amp; c}}").abstract == "$a &amp; b$ & c");
    // IEEE's and ACM's markup around math still becomes the math.
    BOOST_TEST(map_text("@article{a, title={<tex-math notation=\"LaTeX\">$a &lt; b$</tex-math> x}}").title == "$a < b$ x");
}

// The link rule (rules/link) where BibTeX becomes a link: a target a page may
// not make is no link, with a warning; its field is kept as written, so
// nothing imported is lost and the export gives it back.
BOOST_AUTO_TEST_CASE(a_script_or_data_url_is_no_link_and_its_field_is_kept_as_written) {
    for (std::string url : {"javascript:alert(document.domain)", "JaVaScRiPt:alert(1)", " javascript:alert(1)",
                            "java\tscript:alert(1)", "data:text/html,<b>x</b>", "vbscript:msgbox(1)",
                            "&#106;avascript:alert(1)", "paper.pdf", "//evil.example/x"}) {
        BOOST_TEST_CONTEXT(url) {
            std::vector<BibProblem> warnings;
            Publication p = map_text("@misc{a, title={T}, url={" + url + "}, code={https://ok.example/c}}", "Owner", warnings);
            BOOST_REQUIRE(p.links.size() == 1u);
            BOOST_TEST(p.links[0].url == "https://ok.example/c");
            BOOST_TEST(std::count_if(warnings.begin(), warnings.end(), [](const BibProblem& w) {
                           return w.message.find("kept as written, not a link") != std::string::npos;
                       }) == 1);
            BOOST_REQUIRE(p.fields.size() == 1u);
            BOOST_TEST(p.fields[0].name == "url");
        }
    }
    std::vector<BibProblem> warnings;
    Publication p = map_text("@misc{a, title={T}, links={{Ok}{https://ok.example/}, {Bad}{javascript:alert(1)}}}", "Owner", warnings);
    BOOST_TEST(p.links.empty());
    BOOST_TEST(p.fields.size() == 1u);
}
