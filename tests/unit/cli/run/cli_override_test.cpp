#define BOOST_TEST_MODULE cli_override
#include <boost/test/unit_test.hpp>

#include "cli_test_support.hpp"
#include "render/template/override_header.hpp"
#include "render/template/templates.hpp"
#include "site/template_overrides.hpp"
#include "store/rows/file_store.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::cli;
using namespace vitae::test;
namespace fs = std::filesystem;

namespace {

// A directory of sites with one site, "carol", and a copy of the shipped templates.
struct Sites {
    TempDir dir;
    fs::path templates = dir / "shared";
    fs::path sites = dir / "sites";
    fs::path carol = sites / "carol";
    fs::path overrides = carol / "templates";
    std::string db;
    Sites() {
        fs::copy(source_dir / "templates", templates);
        fs::create_directories(carol);
        db = make_db(dir, fixture_content(), "sites/carol/site.db").string();
    }
    Ran override_(const std::string& name) {
        return vitae_cli({"site", "override", sites.string(), "carol", name, "--templates", templates.string()});
    }
    Ran check() { return vitae_cli({"check", db, templates.string(), "--overrides", overrides.string()}); }
};

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(copies_the_shared_template_with_a_record_of_its_version) {
    Sites s;
    auto r = s.override_("publication.mustache");
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(has(r.out, (s.overrides / "publication.mustache").string()), r.out);
    std::string shared = read_file(s.templates / "publication.mustache");
    std::string copy = read_file(s.overrides / "publication.mustache");
    BOOST_TEST(copy == "{{! vitae: overrides publication.mustache, shared version sha256:" + sha256_hex(shared) +
                           " }}\n" + shared);
    // An unedited copy renders as the shared template does: the record is not part of it.
    BOOST_TEST(Templates::load(s.templates, s.overrides)->sources() == Templates::load(s.templates)->sources());
}

BOOST_AUTO_TEST_CASE(refuses_an_existing_override_an_unknown_template_and_bad_names) {
    Sites s;
    BOOST_TEST(s.override_("layout.mustache").status == 0);
    write_file(s.overrides / "layout.mustache", "mine");
    auto again = s.override_("layout.mustache");
    BOOST_TEST(again.status == 1);
    BOOST_TEST(has(again.err, "exists already"), again.err);
    BOOST_TEST(read_file(s.overrides / "layout.mustache") == "mine");  // untouched

    auto unknown = s.override_("pgae.mustache");
    BOOST_TEST(unknown.status == 2);
    BOOST_TEST(has(unknown.err, "have no \"pgae.mustache\""), unknown.err);
    BOOST_TEST(!fs::exists(s.overrides / "pgae.mustache"));
    BOOST_TEST(s.override_("../layout.mustache").status == 2);
    BOOST_TEST(s.override_("layout").status == 2);
    auto no_site = vitae_cli({"site", "override", s.sites.string(), "dave", "layout.mustache", "--templates",
                              s.templates.string()});
    BOOST_TEST(no_site.status == 2);
    BOOST_TEST(has(no_site.err, "no site"), no_site.err);
    BOOST_TEST(!fs::exists(s.sites / "dave"));
    BOOST_TEST(vitae_cli({"site", "override", s.sites.string(), "..", "layout.mustache", "--templates",
                          s.templates.string()})
                   .status == 2);
}

BOOST_AUTO_TEST_CASE(check_says_an_override_is_unchanged_since_it_was_copied) {
    Sites s;
    BOOST_TEST(s.override_("publication.mustache").status == 0);
    auto r = s.check();
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(has(r.out, "override: publication.mustache: overrides the shared publication.mustache, unchanged since"),
               r.out);
}

BOOST_AUTO_TEST_CASE(check_warns_when_the_shared_template_changed_since_the_copy) {
    Sites s;
    BOOST_TEST(s.override_("publication.mustache").status == 0);
    std::string before = sha256_hex(read_file(s.templates / "publication.mustache"));
    write_file(s.templates / "publication.mustache", read_file(s.templates / "publication.mustache") + "<!-- v2 -->");
    std::string after = sha256_hex(read_file(s.templates / "publication.mustache"));
    auto r = s.check();
    BOOST_TEST(r.status == 0, r.err);  // a warning: the site still serves
    BOOST_TEST(has(r.out, "warning: publication.mustache: overrides the shared publication.mustache; the shared one "
                          "changed since this copy was made (sha256 " +
                              before.substr(0, 12) + "... then, " + after.substr(0, 12) + "... now): compare them"),
               r.out);
}

BOOST_AUTO_TEST_CASE(check_says_an_override_without_a_record_was_made_by_hand) {
    Sites s;
    fs::create_directory(s.overrides);
    write_file(s.overrides / "style.mustache", "/* mine */");
    auto r = s.check();
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(has(r.out, "override: style.mustache: overrides the shared style.mustache; made by hand: no record of "
                          "the shared version it replaced"),
               r.out);
    auto reports = check_overrides(s.templates, s.overrides);
    BOOST_REQUIRE(reports.size() == 1u);
    BOOST_TEST((reports[0].state == OverrideReport::State::hand_made));
}

BOOST_AUTO_TEST_CASE(check_refuses_an_override_of_a_template_that_no_longer_exists) {
    Sites s;
    write_file(s.templates / "badge.mustache", "<b>old</b>");  // a partial of this version
    BOOST_TEST(s.override_("badge.mustache").status == 0);
    fs::remove(s.templates / "badge.mustache");  // the next version has none
    auto r = s.check();
    BOOST_TEST(r.status == 1);
    BOOST_TEST(r.out.empty());
    BOOST_TEST(has(r.err, (s.overrides / "badge.mustache").string()), r.err);
    BOOST_TEST(has(r.err, "which the shared templates"), r.err);
    auto reports = check_overrides(s.templates, s.overrides);
    BOOST_REQUIRE(reports.size() == 1u);
    BOOST_TEST(reports[0].is_error());
}

BOOST_AUTO_TEST_CASE(check_names_every_override_in_order_and_needs_templates_for_overrides) {
    Sites s;
    BOOST_TEST(s.override_("style.mustache").status == 0);
    BOOST_TEST(s.override_("layout.mustache").status == 0);
    auto reports = check_overrides(s.templates, s.overrides);
    BOOST_REQUIRE(reports.size() == 2u);
    BOOST_TEST(reports[0].file == "layout.mustache");
    BOOST_TEST(reports[1].file == "style.mustache");
    auto usage = vitae_cli({"check", s.db, "--overrides", s.overrides.string()});
    BOOST_TEST(usage.status == 2);
    BOOST_TEST(has(usage.err, "--overrides needs TEMPLATES"), usage.err);
}
