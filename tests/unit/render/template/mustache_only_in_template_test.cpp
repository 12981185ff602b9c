// The Mustache library (kainjow) is used by core/render/template alone: the
// other layers build a template's data with its names (template_data.hpp),
// load pages with its loader (template_pages.hpp) and escape HTML with the
// one escaper (render/text/escape.hpp). The build cannot see this (kainjow
// is a header in /usr/include, visible to all): this scans the programs'
// sources for an include of it or a use of its namespace.
#define BOOST_TEST_MODULE mustache_only_in_template
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace vitae::test;
namespace fs = std::filesystem;

namespace {

// An include of the header, or a name of its namespace, in code (a comment may name it).
bool uses_kainjow(std::string line) {
    static const std::regex include(R"(#\s*include\s*["<][^">]*(kainjow|mustache\.hpp))");
    static const std::regex name(R"(\bkainjow\s*::)");
    if (std::regex_search(line, include)) return true;
    line = line.substr(0, line.find("//"));
    return std::regex_search(line, name);
}

constexpr const char* program_folders[] = {"core", "cli", "fcgi", "admin", "cvpdf", "picturecopies", "bench"};

std::vector<fs::path> sources_outside_template() {
    std::vector<fs::path> out;
    const fs::path home = source_dir / "core" / "render" / "template";
    for (const char* top : program_folders)
        for (const auto& entry : fs::recursive_directory_iterator(source_dir / top)) {
            auto ext = entry.path().extension();
            if (!entry.is_regular_file() || !(ext == ".cpp" || ext == ".hpp" || ext == ".in")) continue;
            auto relative = fs::relative(entry.path(), home);
            if (!relative.empty() && *relative.begin() != "..") continue;  // inside core/render/template/
            out.push_back(entry.path());
        }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_scan_finds_a_use_however_it_is_spelled) {
    for (const char* line : {"#include <kainjow/mustache.hpp>", "#  include \"kainjow/mustache.hpp\"", "#include <mustache.hpp>",
                             "using kainjow::mustache::data;", "return kainjow :: mustache::html_escape<std::string>(s);"})
        BOOST_TEST(uses_kainjow(line), line);
    for (const char* line : {"// kainjow's sections take \"\" as true", "TemplateData d;", "x; // kainjow::mustache::data",
                             "#include \"render/template/template_data.hpp\""})
        BOOST_TEST(!uses_kainjow(line), line);
}

BOOST_AUTO_TEST_CASE(only_core_render_template_uses_kainjow) {
    auto files = sources_outside_template();
    BOOST_TEST(files.size() > 50u);
    for (const auto& file : files) {
        std::istringstream in(read_file(file));
        std::string line;
        for (int n = 1; std::getline(in, line); ++n)
            if (uses_kainjow(line))
                BOOST_ERROR(fs::relative(file, source_dir).string() + ":" + std::to_string(n) +
                            ": Mustache outside core/render/template (use template_data.hpp, template_pages.hpp, "
                            "render/text/escape.hpp): " + line);
    }
}
