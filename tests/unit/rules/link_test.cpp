// The one link rule (core/rules/link): what a stored link may be, the
// scheme a browser reads however it is disguised, and the file a /files/
// link names.
#define BOOST_TEST_MODULE link
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "rules/link.hpp"

using namespace vitae;

BOOST_AUTO_TEST_CASE(takes_web_mail_and_site_paths) {
    BOOST_TEST((link_kind("https://example.org/paper.pdf") == LinkKind::web));
    BOOST_TEST((link_kind("http://example.org") == LinkKind::web));
    BOOST_TEST((link_kind("HTTPS://Example.org/") == LinkKind::web));
    BOOST_TEST((link_kind("https://example.org/a b.pdf") == LinkKind::web));
    BOOST_TEST((link_kind("mailto:ann@example.edu") == LinkKind::mail));
    BOOST_TEST((link_kind("MailTo:ann@example.edu") == LinkKind::mail));
    BOOST_TEST((link_kind("/files/slides.pdf") == LinkKind::site));
    BOOST_TEST((link_kind("/blog/") == LinkKind::site));
    BOOST_TEST((link_kind("/") == LinkKind::site));
    BOOST_TEST(is_web_link("https://doi.org/10.1000/x"));
    BOOST_TEST(!is_web_link("/files/a.pdf"));
    BOOST_TEST(!is_web_link("mailto:a@b"));
}

BOOST_AUTO_TEST_CASE(refuses_script_and_data_schemes_however_spelled) {
    for (const std::string& url : std::vector<std::string>{
             "javascript:alert(1)",
             "JavaScript:alert(1)",
             "JAVASCRIPT:alert(document.domain)",
             "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
             "DATA:text/html,<script>alert(1)</script>",
             "vbscript:msgbox(1)",
             "VBScript:msgbox(1)",
             "file:///etc/passwd",
             "ftp://example.org/x",
             "blob:https://example.org/uuid",
             "about:blank",
             "jar:http://x!/",
             "view-source:https://example.org",
             "java\tscript:alert(1)",
             "java\nscript:alert(1)",
             "java\rscript:alert(1)",
             "javascript\t:alert(1)",
             " javascript:alert(1)",
             "\tjavascript:alert(1)",
             "\njavascript:alert(1)",
             std::string("\x01javascript:alert(1)"),
             std::string("\x1fjavascript:alert(1)"),
             std::string("\x7fjavascript:alert(1)"),
             std::string("\0javascript:alert(1)", 21),
             "&#106;avascript:alert(1)",
             "&#x6A;avascript:alert(1)",
             "&#0000106;avascript:alert(1)",
             "javascript&colon;alert(1)",
             "javascript&#58;alert(1)",
             "%6Aavascript:alert(1)",
             "javascript%3Aalert(1)",
             "%20javascript:alert(1)",
             "\\javascript:alert(1)",
             "javascript://%0aalert(1)",
             "javascript://example.org/%0Aalert(1)",
         })
        BOOST_TEST(!is_link(url), "took " << url);
}

BOOST_AUTO_TEST_CASE(refuses_other_hosts_without_a_scheme_and_relative_paths) {
    for (std::string url : {"//evil.example/x", "/\\evil.example/x", "\\\\evil.example", "paper.pdf", "#cite",
                            "?q=1", "", " ", "https:", "https:evil.example", "https:///x", "https:/\\evil.example",
                            "mailto:", "http//example.org", "https://example.org/\tx", "/files/a.pdf\n"})
        BOOST_TEST(!is_link(url), "took " << url);
}

BOOST_AUTO_TEST_CASE(reads_the_scheme_as_a_browser_does) {
    BOOST_TEST(link_scheme("https://example.org") == "https");
    BOOST_TEST(link_scheme("JaVaScRiPt:alert(1)") == "javascript");
    BOOST_TEST(link_scheme(" \t\x01javascript:x") == "javascript");
    BOOST_TEST(link_scheme("java\tscr\nipt:x") == "javascript");
    BOOST_TEST(link_scheme("v-b.s+c:x") == "v-b.s+c");
    BOOST_TEST(link_scheme("/a:b") == "");
    BOOST_TEST(link_scheme("a.html") == "");
    BOOST_TEST(link_scheme("#x:y") == "");
    BOOST_TEST(link_scheme("&#106;avascript:x") == "");
    BOOST_TEST(link_scheme("%6Aavascript:x") == "");
    BOOST_TEST(link_scheme("1http:x") == "");
    BOOST_TEST(link_scheme(":x") == "");
}

BOOST_AUTO_TEST_CASE(names_the_file_of_a_files_link) {
    BOOST_TEST(file_link_name("/files/slides.pdf").value_or("") == "slides.pdf");
    BOOST_TEST(!file_link_name("/files/").has_value());
    BOOST_TEST(!file_link_name("/files/0123456789ab/slides.pdf").has_value());
    BOOST_TEST(!file_link_name("/filesx/a.pdf").has_value());
    BOOST_TEST(!file_link_name("https://example.org/files/a.pdf").has_value());
    BOOST_TEST(!file_link_name("files/a.pdf").has_value());
}
