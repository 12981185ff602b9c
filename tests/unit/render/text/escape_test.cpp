#define BOOST_TEST_MODULE escape
#include <boost/test/unit_test.hpp>

#include <kainjow/mustache.hpp>

#include "render/text/escape.hpp"

using namespace vitae;

// The one HTML escaper writes what Mustache's {{variables}} always wrote
// (kainjow's html_escape), which the sanitizer and MathML used before it.
BOOST_AUTO_TEST_CASE(html_escape_writes_kainjows_bytes) {
    for (std::string text : {std::string(R"(a<b>&"c'd)"), std::string("Zhang & Mu"), std::string("plain"), std::string(),
                             std::string("a\x01\x08\x1f" "b\tc\nd\r"), std::string("瓜皮 (➔) é &amp;"),
                             std::string("<<&&>>\"\"''")}) {
        BOOST_TEST(html_escape(text) == kainjow::mustache::html_escape<std::string>(text), text);
        std::string appended = "kept:";
        append_html_escaped(appended, text);
        BOOST_TEST(appended == "kept:" + html_escape(text));
    }
    BOOST_TEST(html_escape(R"(a<b>&"c'd)") == "a&lt;b&gt;&amp;&quot;c&apos;d");
}

BOOST_AUTO_TEST_CASE(xml_escapes_the_five_specials) {
    BOOST_TEST(xml_escape(R"(a<b>&"c'd)") == "a&lt;b&gt;&amp;&quot;c&apos;d");
    BOOST_TEST(xml_escape("Zhang & Mu") == "Zhang &amp; Mu");
}

BOOST_AUTO_TEST_CASE(xml_drops_characters_xml_forbids_and_keeps_utf8) {
    BOOST_TEST(xml_escape(std::string("a\x01\x08\x1f" "b", 5)) == "ab");
    BOOST_TEST(xml_escape("tab\tnl\ncr\r") == "tab\tnl\ncr\r");
    BOOST_TEST(xml_escape("瓜皮 (➔) é") == "瓜皮 (➔) é");
}

BOOST_AUTO_TEST_CASE(json_string_quotes_and_escapes) {
    BOOST_TEST(json_string("plain") == "\"plain\"");
    BOOST_TEST(json_string("a\"b\\c") == R"("a\"b\\c")");
    BOOST_TEST(json_string("l1\nl2\tx\r") == R"("l1\nl2\tx\r")");
    BOOST_TEST(json_string(std::string("\x01", 1)) == R"("\u0001")");
    BOOST_TEST(json_string("é 瓜") == "\"é 瓜\"");
}

BOOST_AUTO_TEST_CASE(json_string_cannot_close_a_script_element) {
    std::string out = json_string("</script><!-- & -->");
    BOOST_TEST(out.find('<') == std::string::npos);
    BOOST_TEST(out.find('>') == std::string::npos);
    BOOST_TEST(out == R"("\u003c/script\u003e\u003c!-- \u0026 --\u003e")");
}

BOOST_AUTO_TEST_CASE(json_string_escapes_line_and_paragraph_separators) {
    BOOST_TEST(json_string("a\u2028b\u2029c") == R"("a\u2028b\u2029c")");
}

BOOST_AUTO_TEST_CASE(ris_value_is_one_trimmed_line) {
    BOOST_TEST(ris_value("  Causal\r\nMesh:\t a  cache ") == "Causal Mesh: a cache");
    BOOST_TEST(ris_value(std::string("a\x00" "b\x7f" "c", 5)) == "abc");
    BOOST_TEST(ris_value("ER  - ") == "ER -");  // a value can never read as a record end
    BOOST_TEST(ris_value("") == "");
}
