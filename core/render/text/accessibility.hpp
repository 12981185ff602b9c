// The one set of content accessibility rules (issue 40, "content is checked
// where it enters"): what a body the owner wrote, a picture the owner adds
// and a link must be for a reader who cannot see the page, a screen reader
// or a keyboard. Every entrance asks here: the pages (a body is shown
// through accessible_html), the editor (a save or an upload that breaks a
// refusing rule is refused with rule_fix's words), the CLI (`vitae add file`,
// `vitae check --accessibility`), import-site's report and the site's
// findings on the editor's dashboard, the admin's list and the metric.
//
// A rule either repairs what it can without the owner (a heading shifted
// under the page's h1, an empty link dropped, text in another script
// wrapped in its lang) or reports what only the owner can say (what a
// picture shows, which language a Han or Arabic run is in, better words
// than "click here"). What was repaired is reported too when the repair
// lost something the owner meant (an empty link).
//
// Decorative pictures: HTML's own rule. An <img> with alt="" written as
// HTML is decorative; Markdown's ![](x.png) cannot say so and is reported
// unless it names a stored picture whose description is stored with it.
// A picture added with `--decorative` (the editor's box) stores no
// description, and is shown in a body as <img src=... alt=""> (docs/cli.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace vitae {

enum class AccessibilityRule {
    image_description,  // a picture with no text alternative (WCAG 1.1.1)
    empty_link,         // a link with no text or no target, dropped (2.4.4, 4.1.2)
    heading_jump,       // a heading more than one level below the one before it (1.3.1)
    unknown_script,     // text in another script whose language the script does not tell (3.1.2)
    vague_link_text,    // a link whose text is "here", "click here", "link", "this" (2.4.4)
    bare_url_link,      // a link whose text is its URL (2.4.4)
};

// "image-description", "empty-link"...: what `vitae check --accessibility` prints.
std::string_view rule_name(AccessibilityRule rule);
// What the owner does about it, in one sentence.
std::string_view rule_fix(AccessibilityRule rule);

struct AccessibilityFinding {
    AccessibilityRule rule;
    std::string detail;  // what was found, quoted: the image's source, the link's text, "h2 then h5", the text
    bool operator==(const AccessibilityFinding&) const = default;
};

struct AccessibleHtml {
    std::string html;
    std::vector<AccessibilityFinding> findings;
};

// A body's HTML (body_html's, well-formed) as a page shows it under its
// own h1, in a page whose language is `page_lang` (BCP 47, "en", "zh-Hant"):
//  - headings shifted down together until the first level is h2 (`#` -> h2,
//    `##` -> h3, at most h6), ids and attributes kept; a jump is reported;
//  - a link with no target (href="") unwrapped to its text, a link with
//    no text (nor a picture's alt, nor an aria-label) dropped: both reported;
//  - a run of letters in another script than the page's wrapped in
//    <span lang="..."> when the script names one language (Hangul: ko,
//    Kana: ja, Hebrew: he, Thai: th, Greek: el, two letters or more), and
//    reported when it does not (Han alone, Arabic, Cyrillic, Devanagari);
//    code, math and anything already inside a lang are left alone;
//  - an <img> without alt, a link text of "here"-like words or a bare URL
//    reported.
AccessibleHtml accessible_html(std::string_view html, std::string_view page_lang);

// The refusing rule for a picture a person adds (`vitae add file`, the
// editor's upload): a description, or the explicit word that it is
// decorative. "" when it may be stored, else what to do.
std::string picture_description_problem(std::string_view alt, bool decorative);

}  // namespace vitae
