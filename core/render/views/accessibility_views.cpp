// The accessibility statement every site has (/accessibility/), as the EU's
// Web Accessibility Directive asks of public bodies and as universities now
// ask of their members' pages: the standard the templates are checked
// against, how, what is known not to meet it, whom to tell, and when the
// statement was made. Its text is the interface strings' (every language);
// the contact is the owner's email addresses, as on the home page.
#include "base/version.hpp"
#include "render/views/view_data.hpp"

namespace vitae {

using view_data::fields;
using view_data::list_of;
using view_data::put;

namespace {

// When the statement and the checks it describes (tests/e2e/test_accessibility.py)
// were last reviewed against WCAG 2.1 AA: a new review changes this date.
constexpr std::string_view statement_reviewed = "2026-12-07";

}  // namespace

MustacheData accessibility_page_data(const Views& v, const Catalogue& t) {
    const Content& c = v.content;
    MustacheData page = fields({{"name", v.site_name},
                                {"intro", t.format("accessibility_intro", {{"name", v.site_name}})},
                                {"standard", t.format("accessibility_standard_text", {{"version", version}})},
                                {"reviewed", t.format("accessibility_reviewed", {{"date", t.date(statement_reviewed)}})},
                                {"reviewed_iso", std::string(statement_reviewed)}});
    put(page, "emails", list_of(c.emails, [&t](const Email& e, std::size_t i, std::size_t n) {
            return fields({{"address", e.address}, {"joiner", t.joiner(i, n)}});
        }));
    put(page, "has_emails", !c.emails.empty());
    return page;
}

}  // namespace vitae
