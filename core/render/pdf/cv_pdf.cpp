// Typesetting is a flow of blocks down A4 pages: a block is Pango markup laid
// out at a width, drawn line by line so that a long block continues on the
// next page instead of being cut. A heading moves to the next page rather
// than end one. Entries put their date right-aligned beside the first line.
//
// Tagged for PDF/UA-1 as it is drawn (Cairo's tags): Document, the name as
// H1, sections as H2 with an outline entry each, a year or role as H3, each
// section's entries a list (L > LI > LBody > P), links as Link elements with
// their annotations; the reading order is the drawing order. What Cairo
// cannot write, pdf_ua.hpp adds with qpdf.
//
// One font map for the process, behind a mutex: Pango's font maps are not
// for sharing between threads, a map per thread would load fontconfig's
// configuration once per thread, and the PDF is made once per content
// version (then served from the page cache), so waiting is rare.
#include "render/pdf/cv_pdf.hpp"

#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "base/error.hpp"
#include "render/formats/syndication.hpp"
#include "render/pdf/pdf_ua.hpp"
#include "rules/link.hpp"

namespace vitae {

namespace {

constexpr double page_width_pt = 595.276;  // A4: 210 x 297 mm
constexpr double page_height_pt = 841.890;
constexpr double margin_pt = 56.0;          // ~2 cm
constexpr double footer_pt = 28.0;          // the page number's band inside the bottom margin
constexpr double date_gap_pt = 12.0;
constexpr double body_size_pt = 9.5;

template <auto Free>
struct Deleter {
    template <typename T>
    void operator()(T* p) const { Free(p); }
};
template <typename T, auto Free>
using Owned = std::unique_ptr<T, Deleter<Free>>;
using Layout = Owned<PangoLayout, g_object_unref>;

// Text as Pango markup. A control character (a stray \x01 from an old BibTeX
// file) becomes a space: escaped as &#x1; it would make Pango refuse the
// whole block's markup, and the block would be blank.
std::string escaped(std::string_view text) {
    std::string clean(text);
    for (char& ch : clean)
        if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) ch = ' ';
    Owned<char, g_free> out(g_markup_escape_text(clean.data(), static_cast<gssize>(clean.size())));
    return out.get();
}

cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

// A structure element around what is drawn while it lives. Cairo 1.16
// marks content only inside a leaf element (one with no element inside
// it), so every run of text goes into its own leaf: a Span, a Link.
class Tag {
public:
    Tag(cairo_t* cr, const char* name, const std::string& attributes = {}) : cr_(cr), name_(name) {
        cairo_tag_begin(cr_, name_, attributes.empty() ? nullptr : attributes.c_str());
    }
    ~Tag() { cairo_tag_end(cr_, name_); }
    Tag(const Tag&) = delete;
    Tag& operator=(const Tag&) = delete;

private:
    cairo_t* cr_;
    const char* name_;
};

// Cairo's attribute string: a quoted value with \ and ' escaped.
std::string link_attributes(std::string_view uri) {
    std::string out = "uri='";
    for (char ch : uri) {
        if (ch == '\\' || ch == '\'') out += '\\';
        out += ch;
    }
    return out + "'";
}

// A piece of a line of links: its text, and where it goes ("" for plain text).
struct Inline {
    std::string text;
    std::string uri;
};

// The flow: where the next block goes, and the pages so far. Blocks are
// drawn inside the structure the caller opened (a P, an LBody); the page
// number and the rules are furniture (pdf_ua.hpp), outside any text's leaf.
class Flow {
public:
    Flow(cairo_t* cr, PangoFontMap* fonts, std::string footer)
        : cr_(cr), context_(pango_font_map_create_context(fonts)), footer_(std::move(footer)) {
        pango_cairo_update_context(cr_, context_.get());
    }
    ~Flow() = default;
    Flow(const Flow&) = delete;
    Flow& operator=(const Flow&) = delete;

    cairo_t* cr() const { return cr_; }

    // A block of markup at `size_pt`, indented, then `after_pt` of space, in
    // a structure element `tag` (P, H1); with a date, right-aligned.
    void block(const char* tag, const std::string& markup, double size_pt, double after_pt, double indent_pt = 0,
               const std::string& date = {}) {
        double width = content_width() - indent_pt;
        Layout right;
        if (!date.empty()) {
            right = layout(escaped(date), size_pt, -1);
            int w = 0, h = 0;
            pango_layout_get_size(right.get(), &w, &h);
            width -= pango_units_to_double(w) + date_gap_pt;
        }
        Layout text = layout(markup, size_pt, width);
        Tag element(cr_, tag);
        draw_lines(text.get(), margin_pt + indent_pt, right.get());
        y_ += after_pt;
    }

    // A list item: LI > LBody > P, as a screen reader announces a list's entries.
    void item(const std::string& markup, double size_pt, double after_pt, double indent_pt = 0,
              const std::string& date = {}) {
        Tag li(cr_, "LI");
        Tag body(cr_, "LBody");
        block("P", markup, size_pt, after_pt, indent_pt, date);
    }

    // Pieces side by side, wrapped between pieces; those with a URI are
    // links (a Link element and its annotation), the rest Spans.
    void inline_links(const std::vector<Inline>& pieces, double size_pt, double after_pt) {
        Tag paragraph(cr_, "P");
        double x = margin_pt, line_height = 0;
        for (const auto& piece : pieces) {
            Layout l = layout(escaped(piece.text), size_pt, content_width());
            int w = 0, h = 0;
            pango_layout_get_size(l.get(), &w, &h);
            double width = pango_units_to_double(w), height = pango_units_to_double(h);
            if (x > margin_pt && x + width > page_width_pt - margin_pt) {
                x = margin_pt;
                y_ += line_height;
                line_height = 0;
            }
            if (y_ + height > bottom()) new_page();
            Tag leaf(cr_, piece.uri.empty() ? "Span" : CAIRO_TAG_LINK,
                     piece.uri.empty() ? std::string() : link_attributes(piece.uri));
            cairo_move_to(cr_, x, y_);
            pango_cairo_show_layout(cr_, l.get());
            x += width;
            line_height = std::max(line_height, height);
        }
        y_ += line_height + after_pt;
    }

    // A section heading (H2) with a rule under it, never the last thing on a
    // page, and its entry in the outline.
    void heading(const std::string& text) {
        Layout l = layout("<b>" + escaped(text) + "</b>", 12.5, content_width());
        int w = 0, h = 0;
        pango_layout_get_size(l.get(), &w, &h);
        y_ += 10;
        if (y_ + pango_units_to_double(h) + 40 > bottom()) new_page();
        std::string where = "page=" + std::to_string(page_) + " pos=[" + std::to_string(margin_pt) + " " +
                            std::to_string(y_) + "]";
        cairo_pdf_surface_add_outline(cairo_get_target(cr_), CAIRO_PDF_OUTLINE_ROOT, text.c_str(), where.c_str(),
                                      cairo_pdf_outline_flags_t{});
        {
            Tag element(cr_, "H2");
            draw_lines(l.get(), margin_pt, nullptr);
        }
        {
            Tag furniture(cr_, pdf_furniture_tag);
            cairo_set_line_width(cr_, 0.6);
            cairo_move_to(cr_, margin_pt, y_ + 2);
            cairo_line_to(cr_, page_width_pt - margin_pt, y_ + 2);
            cairo_stroke(cr_);
        }
        y_ += 8;
    }

    // A heading under a section's (H3): a year of publications, a teaching role.
    void subheading(const std::string& text) {
        if (y_ + 40 > bottom()) new_page();
        block("H3", "<b>" + escaped(text) + "</b>", 10.5, 3);
    }

    void finish() { page_number(); }

private:
    double content_width() const { return page_width_pt - 2 * margin_pt; }
    double bottom() const { return page_height_pt - margin_pt - footer_pt / 2; }

    Layout layout(const std::string& markup, double size_pt, double width_pt) {
        Layout l(pango_layout_new(context_.get()));
        Owned<PangoFontDescription, pango_font_description_free> font(pango_font_description_from_string(cv_pdf_fonts));
        pango_font_description_set_absolute_size(font.get(), size_pt * PANGO_SCALE);
        pango_layout_set_font_description(l.get(), font.get());
        if (width_pt > 0) {
            pango_layout_set_width(l.get(), pango_units_from_double(width_pt));
            pango_layout_set_wrap(l.get(), PANGO_WRAP_WORD_CHAR);
        }
        pango_layout_set_markup(l.get(), markup.c_str(), -1);
        return l;
    }

    // Each line where it fits, a new page where it does not; `right` beside
    // the first line, read before it. The text's leaf (a Span) ends before a
    // new page, so the page number drawn then is not inside it.
    void draw_lines(PangoLayout* l, double x, PangoLayout* right) {
        Owned<PangoLayoutIter, pango_layout_iter_free> it(pango_layout_get_iter(l));
        std::optional<Tag> leaf;
        bool first = true;
        do {
            PangoRectangle logical;
            pango_layout_iter_get_line_extents(it.get(), nullptr, &logical);
            double line_height = pango_units_to_double(logical.height);
            double baseline = pango_units_to_double(pango_layout_iter_get_baseline(it.get()) - logical.y);
            if (y_ + line_height > bottom()) {
                leaf.reset();
                new_page();
            }
            if (first && right) {
                Tag date(cr_, "Span");
                int w = 0, h = 0;
                pango_layout_get_size(right, &w, &h);
                cairo_move_to(cr_, page_width_pt - margin_pt - pango_units_to_double(w), y_);
                pango_cairo_show_layout(cr_, right);
            }
            if (!leaf) leaf.emplace(cr_, "Span");
            cairo_move_to(cr_, x + pango_units_to_double(logical.x), y_ + baseline);
            pango_cairo_show_layout_line(cr_, pango_layout_iter_get_line_readonly(it.get()));
            first = false;
            y_ += line_height;
        } while (pango_layout_iter_next_line(it.get()));
    }

    void page_number() {
        Layout l = layout(escaped(footer_ + " · " + std::to_string(page_)), 8, -1);
        int w = 0, h = 0;
        pango_layout_get_size(l.get(), &w, &h);
        Tag furniture(cr_, pdf_furniture_tag);
        cairo_move_to(cr_, (page_width_pt - pango_units_to_double(w)) / 2, page_height_pt - margin_pt);
        pango_cairo_show_layout(cr_, l.get());
    }

    void new_page() {
        page_number();
        cairo_show_page(cr_);
        ++page_;
        y_ = margin_pt;
    }

    cairo_t* cr_;
    Owned<PangoContext, g_object_unref> context_;
    std::string footer_;
    double y_ = margin_pt;
    int page_ = 1;
};

std::string authors_markup(const Publication& p, const Catalogue& t) {
    std::string out;
    for (std::size_t i = 0; i < p.authors.size(); ++i) {
        const Author& a = p.authors[i];
        out += escaped(t.joiner(i, p.authors.size()));
        std::string name = escaped(a.name) + (a.equal_contribution ? "*" : "");
        out += a.is_owner ? "<b>" + name + "</b>" : name;
    }
    return out;
}

void profile(Flow& f, const Content& c, std::string_view base_url) {
    f.block("H1", "<b>" + escaped(c.name) + "</b>", 20, 4);
    std::string role = c.job_title;
    if (!c.affiliation.empty()) role += (role.empty() ? "" : ", ") + c.affiliation;
    if (!role.empty()) f.block("P", escaped(role), 11, 3);
    std::vector<Inline> contact;
    auto add = [&contact](std::string text, std::string uri) {
        if (!contact.empty()) contact.push_back({.text = " · ", .uri = {}});
        contact.push_back({.text = std::move(text), .uri = std::move(uri)});
    };
    // Addresses as the pages show them, not linked: stored as shown ("a [at] b"), for people, not mailers.
    for (const auto& e : c.emails) add(e.address, {});
    add(std::string(base_url) + "/", std::string(base_url) + "/");
    for (const auto& l : c.links)
        if (is_web_link(l.url)) {
            contact.push_back({.text = " · " + l.label + ": ", .uri = {}});
            contact.push_back({.text = l.url, .uri = l.url});
        }
    f.inline_links(contact, 8.5, 6);
}

// One subheading per role, in the order roles first appear, as on /cv/.
void teaching(Flow& f, const Content& c, const Catalogue& strings) {
    f.heading(strings("section_teaching"));
    std::vector<std::string> roles;
    for (const auto& t : c.teaching)
        if (std::find(roles.begin(), roles.end(), t.role) == roles.end()) roles.push_back(t.role);
    for (const auto& role : roles) {
        f.subheading(role.empty() ? strings("cv_courses") : role);
        Tag list(f.cr(), "L");
        for (const auto& t : c.teaching)
            if (t.role == role)
                f.item("<b>" + escaped(t.course) + "</b>: " + escaped(t.title), body_size_pt, 3, 8, t.term);
    }
}

void publications(Flow& f, const Views& v, const Catalogue& t) {
    f.heading(t("section_publications"));
    for (const auto& group : publication_list(v, t, std::nullopt).groups) {
        f.subheading(group.heading);
        Tag list(f.cr(), "L");
        for (const Publication* p : group.pubs) {
            std::string venue = venue_year(*p);
            std::string awards;
            for (const auto& a : p->awards) awards += (awards.empty() ? " " : "; ") + escaped(a);
            const std::string& stop = escaped(t("sentence_end"));
            f.item(authors_markup(*p, t) + stop + " " + escaped(p->title) + stop +
                       (venue.empty() ? "" : " <i>" + escaped(venue) + "</i>" + stop) + (awards.empty() ? "" : awards + stop),
                   body_size_pt, 4, 8);
        }
    }
}

// Each section a heading (H2) and a list (L) of its entries.
void sections(Flow& f, const Views& v, const Catalogue& t) {
    const Content& c = v.content;
    auto section = [&f](bool shown, const std::string& heading, const auto& entries) {
        if (!shown) return;
        f.heading(heading);
        Tag list(f.cr(), "L");
        entries();
    };
    section(!c.education.empty(), t("section_education"), [&] {
        for (const auto& e : c.education)
            f.item((e.degree.empty() ? "" : "<b>" + escaped(e.degree) + "</b>, ") + escaped(e.institution), body_size_pt,
                   3, 0, std::to_string(e.start_year) + "–" + std::to_string(e.end_year));
    });
    section(!c.experiences.empty(), t("cv_experience"), [&] {
        for (const auto& e : c.experiences)
            f.item("<b>" + escaped(e.role) + "</b>, " + escaped(e.organization) +
                       (e.location.empty() ? "" : ", " + escaped(e.location)),
                   body_size_pt, 3, 0,
                   t.date(e.start_month) + " – " + (e.end_month.empty() ? t("present") : t.date(e.end_month)));
    });
    if (!c.publications.empty()) publications(f, v, t);
    section(!c.talks.empty(), t("talks_heading"), [&] {
        for (const auto& talk : c.talks) {
            std::string where = talk.event.empty()   ? talk.place
                                : talk.place.empty() ? talk.event
                                                     : talk.event + ", " + talk.place;
            f.item("<b>" + escaped(talk.title) + "</b>" + (where.empty() ? "" : ". " + escaped(where)), body_size_pt, 3, 0,
                   t.date(talk.date));
        }
    });
    if (!c.teaching.empty()) teaching(f, c, t);
    section(!c.services.empty(), t("cv_service"), [&] {
        for (const auto& s : c.services) f.item("<b>" + escaped(s.role) + "</b>, " + escaped(s.venue), body_size_pt, 3);
    });
    section(!c.awards.empty(), t("awards"), [&] {
        for (const auto& a : c.awards)
            f.item("<b>" + escaped(a.name) + "</b>" + (a.issuer.empty() ? "" : ", " + escaped(a.issuer)), body_size_pt, 3,
                   0, a.year ? std::to_string(*a.year) : std::string());
    });
}

std::mutex font_map_mutex;  // guards font_map() and every layout made from it

PangoFontMap* font_map() {
    static PangoFontMap* map = pango_cairo_font_map_new();  // lives as long as the process
    return map;
}

}  // namespace

std::string cv_pdf(const Views& v, const Catalogue& t, std::string_view base_url, std::int64_t modified_unix) {
    std::string out;
    std::lock_guard lock(font_map_mutex);
    Owned<cairo_surface_t, cairo_surface_destroy> surface(
        cairo_pdf_surface_create_for_stream(append_bytes, &out, page_width_pt, page_height_pt));
    std::string title = v.content.name + " — " + t("cv_heading");
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, title.c_str());
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_AUTHOR, v.content.name.c_str());
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "Vitae");
    std::string date = rfc3339_utc(modified_unix);  // ISO 8601 in UTC, as Cairo wants it
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE, date.c_str());
    {
        Owned<cairo_t, cairo_destroy> cr(cairo_create(surface.get()));
        cairo_set_source_rgb(cr.get(), 0, 0, 0);
        Flow flow(cr.get(), font_map(), title);
        {
            Tag document(cr.get(), "Document");
            profile(flow, v.content, base_url);
            sections(flow, v, t);
            flow.finish();
        }
        cairo_show_page(cr.get());
        if (cairo_status(cr.get()) != CAIRO_STATUS_SUCCESS)
            throw Error(std::string("cv.pdf: cairo: ") + cairo_status_to_string(cairo_status(cr.get())));
    }
    cairo_surface_finish(surface.get());
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
        throw Error(std::string("cv.pdf: cairo: ") + cairo_status_to_string(cairo_surface_status(surface.get())));
    return finish_pdf_ua(out, {.language = v.locale.code, .title = title, .author = v.content.name});
}

}  // namespace vitae
