// Escaping for each output format the worker writes: HTML (the one escaper:
// Mustache's {{variables}}, the sanitizer, MathML), XML text and attributes,
// JSON strings (safe inside an HTML <script>), and RIS field values. Small
// and pure, tested one by one in tests/unit/render/text/escape_test.cpp; every generated
// page, feed or citation goes through them.
#pragma once

#include <string>
#include <string_view>

namespace vitae {

// & < > " ' as &amp; &lt; &gt; &quot; &apos;, every other byte as it is:
// the bytes kainjow's html_escape writes, so a page renders as it always
// has. Good for text and attributes. The appending form is the renderer's.
std::string html_escape(std::string_view text);
void append_html_escaped(std::string& out, std::string_view text);

// html_escape's entities; characters XML 1.0 forbids (C0 controls other than
// tab, newline and carriage return) are dropped. Good for text and attributes.
std::string xml_escape(std::string_view text);

// A JSON string literal, quotes included. Beyond RFC 8259's escapes, '<', '>'
// and '&' become \u003c, \u003e and \u0026, so "</script>" or "<!--" can never
// end an inline <script> early; U+2028/2029 are escaped for old JS parsers.
std::string json_string(std::string_view text);

// A RIS value: one line, so CR, LF and tabs become spaces and other control
// characters are dropped; runs of spaces collapse and the ends are trimmed.
std::string ris_value(std::string_view text);

}  // namespace vitae
