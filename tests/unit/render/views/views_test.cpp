#define BOOST_TEST_MODULE views
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include "render/views/views.hpp"
#include "store/rows/content_store.hpp"
#include "store/sqlite/db.hpp"
#include "test_support.hpp"

using namespace vitae;
using namespace vitae::test;

namespace {

const Catalogue& en() { return Catalogues::builtin_english().english(); }

Content seed() {
    TempDir dir;
    auto db = Db::open(make_db(dir, fixture_content()).string(), OpenMode::read_only);
    return load_content(db);
}

std::string str(const MustacheData& d, const std::string& key) { return d.get(key)->string_value(); }

}  // namespace

BOOST_AUTO_TEST_CASE(reading_time_is_words_over_200_at_least_one) {
    BOOST_TEST(reading_minutes("") == 1);
    BOOST_TEST(reading_minutes("one two three") == 1);
    std::string text;
    for (int i = 0; i < 650; ++i) text += "word\n ";
    BOOST_TEST(reading_minutes(text) == 3);
}

BOOST_AUTO_TEST_CASE(publications_are_grouped_by_year_with_the_undated_preprint_first) {
    Views v = build_views(seed());
    PublicationList all = publication_list(v, en(), std::nullopt);
    const auto& groups = all.groups;
    std::vector<std::string> headings;
    for (const auto& g : groups) headings.push_back(g.heading);
    // quorum-games is a preprint with a year: it goes under 2023, not "Preprints".
    BOOST_TEST((headings == std::vector<std::string>{"Preprints", "2025", "2024", "2023", "2022"}));
    BOOST_TEST(groups[0].pubs.size() == 1u);
    BOOST_TEST(groups[0].pubs[0]->slug == "sketchbook");
    BOOST_TEST(groups[2].pubs.size() == 2u);  // fast-and-fair, lattice-logs: the owner's order
    BOOST_TEST(groups[2].pubs[0]->slug == "fast-and-fair");
}

BOOST_AUTO_TEST_CASE(filters_keep_one_kind_and_mark_the_current_one) {
    Views v = build_views(seed());
    PublicationList journal = publication_list(v, en(), PublicationKind::journal);
    BOOST_TEST(journal.heading == "Journal articles");
    const auto& groups = journal.groups;
    BOOST_TEST(groups.size() == 1u);
    BOOST_TEST(groups[0].pubs[0]->slug == "coral-reef-survey");
    int current = 0;
    for (const auto& f : journal.data.get("filters")->list_value())
        if (f.get("current")->is_true()) {
            ++current;
            BOOST_TEST(str(f, "href") == "/publications/journal/");
        }
    BOOST_TEST(current == 1);
}

BOOST_AUTO_TEST_CASE(paper_meta_lists_authors_in_order_and_the_venue_by_kind) {
    Views v = build_views(seed());
    auto pub = [&v](const char* slug) -> const Publication& { return v.content.publications[v.publication_index.at(slug)]; };
    auto tidepool_meta = scholar_meta(pub("tidepool"));
    const auto& meta = tidepool_meta.list_value();
    std::vector<std::string> authors;
    bool conference = false, pdf = false;
    for (const auto& m : meta) {
        if (str(m, "name") == "citation_author") authors.push_back(str(m, "content"));
        if (str(m, "name") == "citation_conference_title") conference = str(m, "content") == "SIGMOD";
        if (str(m, "name") == "citation_pdf_url") pdf = true;
    }
    BOOST_TEST((authors == std::vector<std::string>{"Inès Moreau", "Tomasz Wróbel", "Priya Raman"}));
    BOOST_TEST(conference);
    BOOST_TEST(!pdf);  // tidepool's PDF link has no URL
    std::string pdf_url;
    auto fast_meta = scholar_meta(pub("fast-and-fair"));
    for (const auto& m : fast_meta.list_value())
        if (str(m, "name") == "citation_pdf_url") pdf_url = str(m, "content");
    BOOST_TEST(pdf_url == "https://example.org/fast-and-fair.pdf");  // this one has
    BOOST_TEST(publication_description(pub("tidepool"), en()) == "Inès Moreau, Tomasz Wróbel, and Priya Raman. SIGMOD 2025.");
}

BOOST_AUTO_TEST_CASE(a_paper_page_shows_its_bibtex_and_links_its_exports) {
    Views v = build_views(seed());
    auto data = paper_page_data(v, en(), v.publication_index.at("sketchbook"));
    BOOST_TEST(str(*data.get("pub"), "bibtex").starts_with("@misc{sketchbook,"));
    BOOST_TEST(str(*data.get("pub"), "ris_url") == "/publications/sketchbook.ris");
}

BOOST_AUTO_TEST_CASE(the_home_page_lists_the_first_publications_and_posts_then_links_the_rest) {
    Content c = seed();
    BOOST_TEST(!home_data(build_views(c), en()).get("more_publications")->is_true());  // the fixture: everything
    const Publication model = c.publications.front();
    for (std::size_t i = 0; c.publications.size() < home_publication_limit + 40; ++i) {
        Publication p = model;
        p.slug = "extra-" + std::to_string(i);
        p.kind = i % 4 == 0 ? PublicationKind::preprint : PublicationKind::journal;
        p.selected = i == 37;
        c.publications.push_back(p);
    }
    while (c.posts.size() < home_post_limit + 3) {
        Post p = c.posts.front();
        p.slug = "post-" + std::to_string(c.posts.size());
        c.posts.push_back(p);
    }
    Views v = build_views(c);
    auto home = home_data(v, en());
    BOOST_TEST(home.get("publications")->list_value().size() == home_publication_limit);
    BOOST_TEST(home.get("more_publications")->is_true());
    BOOST_TEST(str(home, "publication_count") == std::to_string(c.publications.size()));
    BOOST_TEST(home.get("posts")->list_value().size() == home_post_limit);
    BOOST_TEST(home.get("more_posts")->is_true());
    // A selected paper past the limit is still listed, under "Selected".
    bool listed = false;
    for (const auto& p : home.get("selected")->list_value()) listed = listed || str(p, "slug") == "extra-37";
    BOOST_TEST(listed);
    for (const auto& p : home.get("selected")->list_value())  // not listed below: this copy keeps its id
        if (str(p, "slug") == "extra-37") BOOST_TEST(!p.get("listed_again")->is_true());
    // home_selection names exactly what the view shows (page_inputs relies on it).
    HomeSelection shown = home_selection(v.content);
    BOOST_TEST(shown.posts.size() == home_post_limit);
    std::size_t listed_count = home.get("publications")->list_value().size() + home.get("preprints")->list_value().size();
    BOOST_TEST(shown.publications.size() == listed_count + 1);  // + the selected one past the limit
}

BOOST_AUTO_TEST_CASE(a_selected_paper_also_listed_below_leaves_its_id_to_the_full_list) {
    Content c = seed();
    for (std::size_t i = 0; i < c.publications.size(); ++i) {
        Publication p = c.publications[i];
        p.selected = p.slug == "fast-and-fair";
        c.publications.replace(i, std::move(p));
    }
    auto home = home_data(build_views(c), en());
    const auto& selected = home.get("selected")->list_value();
    BOOST_REQUIRE(selected.size() == 1u);
    BOOST_TEST(str(selected[0], "slug") == "fast-and-fair");
    // publication.mustache writes id="pub-<slug>" unless listed_again: once on the page.
    BOOST_TEST(selected[0].get("listed_again")->is_true());
    bool below = false;
    for (const auto& p : home.get("publications")->list_value())
        below = below || (str(p, "slug") == "fast-and-fair" && p.get("listed_again") == nullptr);
    BOOST_TEST(below);
}

BOOST_AUTO_TEST_CASE(a_tag_page_lists_its_posts_newest_first_and_posts_link_their_tags) {
    Content c = seed();
    Post older = c.posts[1];
    older.tags = {"sketches"};
    Post newer = c.posts[0];
    newer.tags = {"sketches", "streaming"};
    c.posts = {newer, older};
    Views v = build_views(c);
    auto page = tag_page_data(v, en(), "sketches");
    const auto& posts = page.get("posts")->list_value();
    BOOST_REQUIRE(posts.size() == 2u);
    BOOST_TEST(str(posts[0], "slug") == "notes-on-sketches");
    BOOST_TEST(str(posts[1], "slug") == "reading-list");
    BOOST_TEST(str(page, "feed_url") == "/blog/tag/sketches/feed.xml");
    BOOST_TEST(tag_page_data(v, en(), "streaming").get("posts")->list_value().size() == 1u);
    auto post = post_page_data(v, en(), 0);
    const auto& tags = post.get("post")->get("tags")->list_value();
    BOOST_REQUIRE(tags.size() == 2u);
    BOOST_TEST(str(tags[1], "name") == "streaming");
    BOOST_TEST(str(tags[1], "url") == "/blog/tag/streaming/");
}

BOOST_AUTO_TEST_CASE(drafts_and_posts_dated_after_today_are_listed_nowhere) {
    Content c = seed();  // notes-on-sketches 2025-03-14, reading-list 2024-11-02
    Post draft = c.posts[0];
    draft.slug = "draft";
    draft.draft = true;
    draft.preview_token = "0123456789abcdef0123456789abcdef";
    draft.tags = {"wip"};
    Post later = c.posts[0];
    later.slug = "later";
    later.published = "2025-06-01";
    later.tags = {"wip"};
    c.posts = {later, draft, c.posts[0], c.posts[1]};
    Views v = build_views(c, "2025-05-31");
    BOOST_TEST(v.content.posts.size() == 2u);
    BOOST_TEST(v.content.posts[0].slug == "notes-on-sketches");
    BOOST_TEST(!v.post_index.contains("later"));
    BOOST_TEST(!v.post_index.contains("draft"));
    BOOST_TEST(v.tag_index.empty());  // a tag only unlisted posts have has no page
    BOOST_TEST(v.unlisted.size() == 2u);
    BOOST_TEST(v.next_release == "2025-06-01");
    BOOST_REQUIRE(v.preview_index.contains("0123456789abcdef0123456789abcdef"));
    auto preview = preview_page_data(v, en(), v.preview_index.at("0123456789abcdef0123456789abcdef"));
    BOOST_TEST(str(*preview.get("post"), "slug") == "draft");
    BOOST_TEST(preview.get("post")->get("preview")->is_true());
    // On its day the scheduled post is listed; the draft never is.
    Views on_the_day = build_views(c, "2025-06-01");
    BOOST_TEST(on_the_day.content.posts.size() == 3u);
    BOOST_TEST(on_the_day.content.posts[0].slug == "later");
    BOOST_TEST(on_the_day.next_release.empty());
    BOOST_TEST(on_the_day.tag_index.at("wip").size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_post_with_three_headings_has_a_table_of_contents_nesting_h3_under_h2) {
    Content c = seed();
    Post post = c.posts[0];
    post.body = "## One\n\n### One point one\n\n## Two\n";
    Post short_post = c.posts[1];
    short_post.body = "## Only\n\n## Two\n";
    c.posts = {post, short_post};
    Views v = build_views(c);
    auto page = post_page_data(v, en(), 0);
    const auto& data = *page.get("post");
    BOOST_TEST(data.get("has_toc")->is_true());
    const auto& toc = data.get("toc")->list_value();
    BOOST_REQUIRE(toc.size() == 2u);
    BOOST_TEST(str(toc[0], "id") == "one");
    BOOST_TEST(str(toc[0].get("subs")->list_value()[0], "text_html") == "One point one");
    BOOST_TEST(!toc[1].get("has_subs")->is_true());
    BOOST_TEST(!post_page_data(v, en(), 1).get("post")->get("has_toc")->is_true());
}

BOOST_AUTO_TEST_CASE(name_keys_ignore_order_case_dots_and_spaces) {
    BOOST_TEST(name_key("Raman, Priya") == "priya raman");
    BOOST_TEST(name_key("  PRIYA   Raman ") == "priya raman");
    BOOST_TEST(name_key("Raman, P.") == "p raman");
    BOOST_TEST(name_key("P. Raman") == "p raman");
    BOOST_TEST(name_key("Priya Raman") != name_key("P. Raman"));  // initials are a variant to list, not a guess
}

BOOST_AUTO_TEST_CASE(name_variants_mark_the_owner_and_coauthors_are_linked) {
    Content c = seed();
    c.name_variants = {"Raman, Priya"};
    c.coauthors = {{"Kenji Watanabe", "https://kenji.example", ""}, {"Tomasz Wróbel", "", "0000-0002-1825-0097"}};
    BOOST_TEST(is_owner_name(c, "Priya Raman"));
    BOOST_TEST(is_owner_name(c, c.name));
    BOOST_TEST(!is_owner_name(c, "Kenji Watanabe"));
    Views v = build_views(c);
    auto fast = paper_page_data(v, en(), v.publication_index.at("fast-and-fair"));
    const auto& authors = fast.get("pub")->get("authors")->list_value();
    BOOST_REQUIRE(authors.size() == 3u);
    BOOST_TEST(!authors[2].get("has_url")->is_false() == true);
    BOOST_TEST(authors[2].get("url")->string_value() == "https://kenji.example");
    auto tidepool_page = paper_page_data(v, en(), v.publication_index.at("tidepool"));
    const auto& tidepool = tidepool_page.get("pub")->get("authors")->list_value();
    BOOST_TEST(tidepool[1].get("url")->string_value() == "https://orcid.org/0000-0002-1825-0097");
    BOOST_TEST(tidepool[0].get("has_url")->is_false());  // the owner is never linked away
}

BOOST_AUTO_TEST_CASE(the_home_pages_data_is_made_once_per_version) {
    Views v = build_views(seed());
    auto first = v.home(en());
    BOOST_TEST(first == v.home(en()));  // the same data, not made again
    BOOST_TEST(str(*first, "name") == v.content.name);
    Content renamed = seed();
    renamed.name = "Someone Else";
    Views next = build_views(std::move(renamed));
    BOOST_TEST(str(*next.home(en()), "name") == "Someone Else");  // a new version makes its own
    BOOST_TEST(next.home(en()) != first);
}

BOOST_AUTO_TEST_CASE(the_home_page_shows_the_latest_five_news_and_links_all_of_them) {
    Content c = seed();
    BOOST_TEST(!home_data(build_views(c), en()).get("has_news")->is_true());
    for (int i = 1; i <= 7; ++i) c.news.insert(c.news.begin(), News{i, "2026-01-0" + std::to_string(i), "Item *" + std::to_string(i) + "*"});
    auto home = home_data(build_views(c), en());
    BOOST_TEST(home.get("has_news")->is_true());
    BOOST_REQUIRE(home.get("news")->list_value().size() == home_news_limit);
    const auto& first = home.get("news")->list_value().front();
    BOOST_TEST(str(first, "anchor") == "news-7");
    BOOST_TEST(str(first, "date_iso") == "2026-01-07");
    BOOST_TEST(str(first, "html") == "<p>Item <em>7</em></p>\n");
    BOOST_TEST(home.get("more_news")->is_true());
    BOOST_TEST(str(home, "news_count") == "7");
    BOOST_TEST(news_page_data(build_views(c), en()).get("news")->list_value().size() == 7u);
}

BOOST_AUTO_TEST_CASE(news_markdown_is_rendered_safe_with_math) {
    auto item = news_item_data(Views{}, en(), News{1, "2026-01-01", "$x^2$ <script>alert(1)</script> [a](javascript:alert(1))"});
    std::string html = str(item, "html");
    BOOST_TEST(html.find("<math") != std::string::npos);
    BOOST_TEST(html.find("<script") == std::string::npos);
    BOOST_TEST(html.find("javascript:") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(talks_are_grouped_by_year_newest_first_with_only_safe_links) {
    Content c = seed();
    c.talks = {{3, "2026-05-01", "Newest", "NeurIPS", "Vancouver", "/files/none.pdf", "https://v.example", "javascript:x", "About $x$."},
               {2, "2026-01-01", "Same year", "", "", "", "", "", ""},
               {1, "2024-03-01", "Oldest", "", "Online", "", "", "", ""}};
    auto page = talks_page_data(build_views(c), en());
    const auto& years = page.get("years")->list_value();
    BOOST_REQUIRE(years.size() == 2u);
    BOOST_TEST(str(years[0], "year") == "2026");
    BOOST_TEST(str(years[0], "id") == "y2026");
    BOOST_TEST(years[0].get("talks")->list_value().size() == 2u);
    BOOST_TEST(str(years[1], "year") == "2024");
    const auto& newest = years[0].get("talks")->list_value().front();
    BOOST_TEST(str(newest, "anchor") == "talk-3");
    const auto& links = newest.get("links")->list_value();
    BOOST_REQUIRE(links.size() == 2u);  // the javascript: URL is no link
    BOOST_TEST(str(links[0], "label") == "Slides");
    BOOST_TEST(str(links[1], "url") == "https://v.example");
    BOOST_TEST(newest.get("has_abstract")->is_true());
    BOOST_TEST(str(newest, "abstract_html").find("<math") != std::string::npos);
}

namespace {

Content seed_with(const std::string& sql) {
    TempDir dir;
    auto db = Db::open(make_db(dir, fixture_content() + sql).string(), OpenMode::read_only);
    return load_content(db);
}

// A picture with a WebP copy, a PDF, and a project using them.
const std::string with_project =
    "INSERT INTO file (name, type, size, digest, width, height, alt, bytes, variant_of) VALUES "
    "('reef.png', 'image/png', 3, '" + std::string(64, 'a') + "', 1200, 800, '', X'010203', ''),"
    "('reef-480.webp', 'image/webp', 3, '" + std::string(64, 'b') + "', 480, 320, '', X'010203', 'reef.png'),"
    "('data.csv', 'text/csv', 3, '" + std::string(64, 'c') + "', 0, 0, '', X'010203', '');"
    "INSERT INTO project (slug, position, title, summary, markdown, image) VALUES "
    "('reefs', 1, 'Reef surveys', 'Counting *coral*.', 'Body with $x^2$ and <script>alert(1)</script>.', 'reef.png'),"
    "('plain', 2, 'Plain', '', '', 'data.csv');"
    "INSERT INTO project_link (project_slug, position, label, url) VALUES ('reefs', 1, 'Code', 'https://c.example'),"
    " ('reefs', 2, 'Data', '/files/data.csv'), ('reefs', 3, 'Bad', 'javascript:alert(1)');"
    "INSERT INTO project_publication (project_slug, publication_id) VALUES ('reefs', 4);"
    "INSERT INTO project_post (project_slug, post_slug) VALUES ('reefs', 'reading-list');"
    "UPDATE publication SET preview = 'reef.png' WHERE id = 4;";

}  // namespace

BOOST_AUTO_TEST_CASE(the_projects_page_lists_each_in_order_with_its_picture_and_summary) {
    Views v = build_views(seed_with(with_project));
    auto page = projects_page_data(v, en());
    const auto& projects = page.get("projects")->list_value();
    BOOST_REQUIRE(projects.size() == 2u);
    BOOST_TEST(str(projects[0], "url") == "/projects/reefs");
    BOOST_TEST(str(projects[0], "summary_html") == "<p>Counting <em>coral</em>.</p>\n");
    BOOST_TEST(projects[0].get("has_image")->is_true());
    const auto& image = *projects[0].get("image");
    BOOST_TEST(str(image, "url") == "/files/aaaaaaaaaaaa/reef.png");
    BOOST_TEST(str(image, "width") == "1200");
    BOOST_TEST(str(image, "height") == "800");
    BOOST_TEST(str(image, "alt") == "Reef surveys");  // the file has none: the title
    BOOST_TEST(str(image, "webp_srcset") == "/files/bbbbbbbbbbbb/reef-480.webp 480w");
    BOOST_TEST(!image.get("has_avif_srcset")->is_true());
    BOOST_TEST(!projects[1].get("has_image")->is_true());  // a CSV is no picture
    BOOST_TEST(!projects[1].get("has_summary")->is_true());
}

BOOST_AUTO_TEST_CASE(a_project_page_has_its_safe_body_links_papers_and_posts) {
    Views v = build_views(seed_with(with_project));
    auto page = project_page_data(v, en(), 0);
    const auto& p = *page.get("project");
    std::string body = str(p, "body_html");
    BOOST_TEST(body.find("<math") != std::string::npos);
    BOOST_TEST(body.find("<script") == std::string::npos);
    const auto& links = p.get("links")->list_value();
    BOOST_REQUIRE(links.size() == 2u);  // the javascript: URL is no link
    BOOST_TEST(str(links[0], "url") == "https://c.example");
    BOOST_TEST(str(links[1], "url") == "/files/cccccccccccc/data.csv");  // content-addressed
    const auto& pubs = p.get("publications")->list_value();
    BOOST_REQUIRE(pubs.size() == 1u);
    BOOST_TEST(str(pubs[0], "url") == "/publications/coral-reef-survey");
    const auto& posts = p.get("posts")->list_value();
    BOOST_REQUIRE(posts.size() == 1u);
    BOOST_TEST(str(posts[0], "url") == "/blog/reading-list");
}

// A database written before the link rule (or by hand) may hold any URL: a
// page links only what rules/link takes, the rest is its label alone.
BOOST_AUTO_TEST_CASE(stored_links_the_rule_refuses_are_no_links_on_any_page) {
    Content c = seed_with(
        "UPDATE publication_link SET url = 'javascript:alert(1)' WHERE publication_id = 2 AND position = 1;"
        "INSERT INTO publication_link (publication_id, position, label, url) VALUES"
        " (2, 10, 'Data', 'data:text/html,<script>alert(2)</script>'), (2, 11, 'VB', ' VBScript:msgbox(3)'),"
        " (2, 12, 'Tab', 'java' || char(9) || 'script:alert(4)'), (2, 13, 'Ok', 'https://ok.example/');"
        "INSERT INTO profile_link (position, label, url) VALUES (10, 'Evil', 'JaVaScRiPt:alert(5)'),"
        " (11, 'Mail', 'mailto:me@example.org');"
        "INSERT INTO coauthor (name, url, orcid) VALUES ('Kenji Watanabe', 'javascript:alert(6)', '');");
    Views v = build_views(c);
    auto page = paper_page_data(v, en(), v.publication_index.at("fast-and-fair"));
    std::vector<std::string> hrefs;
    for (const auto& l : page.get("pub")->get("links")->list_value())
        if (l.get("has_url")->is_true()) hrefs.push_back(str(l, "url"));
    BOOST_TEST(std::count(hrefs.begin(), hrefs.end(), "https://ok.example/") == 1);
    for (const auto& h : hrefs) BOOST_TEST((h.starts_with("https://") || h.starts_with("/")), h);
    for (const auto& a : page.get("pub")->get("authors")->list_value())
        if (a.get("has_url")->is_true()) BOOST_TEST(str(a, "url").starts_with("https://"), str(a, "url"));
    auto home = home_data(v, en());
    std::vector<std::string> profile;
    for (const auto& l : home.get("links")->list_value())
        if (l.get("has_url")->is_true()) profile.push_back(str(l, "url"));
    BOOST_TEST((std::find(profile.begin(), profile.end(), "mailto:me@example.org") != profile.end()));
    for (const auto& h : profile) BOOST_TEST(h.find("script") == std::string::npos, h);
    BOOST_TEST(link_target(v, "javascript:alert(1)", "") == "");
    BOOST_TEST(link_target(v, "/blog/", "https://example.org") == "https://example.org/blog/");
}

BOOST_AUTO_TEST_CASE(a_paper_with_a_preview_shows_the_picture_in_lists_and_on_its_page) {
    Views v = build_views(seed_with(with_project));
    auto page = paper_page_data(v, en(), v.publication_index.at("coral-reef-survey"));
    const auto& pub = *page.get("pub");
    BOOST_REQUIRE(pub.get("has_preview")->is_true());
    const auto& preview = *pub.get("preview");
    BOOST_TEST(str(preview, "url") == "/files/aaaaaaaaaaaa/reef.png");
    BOOST_TEST(str(preview, "alt") == str(pub, "title"));
    auto other = paper_page_data(v, en(), v.publication_index.at("tidepool"));
    BOOST_TEST(!other.get("pub")->get("has_preview")->is_true());
}
