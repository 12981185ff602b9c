// The docs and messages that describe the command table come from it: the
// usage lines README.md, docs/cli.md and the manual list (scripts/update-docs
// writes them; these tests fail when someone edits one side only), the
// "expected: ..." kinds, the translate help, and bounds printed from limits.hpp.
#define BOOST_TEST_MODULE cli_docs
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "base/limits.hpp"
#include "cli/run/commands.hpp"
#include "cli_test_support.hpp"
#include "store/model/translate.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli;
using namespace vitae::test;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    for (std::size_t at = 0; at < text.size();) {
        auto end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        lines.push_back(text.substr(at, end - at));
        at = end + 1;
    }
    return lines;
}

// From the first line starting with `after`: the text between the next line
// starting with `open` and the next line equal to `close` (what
// scripts/update-docs replaces). Empty when the markers are missing.
std::string block(const std::string& file, std::string_view after, std::string_view open, std::string_view close) {
    auto lines = lines_of(read_file(source_dir / file));
    std::size_t i = 0;
    while (i < lines.size() && !lines[i].starts_with(after)) ++i;
    while (i < lines.size() && !lines[i].starts_with(open)) ++i;
    std::string out;
    for (++i; i < lines.size() && lines[i] != close; ++i) out += lines[i] + "\n";
    return i < lines.size() ? out : std::string();
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_synopsis_is_every_usage_line_in_table_order) {
    auto lines = lines_of(synopsis());
    BOOST_REQUIRE(lines.size() == commands().size() + 1);
    for (std::size_t i = 0; i < commands().size(); ++i) BOOST_TEST(lines[i] == usage_line(commands()[i].spec));
    BOOST_TEST(lines.back() == "vitae --help | --version | COMMAND --help");
    auto printed = vitae_cli({"help", "--synopsis"});
    BOOST_TEST(printed.status == 0);
    BOOST_TEST(printed.out == synopsis());
}

BOOST_AUTO_TEST_CASE(readme_cli_md_and_the_manual_list_what_the_table_prints) {
    BOOST_TEST(block("README.md", "The owner's tool", "```", "```") == synopsis(), "run scripts/update-docs");
    BOOST_TEST(block("docs/cli.md", "# ", "```", "```") == synopsis(), "run scripts/update-docs");
    BOOST_TEST(block("packaging/man/vitae.1", ".SH SYNOPSIS", ".SH SYNOPSIS", ".SH DESCRIPTION") == synopsis_roff(),
               "run scripts/update-docs");
}

BOOST_AUTO_TEST_CASE(the_manual_escapes_what_roff_would_read_as_markup) {
    std::string roff = synopsis_roff();
    BOOST_TEST(roff.starts_with(".nf\n"));
    BOOST_TEST(roff.ends_with(".fi\n"));
    BOOST_TEST(roff.find("vitae import\\-bibtex DB FILE.bib [\\-\\-dry\\-run]") != std::string::npos);
    for (std::size_t at = roff.find('-'); at != std::string::npos; at = roff.find('-', at + 1))
        BOOST_TEST(roff[at - 1] == '\\', roff.substr(at - 10, 20));
}

BOOST_AUTO_TEST_CASE(a_repeatable_option_is_marked_in_its_usage_line) {
    CommandSpec spec{.name = "tag", .summary = "", .required_args = {"DB"}, .optional_args = {},
                     .options = {{.name = "--tag", .value_name = "T", .help = "a tag", .repeatable = true}}, .details = ""};
    BOOST_TEST(usage_line(spec) == "vitae tag DB [--tag T]...");
}

BOOST_AUTO_TEST_CASE(options_that_stand_for_one_another_are_one_group) {
    CommandSpec spec{.name = "say",
                     .summary = "",
                     .required_args = {"DB"},
                     .optional_args = {},
                     .options = {{.name = "--text", .value_name = "T", .help = "", .choice = Choice::first_of_needed},
                                 {.name = "--text-file", .value_name = "F", .help = "", .choice = Choice::or_previous},
                                 {.name = "--remove", .help = "", .choice = Choice::or_previous},
                                 {.name = "--a", .value_name = "A", .help = "", .choice = Choice::first_of_optional},
                                 {.name = "--b", .help = "", .choice = Choice::or_previous},
                                 {.name = "--c", .help = ""}},
                     .details = ""};
    BOOST_TEST(usage_line(spec) == "vitae say DB (--text T | --text-file F | --remove) [--a A | --b] [--c]");
    auto translate = std::find_if(commands().begin(), commands().end(), [](const auto& c) { return c.spec.name == "translate"; });
    BOOST_REQUIRE(translate != commands().end());
    BOOST_TEST(usage_line(translate->spec) == "vitae translate DB LANG ITEM KEY FIELD (--text TEXT | --text-file F | --remove)");
}

BOOST_AUTO_TEST_CASE(an_unknown_kind_lists_every_kind_the_table_has) {
    for (std::string verb : {"add", "rm", "ls", "lang", "set", "publish"}) {
        std::vector<std::string> kinds;
        for (const auto& command : commands())
            if (std::string name(command.spec.name); name.starts_with(verb + " ")) kinds.push_back(name.substr(verb.size() + 1));
        BOOST_REQUIRE(!kinds.empty());
        std::string expected;
        for (const auto& kind : kinds) expected += (expected.empty() ? "" : ", ") + kind;
        auto missing = vitae_cli({verb});
        BOOST_TEST(missing.status == 2);
        BOOST_TEST(missing.err.find(verb + ": missing kind (expected: " + expected + ")") != std::string::npos, missing.err);
        auto unknown = vitae_cli({verb, "widget"});
        BOOST_TEST(unknown.status == 2);
        BOOST_TEST(unknown.err.find("unknown kind \"widget\" (expected: " + expected + ")") != std::string::npos, unknown.err);
    }
    BOOST_TEST(vitae_cli({"add"}).err.find("post, news, talk, project, page, award, teaching, file") != std::string::npos);
    BOOST_TEST(vitae_cli({"frobnicate"}).err.find("unknown command \"frobnicate\"") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(translate_help_names_every_item_and_field_the_site_reads) {
    auto help = vitae_cli({"translate", "--help"});
    BOOST_TEST(help.status == 0);
    for (const auto& item : translatable_items()) {
        std::string fields;
        for (auto field : item.fields) fields += (fields.empty() ? "" : ", ") + std::string(field);
        auto at = help.out.find("\n  " + std::string(item.item) + " ");
        BOOST_REQUIRE_MESSAGE(at != std::string::npos, item.item);
        auto line = help.out.substr(at + 1, help.out.find('\n', at + 1) - at - 1);
        BOOST_TEST(line.find(" " + fields + " ") != std::string::npos, line);
        BOOST_TEST(line.ends_with("KEY " + std::string(item.key)), line);
    }
}

BOOST_AUTO_TEST_CASE(bounds_are_printed_from_limits) {
    BOOST_TEST(limits::size_text(limits::max_file_bytes) == "32 MiB");
    BOOST_TEST(limits::size_text(64 * 1024) == "64 KiB");
    BOOST_TEST(limits::size_text(1000) == "1000 bytes");
    BOOST_TEST(limits::size_text(1536) == "1536 bytes");
    BOOST_TEST(vitae_cli({"add", "file", "--help"}).out.find("At most " + limits::size_text(limits::max_file_bytes) + ".") !=
               std::string::npos);
    auto tag = vitae_cli({"add", "post", "db", "--slug", "ok", "--title", "T", "--date", "2026-01-01", "--tag",
                          std::string(limits::max_tag_bytes + 1, 'a')});
    BOOST_TEST(tag.status == 2);
    BOOST_TEST(tag.err.find("(at most " + std::to_string(limits::max_tag_bytes) + ", not starting with '-')") !=
                   std::string::npos,
               tag.err);
    auto slug = vitae_cli({"add", "post", "db", "--slug", std::string(limits::max_slug_bytes + 1, 'a'), "--title", "T",
                           "--date", "2026-01-01"});
    BOOST_TEST(slug.status == 2);
    BOOST_TEST(slug.err.find("(at most " + std::to_string(limits::max_slug_bytes) + ", not starting with '-')") !=
                   std::string::npos,
               slug.err);
}
