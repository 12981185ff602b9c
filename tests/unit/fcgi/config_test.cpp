#define BOOST_TEST_MODULE config
#include <boost/test/unit_test.hpp>

#include <map>

#include "fcgi/config.hpp"

using namespace vitae;

namespace {

std::map<std::string, std::string> env;
const char* fake_getenv(const char* name) {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
}

Config parse(std::vector<const char*> args) {
    args.insert(args.begin(), "vitae-fcgi");
    return parse_config(static_cast<int>(args.size()), args.data(), fake_getenv);
}

bool message_has(const UsageError& e, std::string_view text) {
    return std::string(e.what()).find(text) != std::string::npos;
}

}  // namespace

BOOST_AUTO_TEST_CASE(parses_options_in_both_forms) {
    env.clear();
    auto c = parse({"--db", "a.db", "--templates=t", "--threads", "3", "--listen", "unix:/tmp/s", "--socket-mode", "0666"});
    BOOST_TEST(c.db_path == "a.db");
    BOOST_TEST(c.templates_dir == "t");
    BOOST_TEST(c.threads == 3);
    BOOST_TEST(c.listen == "unix:/tmp/s");
    BOOST_TEST(c.socket_mode == 0666u);
}

BOOST_AUTO_TEST_CASE(environment_gives_defaults_and_flags_override) {
    env = {{"VITAE_DB", "env.db"}, {"VITAE_TEMPLATES", "envt"}, {"VITAE_THREADS", "2"}};
    auto c = parse({"--db", "flag.db"});
    BOOST_TEST(c.db_path == "flag.db");
    BOOST_TEST(c.templates_dir == "envt");
    BOOST_TEST(c.threads == 2);
    env.clear();
}

BOOST_AUTO_TEST_CASE(threads_default_to_cores) {
    env.clear();
    BOOST_TEST(parse({"--db", "a", "--templates", "t"}).threads >= 1);
}

BOOST_AUTO_TEST_CASE(rejects_bad_input_naming_the_option) {
    env.clear();
    BOOST_CHECK_EXCEPTION(parse({"--bogus"}), UsageError, [](auto& e) { return message_has(e, "--bogus"); });
    BOOST_CHECK_EXCEPTION(parse({"--templates", "t"}), UsageError, [](auto& e) { return message_has(e, "--db"); });
    BOOST_CHECK_EXCEPTION(parse({"--db", "a"}), UsageError, [](auto& e) { return message_has(e, "--templates"); });
    BOOST_CHECK_EXCEPTION(parse({"--db", "a", "--templates", "t", "--threads", "0"}), UsageError,
                          [](auto& e) { return message_has(e, "--threads"); });
    BOOST_CHECK_EXCEPTION(parse({"--db", "a", "--templates", "t", "--threads", "2x"}), UsageError,
                          [](auto& e) { return message_has(e, "\"2x\""); });
    BOOST_CHECK_EXCEPTION(parse({"--db"}), UsageError, [](auto& e) { return message_has(e, "needs a value"); });
    BOOST_CHECK_EXCEPTION(parse({"--listen", "nowhere"}), UsageError, [](auto& e) { return message_has(e, "unix:PATH"); });
    BOOST_CHECK_EXCEPTION(parse({"--socket-mode", "999"}), UsageError, [](auto& e) { return message_has(e, "--socket-mode"); });
    BOOST_CHECK_EXCEPTION(parse({"--help=1"}), UsageError, [](auto& e) { return message_has(e, "takes no value"); });
}

BOOST_AUTO_TEST_CASE(help_needs_no_other_options) {
    env.clear();
    BOOST_TEST(parse({"--help"}).help);
    BOOST_TEST(usage("vitae-fcgi").find("--templates DIR") != std::string::npos);
}

// The help prints each default from the constant the option starts at.
BOOST_AUTO_TEST_CASE(help_shows_the_defaults_the_program_uses) {
    env.clear();
    std::string help = usage("vitae-fcgi");
    auto line_of = [&help](std::string_view option) {
        auto at = help.find("  " + std::string(option) + " ");
        BOOST_TEST_REQUIRE(at != std::string::npos);
        return help.substr(at, help.find('\n', at) - at);
    };
    Config defaults = parse({"--sites", "s", "--templates", "t"});
    BOOST_TEST(line_of("--sites-loaded").find("(default " + std::to_string(defaults.sites_loaded) + ")") != std::string::npos);
    BOOST_TEST(line_of("--site-idle").find("(default " + std::to_string(defaults.site_idle_s) + ")") != std::string::npos);
    BOOST_TEST(defaults.sites_loaded == limits::default_sites_loaded);
    BOOST_TEST(defaults.site_idle_s == limits::default_site_idle_s);
    for (std::string_view typed : {"(default 32)", "(default 600)"})  // each appears once, printed from its constant
        BOOST_TEST(help.find(typed) == help.rfind(typed), typed);
}

BOOST_AUTO_TEST_CASE(base_url_defaults_and_is_validated) {
    env.clear();
    BOOST_TEST(parse({"--db", "a", "--templates", "t"}).base_url == "http://127.0.0.1:8080");
    BOOST_TEST(parse({"--db", "a", "--templates", "t", "--base-url", "https://example.org"}).base_url ==
               "https://example.org");
    BOOST_TEST(parse({"--db", "a", "--templates", "t", "--base-url=https://example.org:8443/~me"}).base_url ==
               "https://example.org:8443/~me");
    env["VITAE_BASE_URL"] = "https://env.example";
    BOOST_TEST(parse({"--db", "a", "--templates", "t"}).base_url == "https://env.example");
    env.clear();
    for (const char* bad : {"example.org", "ftp://example.org", "https://example.org/", "https://example.org?x=1",
                            "https://example.org#top", "https://", "https:///path", "https://u@example.org",
                            "https://exa mple.org", "http://a\"b", ""}) {
        BOOST_CHECK_EXCEPTION(parse({"--db", "a", "--templates", "t", "--base-url", bad}), UsageError,
                              [](const UsageError& e) { return message_has(e, "--base-url"); });
    }
}

BOOST_AUTO_TEST_CASE(purge_urls_repeat_and_name_the_keys_in_xkey_unless_told) {
    auto c = parse({"--db", "a", "--templates", "t", "--purge", "http://127.0.0.1:6091/", "--purge", "http://cache.example/"});
    BOOST_TEST(c.purge_urls == (std::vector<std::string>{"http://127.0.0.1:6091/", "http://cache.example/"}),
               boost::test_tools::per_element());
    BOOST_TEST((c.surrogate == SurrogateHeader::xkey));
    BOOST_TEST((parse({"--db", "a", "--templates", "t"}).surrogate == SurrogateHeader::none));
    auto tags = parse({"--db", "a", "--templates", "t", "--surrogate-keys", "Cache-Tag"});
    BOOST_TEST((tags.surrogate == SurrogateHeader::cache_tag));
    BOOST_TEST(tags.purge_urls.empty());
}

BOOST_AUTO_TEST_CASE(rejects_a_purge_url_or_key_header_it_cannot_use) {
    for (const char* url : {"127.0.0.1:6091", "ftp://h/", "http://", "http:///x", "http://h/ x", "https://cache.example/"})
        BOOST_CHECK_EXCEPTION(parse({"--db", "a", "--templates", "t", "--purge", url}), UsageError,
                              [](auto& e) { return message_has(e, "--purge"); });
    BOOST_CHECK_EXCEPTION(parse({"--db", "a", "--templates", "t", "--surrogate-keys", "xkeys"}), UsageError,
                          [](auto& e) { return message_has(e, "xkeys"); });
}

BOOST_AUTO_TEST_CASE(surrogate_fields_name_the_keys_and_the_caches_lifetime) {
    auto lines = [](SurrogateHeader header, std::string_view keys) {
        std::string out;
        for (const auto& field : surrogate_fields(header, keys)) out += field.name + ": " + field.value + "\r\n";
        return out;
    };
    BOOST_TEST(lines(SurrogateHeader::xkey, "s s:home") == "xkey: s s:home\r\nSurrogate-Control: max-age=3600\r\n");
    BOOST_TEST(lines(SurrogateHeader::surrogate_key, "s") == "Surrogate-Key: s\r\nSurrogate-Control: max-age=3600\r\n");
    BOOST_TEST(lines(SurrogateHeader::cache_tag, "s s:home") == "Cache-Tag: s,s:home\r\nCDN-Cache-Control: max-age=3600\r\n");
    BOOST_TEST(surrogate_fields(SurrogateHeader::none, "s").empty());
}
