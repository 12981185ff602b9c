// The editor's pasted BibTeX (publications/bibtex): entries added through
// the import `vitae import-bibtex` uses, each logged and undoable; a stored
// key or DOI reported, not added twice; an unreadable entry, an empty,
// oversized or non-UTF-8 paste refused with nothing written. And an upload
// in the editor gets the WebP/AVIF copies `vitae add file` makes.
#define BOOST_TEST_MODULE edit_bibtex
#include <boost/test/unit_test.hpp>

#include "base/limits.hpp"
#include "edit_fixture.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

EditAnswer paste(EditFixture& f, std::string bibtex) { return f.post("publications/bibtex", form_of({{"bibtex", std::move(bibtex)}})); }

const std::string two_papers = R"(@inproceedings{moreau2026tides,
  title = {Tides of {SQL}: Views at Sea},
  author = {Moreau, In{\`e}s and Li, Bo},
  booktitle = {Proc. CIDR},
  year = 2026,
  doi = {10.1145/tides.2026}
}
Some note between entries, as .bib files have them.
@article{li2025, title = {Queues <script>alert(1)</script> Considered}, author = {Bo Li}, journal = {CACM}, year = {2025}}
)";

}  // namespace

BOOST_AUTO_TEST_CASE(the_paste_page_is_a_form_with_a_text_area_linked_from_the_publications_list) {
    EditFixture f;
    BOOST_TEST(has(f.get("publications").body_html, "href=\"/_vitae/edit/s/publications/bibtex\""));
    BOOST_TEST(!has(f.get("links").body_html, "/bibtex\""));  // only publications have it
    auto a = f.get("publications/bibtex");
    BOOST_TEST(a.status == 200);
    BOOST_TEST(has(a.body_html, "<textarea id=\"f-bibtex\" name=\"bibtex\""), a.body_html);
    BOOST_TEST(has(a.body_html, "name=\"csrf\" value=\"tok\""));
    BOOST_TEST(has(a.body_html, "action=\"/_vitae/edit/s/publications/bibtex\""));
    BOOST_TEST(f.editor.handle(f.db.string(), {.method = Method::other, .path = "publications/bibtex", .form = nullptr, .user = "ann",
                                               .csrf_token = "tok", .mount = "/_vitae/edit/s/"}).status == 405);
}

BOOST_AUTO_TEST_CASE(pasted_entries_are_added_as_import_bibtex_maps_them_logged_and_shown_on_the_site) {
    EditFixture f;
    auto a = paste(f, two_papers);
    BOOST_TEST(a.status == 200, a.body_html);
    BOOST_TEST(has(a.body_html, "Tides of SQL: Views at Sea"), a.body_html);
    BOOST_TEST(has(a.body_html, "Queues &lt;script&gt;"), a.body_html);  // escaped on the editor's page
    BOOST_TEST(!has(a.body_html, "<script>"));
    BOOST_TEST(f.scalar("SELECT count(*) FROM publication") == "8");
    BOOST_TEST(f.scalar("SELECT slug || '|' || kind || '|' || venue || '|' || year || '|' || doi FROM publication "
                        "WHERE slug = 'moreau2026tides'") == "moreau2026tides|conference|Proc. CIDR|2026|10.1145/tides.2026");
    // The owner's name is matched as the import matches it (the profile is Inès Moreau).
    BOOST_TEST(f.scalar("SELECT group_concat(name || is_owner, ',') FROM publication_author WHERE publication_id = "
                        "(SELECT id FROM publication WHERE slug = 'moreau2026tides')") == "Inès Moreau1,Bo Li0");
    BOOST_TEST(f.scalar("SELECT group_concat(who || ' ' || item || ' ' || action || ' ' || (before IS NULL) || "
                        "(json_extract(after, '$.title') IS NOT NULL), ',') FROM edit_log") ==
               "ann publication insert 11,ann publication insert 11");
    auto id = f.scalar("SELECT id FROM publication WHERE slug = 'li2025'");
    BOOST_TEST(f.scalar("SELECT count(*) FROM edit_log WHERE key = '" + id + "'") == "1");
    auto page = f.public_page("/publications/");
    BOOST_TEST(has(page, "Tides of SQL: Views at Sea"));
    BOOST_TEST(!has(page, "<script>alert(1)"));
    // Each is one insert in the log, so its undo takes it away again.
    BOOST_TEST(f.post("publications/" + id + "/undo", form_of({})).status == 303);
    BOOST_TEST(f.scalar("SELECT count(*) FROM publication WHERE slug = 'li2025'") == "0");
}

BOOST_AUTO_TEST_CASE(an_entry_whose_key_or_doi_is_stored_is_reported_and_not_added_again) {
    EditFixture f;
    BOOST_TEST(paste(f, two_papers).status == 200);
    auto before = f.dump();
    auto again = paste(f, two_papers + "@misc{another, title = {Tides Again}, doi = {10.1145/TIDES.2026}}\n"
                                       "@misc{tidepool, title = {A different Tidepool}}\n");
    BOOST_TEST(again.status == 200, again.body_html);
    BOOST_TEST(has(again.body_html, "Already there, not added again"), again.body_html);
    BOOST_TEST(has(again.body_html, "the DOI 10.1145/TIDES.2026 is already"), again.body_html);
    BOOST_TEST(has(again.body_html, "the key &quot;tidepool&quot; is already"), again.body_html);
    BOOST_TEST(has(again.body_html, "href=\"/_vitae/edit/s/publications/1\""));  // the stored one, to open
    BOOST_TEST(!has(again.body_html, "Added:"));
    BOOST_TEST(f.dump() == before);
    // Twice in one paste: the copy is reported, the first added.
    auto twice = paste(f, "@article{dup, title = {Twice}, year = 2020}\n@article{dup, title = {Twice}, year = 2020}\n");
    BOOST_TEST(twice.status == 200, twice.body_html);
    BOOST_TEST(f.scalar("SELECT count(*) FROM publication WHERE title = 'Twice'") == "1");
    BOOST_TEST(has(twice.body_html, "repeats the entry at line 1"), twice.body_html);
}

BOOST_AUTO_TEST_CASE(an_entry_that_is_a_stored_work_by_its_arxiv_id_or_title_and_year_is_not_added_but_another_doi_is) {
    EditFixture f;
    BOOST_TEST(paste(f, two_papers).status == 200);
    auto a = paste(f, "@misc{tides-preprint, title = {Tides of SQL: views at sea}, year = 2026, eprint = {2601.00001},"
                      " archiveprefix = {arXiv}}\n"  // no DOI: the stored paper by its title and year
                      "@article{tides-erratum, title = {Tides of {SQL}: Views at Sea}, journal = {CIDR}, year = 2026,"
                      " doi = {10.1145/tides.2026.erratum}}\n"  // another DOI: another work
                      "@misc{one, title = {One}, arxiv = {2601.00002}}\n@misc{two, title = {Two}, arxiv = {arXiv:2601.00002v2}}\n");
    BOOST_TEST(a.status == 200, a.body_html);
    BOOST_TEST(has(a.body_html, "its title and year are already &quot;Tides of SQL: Views at Sea&quot;"), a.body_html);
    BOOST_TEST(has(a.body_html, "the arXiv id arXiv:2601.00002v2 is also &quot;one&quot;&apos;s, above"), a.body_html);
    BOOST_TEST(f.scalar("SELECT group_concat(slug, ',') FROM (SELECT slug FROM publication WHERE slug IN "
                        "('tides-preprint', 'tides-erratum', 'one', 'two') ORDER BY slug)") == "one,tides-erratum");
}

BOOST_AUTO_TEST_CASE(an_entry_that_cannot_be_read_refuses_the_paste_naming_its_line_and_nothing_is_written) {
    EditFixture f;
    auto before = f.dump();
    auto a = paste(f, "@article{good, title = {Good One}, year = 2020}\n\n@article{notitle, year = 2021}\n"
                      "@article{broken, title = {Unclosed, year = 2022\n");
    BOOST_TEST(a.status == 400);
    BOOST_TEST(has(a.body_html, "Nothing was added"), a.body_html);
    BOOST_TEST(has(a.body_html, "Line 3 (notitle)"), a.body_html);
    BOOST_TEST(has(a.body_html, "Line 4"), a.body_html);
    BOOST_TEST(has(a.body_html, ">@article{good, title = {Good One}"), a.body_html);  // kept in the form to correct
    BOOST_TEST(f.dump() == before);
}

BOOST_AUTO_TEST_CASE(an_empty_oversized_or_non_utf8_paste_is_refused_before_the_database_is_touched) {
    EditFixture f;
    auto before = f.dump();
    auto empty = paste(f, "  \n");
    BOOST_TEST(empty.status == 400);
    BOOST_TEST(has(empty.body_html, "Paste one or more BibTeX entries"), empty.body_html);
    BOOST_TEST(paste(f, "just some words, no entry").status == 400);
    auto big = paste(f, "@misc{big, title = {" + std::string(limits::max_bibtex_paste_bytes, 'x') + "}}");
    BOOST_TEST(big.status == 413);
    BOOST_TEST(has(big.body_html, "more than the limit of " + std::to_string(limits::max_bibtex_paste_bytes)), big.body_html);
    BOOST_TEST(big.body_html.size() < 8192);  // not echoed back
    BOOST_TEST(paste(f, "@misc{latin, title = {Caf\xe9}}").status == 400);
    BOOST_TEST(f.post("publications/bibtex", form_of({})).status == 400);
    BOOST_TEST(f.dump() == before);
}

BOOST_AUTO_TEST_CASE(a_picture_uploaded_in_the_editor_gets_the_copies_vitae_add_file_makes) {
    EditFixture f;
    FormData form = form_of({{"version", "new"}, {"name", ""}, {"alt", "Me"}});
    form.files.push_back({.field = "upload", .filename = "Me.png", .content_type = "image/png", .bytes = tiny_png()});
    auto a = f.post("files/new", form);
    BOOST_TEST(a.status == 303, a.body_html);
    BOOST_TEST(f.scalar("SELECT group_concat(name || ' ' || type || ' ' || variant_of || ' ' || alt, ',') FROM "
                        "(SELECT * FROM file ORDER BY name)") ==
               "me-1w.avif image/avif me.png Me,me-1w.webp image/webp me.png Me,me.png image/png  Me");
    BOOST_TEST(!has(f.get("files").body_html, "me-1w"));  // the copies are not the owner's files to edit
    BOOST_TEST(f.post("files/me.png/delete", form_of({{"version", f.version_at("files/me.png")}})).status == 303);
    BOOST_TEST(f.scalar("SELECT count(*) FROM file") == "0");  // the copies go with it
}

// The paste goes through the link rule as the import does: a javascript: or
// data: target is no link (said on the page, its field kept as written), and
// no public page links it.
BOOST_AUTO_TEST_CASE(a_pasted_script_url_is_no_link_and_no_page_links_it) {
    EditFixture f;
    auto a = paste(f, "@misc{hostile, title = {Hostile}, author = {Bo Li}, year = {2025},\n"
                      "  url = {javascript:alert(document.domain)}, pdf = {JaVaScRiPt:alert(1)},\n"
                      "  code = {data:text/html,x}, website = {https://example.org/ok}}\n");
    BOOST_TEST(a.status == 200, a.body_html);
    BOOST_TEST(has(a.body_html, "kept as written, not a link"), a.body_html);
    BOOST_TEST(f.scalar("SELECT group_concat(url, ' ') FROM publication_link WHERE publication_id = "
                        "(SELECT id FROM publication WHERE slug = 'hostile')") == "https://example.org/ok");
    for (const char* path : {"/publications/", "/publications/hostile", "/"}) {
        std::string page = f.public_page(path);
        BOOST_TEST(!has(page, "href=\"javascript"), path);
        BOOST_TEST(!has(page, "href=\"JaVaScRiPt"), path);
        BOOST_TEST(!has(page, "href=\"data:text"), path);
    }
}
