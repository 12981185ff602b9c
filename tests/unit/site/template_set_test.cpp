#define BOOST_TEST_MODULE template_set
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include "base/error.hpp"
#include "site/content_probe.hpp"
#include "site/site.hpp"
#include "site/template_set.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;
namespace fs = std::filesystem;

namespace {

// A copy of the shipped templates, and a site database on the fixture content.
struct Shared {
    TempDir dir;
    fs::path templates = dir / "templates";
    Shared() { fs::copy(source_dir / "templates", templates); }
    // An edit as an editor makes it: written aside, renamed over the file.
    void write(const fs::path& path, const std::string& text) const {
        write_file(path.string() + ".tmp", text);
        fs::rename(path.string() + ".tmp", path);
    }
    void mark_layout(const std::string& mark) const {
        auto text = read_file(templates / "layout.mustache");
        write(templates / "layout.mustache", text.replace(text.find("<main"), 0, mark));
    }
};

struct OneSite {
    TempDir dir;
    fs::path db = make_db(dir, fixture_content());
    ContentProbe probe{db.string()};
    std::string home(SiteHolder& sites) {
        auto site = sites.fresh(probe);
        return site->templates->sources().at("layout");
    }
};

// How many inotify instances this process holds.
int inotify_instances() {
    int count = 0;
    for (const auto& entry : fs::directory_iterator("/proc/self/fd")) {
        std::error_code ec;
        auto target = fs::read_symlink(entry.path(), ec);
        if (!ec && target.string() == "anon_inode:inotify") ++count;
    }
    return count;
}

}  // namespace

BOOST_AUTO_TEST_CASE(two_sites_sharing_a_set_both_see_an_edit_on_their_next_request) {
    Shared shared;
    auto set = std::make_shared<TemplateSet>(shared.templates);
    OneSite a, b;
    SiteHolder first({.db_path = a.db.string(), .templates_dir = shared.templates, .templates = set});
    SiteHolder second({.db_path = b.db.string(), .templates_dir = shared.templates, .templates = set});
    BOOST_TEST(first.current()->templates == second.current()->templates);  // one parse for both
    shared.mark_layout("<!-- edit 1 -->");
    BOOST_TEST(a.home(first).find("<!-- edit 1 -->") != std::string::npos);
    BOOST_TEST(b.home(second).find("<!-- edit 1 -->") != std::string::npos);  // the first site's request loaded it
    BOOST_TEST(first.current()->templates == second.current()->templates);
    shared.mark_layout("<!-- edit 2 -->");
    BOOST_TEST(b.home(second).find("<!-- edit 2 -->") != std::string::npos);  // either may load it
    BOOST_TEST(a.home(first).find("<!-- edit 2 -->") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(sites_sharing_a_set_hold_one_inotify_instance) {
    Shared shared;
    int before = inotify_instances();
    auto set = std::make_shared<TemplateSet>(shared.templates);
    std::vector<std::unique_ptr<OneSite>> dbs;
    std::vector<std::unique_ptr<SiteHolder>> holders;
    for (int i = 0; i < 3; ++i) {
        dbs.push_back(std::make_unique<OneSite>());
        holders.push_back(std::make_unique<SiteHolder>(
            SiteSource{.db_path = dbs.back()->db.string(), .templates_dir = shared.templates, .templates = set}));
    }
    BOOST_TEST(inotify_instances() == before + 1);
    for (const auto& h : holders) BOOST_TEST(h->watch_fd() == set->watch_fd());
}

BOOST_AUTO_TEST_CASE(a_site_with_overrides_watches_both_directories_in_one_instance) {
    Shared shared;
    OneSite a;
    fs::path overrides = a.dir / "templates";
    fs::create_directory(overrides);
    write_file(overrides / "style.mustache", "/* mine */");
    int before = inotify_instances();
    SiteHolder sites({.db_path = a.db.string(), .templates_dir = shared.templates, .overrides_dir = overrides});
    BOOST_TEST(inotify_instances() == before + 1);
    BOOST_TEST(sites.current()->templates->sources().at("style") == "/* mine */");
    shared.mark_layout("<!-- shared edit -->");  // the shared directory's edit
    BOOST_TEST(a.home(sites).find("<!-- shared edit -->") != std::string::npos);
    shared.write(overrides / "style.mustache", "/* mine, again */");  // the override's edit
    BOOST_TEST(sites.fresh(a.probe)->templates->sources().at("style") == "/* mine, again */");
}

BOOST_AUTO_TEST_CASE(a_broken_override_keeps_the_last_good_templates_and_content_edits_still_go_live) {
    Shared shared;
    OneSite a;
    fs::path overrides = a.dir / "templates";
    fs::create_directory(overrides);
    write_file(overrides / "style.mustache", "/* mine */");
    int installed = 0, refused = 0;
    SiteHolder sites({.db_path = a.db.string(), .templates_dir = shared.templates, .overrides_dir = overrides});
    sites.on_reload([&](const SiteHolder::ReloadOutcome& outcome) {
        installed += outcome.installed;
        refused += outcome.refused;
    });
    auto good = sites.current()->templates;
    shared.write(overrides / "style.mustache", "{{#unclosed}}");
    BOOST_TEST(sites.fresh(a.probe)->templates == good);
    BOOST_TEST(!sites.last_reload().ok);
    BOOST_TEST(sites.last_reload().error.find((overrides / "style.mustache").string()) != std::string::npos);
    BOOST_TEST(refused == 1);
    exec_sql(a.db, "UPDATE profile SET name = 'Edited Owner'");
    auto after = sites.fresh(a.probe);
    BOOST_TEST(after->content->content().name == "Edited Owner");
    BOOST_TEST(after->templates == good);
    BOOST_TEST(installed == 1);
    shared.write(overrides / "style.mustache", "/* fixed */");
    BOOST_TEST(sites.fresh(a.probe)->templates->sources().at("style") == "/* fixed */");
    BOOST_TEST(sites.last_reload().ok);
    BOOST_TEST(installed == 2);
}

BOOST_AUTO_TEST_CASE(an_override_of_no_shared_template_is_refused_at_start_and_fixed_live) {
    Shared shared;
    OneSite a;
    fs::path overrides = a.dir / "templates";
    fs::create_directory(overrides);
    write_file(overrides / "stlye.mustache", "/* typo */");
    SiteSource source{.db_path = a.db.string(), .templates_dir = shared.templates, .overrides_dir = overrides};
    BOOST_CHECK_EXCEPTION(SiteHolder{source}, Error, [](const Error& e) {
        return std::string(e.what()).find("overrides stlye.mustache, which the shared templates") != std::string::npos;
    });
    // A worker restarted on the typo serves its supervisor's last good site, and the fix when it is made.
    auto fallback = load_site({.db_path = a.db.string(), .templates_dir = shared.templates}, 4);
    SiteHolder sites(source, fallback);
    BOOST_TEST(sites.current() == fallback);
    BOOST_TEST(sites.fresh(a.probe)->templates == fallback->templates);  // nothing new to load
    fs::rename(overrides / "stlye.mustache", overrides / "style.mustache");
    auto fixed = sites.fresh(a.probe);
    BOOST_TEST(fixed->generation > fallback->generation);
    BOOST_TEST(fixed->templates->sources().at("style") == "/* typo */");
}

BOOST_AUTO_TEST_CASE(reload_loads_the_shared_set_again_and_if_changed_takes_what_it_has) {
    Shared shared;
    auto set = std::make_shared<TemplateSet>(shared.templates);
    OneSite a, b;
    SiteHolder first({.db_path = a.db.string(), .templates_dir = shared.templates, .templates = set});
    SiteHolder second({.db_path = b.db.string(), .templates_dir = shared.templates, .templates = set});
    auto before = set->current();
    BOOST_TEST(first.reload("SIGHUP"));
    BOOST_TEST(set->current() == before);  // equal sources: the same templates, pages stay cached
    BOOST_TEST(second.reload("SIGHUP", SiteHolder::TemplateReload::if_changed));
    BOOST_TEST(second.current()->templates == before);
    BOOST_TEST(second.current()->generation == 2u);
}

BOOST_AUTO_TEST_CASE(a_strings_edit_alone_goes_live) {
    Shared shared;
    OneSite a;
    SiteHolder sites({.db_path = a.db.string(), .templates_dir = shared.templates});
    auto text = read_file(shared.templates / "strings.de.json");
    shared.write(shared.templates / "strings.de.json", text.replace(text.find('{') + 1, 0, "\n  \"zz_test\": \"x\","));
    auto after = sites.fresh(a.probe);
    BOOST_TEST(after->templates->catalogues().sources().at("de").find("zz_test") != std::string::npos);
}

// A worker forked from its supervisor starts from the supervisor's site
// (the fallback) while the files still hold what it was made from: the same
// templates and content objects, shared rather than built again.
BOOST_AUTO_TEST_CASE(a_holder_takes_its_fallbacks_templates_and_content_while_the_files_match) {
    Shared shared;
    OneSite a;
    SiteSource source{.db_path = a.db.string(), .templates_dir = shared.templates};
    auto supervisors = load_site(source, 1);
    SiteHolder worker(source, supervisors);
    BOOST_TEST(worker.current()->templates == supervisors->templates);
    BOOST_TEST(worker.current()->content == supervisors->content);
    // A request then sees nothing new, and keeps them.
    BOOST_TEST(worker.fresh(a.probe)->templates == supervisors->templates);
    BOOST_TEST(worker.fresh(a.probe)->content == supervisors->content);
    // An edit after the start goes live as usual.
    shared.mark_layout("<!-- after -->");
    BOOST_TEST(a.home(worker).find("<!-- after -->") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_holder_whose_files_changed_since_its_fallback_loads_them) {
    Shared shared;
    OneSite a;
    SiteSource source{.db_path = a.db.string(), .templates_dir = shared.templates};
    auto supervisors = load_site(source, 1);
    // A template edit between the supervisor's load and the worker's start...
    shared.mark_layout("<!-- between -->");
    SiteHolder templates_changed(source, supervisors);
    BOOST_TEST(templates_changed.current()->templates != supervisors->templates);
    BOOST_TEST(templates_changed.current()->templates->sources().at("layout").find("<!-- between -->") != std::string::npos);
    BOOST_TEST(templates_changed.current()->content == supervisors->content);  // the database did not change
    // ... and a strings edit, and a database edit.
    auto text = read_file(shared.templates / "strings.de.json");
    shared.write(shared.templates / "strings.de.json", text.replace(text.find('{') + 1, 0, "\n  \"zz_between\": \"x\","));
    {
        auto db = Db::open(a.db.string(), OpenMode::read_write);
        db.exec("UPDATE profile SET name = 'Renamed Between'");
    }
    SiteHolder both_changed(source, supervisors);
    BOOST_TEST(both_changed.current()->templates->catalogues().sources().at("de").find("zz_between") != std::string::npos);
    BOOST_TEST(both_changed.current()->content != supervisors->content);
    BOOST_TEST(both_changed.current()->content->content().name == "Renamed Between");
}
