#include "site/page_inputs.hpp"

#include <algorithm>
#include <tuple>
#include <set>

#include "render/formats/syndication.hpp"
#include "rules/link.hpp"

namespace vitae {

namespace {

using Stamp = std::uint64_t;

std::size_t list_slot(std::optional<PublicationKind> kind) { return kind ? static_cast<std::size_t>(*kind) + 1 : 0; }

// Name keys whose co-author page (the link on their name) was added, changed or removed.
std::set<std::string, std::less<>> changed_people(const People& before, const People& after) {
    std::set<std::string, std::less<>> out;
    for (const auto& [key, url] : before)
        if (auto it = after.find(key); it == after.end() || it->second != url) out.insert(key);
    for (const auto& [key, url] : after)
        if (!before.contains(key)) out.insert(key);
    return out;
}

// Names of the stored files that were added, changed or removed.
std::set<std::string, std::less<>> changed_files(const Content& before, const Content& after) {
    std::set<std::string, std::less<>> out;
    for (const auto& f : before.files)
        if (const StoredFile* now = after.file(f.name); !now || !(*now == f)) out.insert(f.name);
    for (const auto& f : after.files)
        if (!before.file(f.name)) out.insert(f.name);
    return out;
}

// Whether `url` is a /files/ link to one of these files (the views make
// such a link the file's content-addressed URL, which changes with its bytes).
bool names_one_of(std::string_view url, const std::set<std::string, std::less<>>& files) {
    auto name = file_link_name(url);
    return name && files.contains(*name);
}

bool links_file(const std::vector<Link>& links, const std::set<std::string, std::less<>>& files) {
    if (files.empty()) return false;
    for (const auto& l : links)
        if (names_one_of(l.url, files)) return true;
    return false;
}

// Whether the stored picture `name` or a smaller copy made of it is among the changed `files`.
bool picture_touched(const std::set<std::string, std::less<>>& files, const Content& before, const Content& after,
                     const std::string& name) {
    if (name.empty()) return false;
    for (const auto& changed : files) {
        const StoredFile* f = after.file(changed);
        if (!f) f = before.file(changed);
        if (changed == name || (f && f->variant_of == name)) return true;
    }
    return false;
}

// The two versions side by side, with what several inputs share worked out once.
struct Versions {
    const Views& before;
    const Views& after;
    const Stamp now;
    std::set<std::string, std::less<>> people;  // changed co-author pages
    std::set<std::string, std::less<>> files;   // changed stored files
    static constexpr std::size_t none = static_cast<std::size_t>(-1);
    std::vector<std::size_t> old_paper;         // by index in after: its index in before, or none
    std::vector<bool> row_changed;              // by index in after: new, or its row differs
    std::vector<bool> people_touched;           // by index in after: an author's page or a linked file changed

    Versions(const Views& b, const Views& a, Stamp generation)
        : before(b), after(a), now(generation), people(changed_people(b.people, a.people)),
          files(changed_files(b.content, a.content)) {
        const auto& pubs = after.content.publications;
        old_paper.resize(pubs.size(), none);
        row_changed.resize(pubs.size());
        people_touched.resize(pubs.size());
        for (std::size_t i = 0; i < pubs.size(); ++i) {
            auto old = before.publication_index.find(pubs[i].slug);
            if (old != before.publication_index.end()) old_paper[i] = old->second;
            row_changed[i] = old == before.publication_index.end() || !pubs.same(i, before.content.publications, old->second);
            for (const auto& author : pubs[i].authors)
                if (!people.empty() && people.contains(name_key(author.name))) people_touched[i] = true;
            if (links_file(pubs[i].links, files)) people_touched[i] = true;
            if (picture_touched(files, b.content, a.content, pubs[i].preview)) people_touched[i] = true;
        }
    }

    // The stamp an input gets: unchanged keeps the old one.
    Stamp stamp(bool same, Stamp old) const { return same ? old : now; }

    // Whether the publications at these indexes (in before and after) show the same.
    bool same_publications(const std::vector<std::size_t>& old_indexes, const std::vector<std::size_t>& new_indexes) const {
        if (old_indexes.size() != new_indexes.size()) return false;
        for (std::size_t k = 0; k < new_indexes.size(); ++k) {
            std::size_t i = new_indexes[k];
            if (row_changed[i] || people_touched[i]) return false;
            if (old_paper[i] != old_indexes[k]) return false;  // another paper in this place
        }
        return true;
    }
};

std::vector<std::size_t> members(const Content& c, std::optional<PublicationKind> kind) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < c.publications.size(); ++i)
        if (!kind || c.publications[i].kind == *kind) out.push_back(i);
    return out;
}

std::size_t preprint_count(const Content& c) {
    return static_cast<std::size_t>(
        std::count_if(c.publications.begin(), c.publications.end(), [](const Publication& p) { return kind_row(p.kind).preprint; }));
}

// The photo, or one of the smaller copies made of it, was added, changed or removed.
bool photo_changed(const Versions& v, const std::string& photo) {
    if (photo.empty()) return false;
    for (const auto& name : v.files) {
        const StoredFile* f = v.after.content.file(name);
        if (!f) f = v.before.content.file(name);
        if (name == photo || (f && f->variant_of == photo)) return true;
    }
    return false;
}

// Everything home_data() reads: the profile and sections (and the JSON-LD
// made from them), the posts and publications home_selection() picks, and
// the counts behind "All N posts/publications".
bool same_home(const Versions& v) {
    const Content& a = v.before.content;
    const Content& b = v.after.content;
    if (a.name != b.name || a.affiliation != b.affiliation || a.job_title != b.job_title ||
        a.bio_markdown != b.bio_markdown || a.emails != b.emails || a.links != b.links || a.education != b.education ||
        a.teaching != b.teaching || a.services != b.services || a.experiences != b.experiences || a.awards != b.awards ||
        a.photo != b.photo || photo_changed(v, b.photo) || links_file(b.links, v.files))
        return false;
    // The latest news and their count ("All N news").
    if (a.news.size() != b.news.size() ||
        !std::equal(a.news.begin(), a.news.begin() + std::min(a.news.size(), home_news_limit), b.news.begin()))
        return false;
    if (a.posts.size() != b.posts.size() || a.publications.size() != b.publications.size() ||
        preprint_count(a) != preprint_count(b))
        return false;
    HomeSelection old_shown = home_selection(a), new_shown = home_selection(b);
    if (old_shown.posts.size() != new_shown.posts.size()) return false;
    for (std::size_t k = 0; k < new_shown.posts.size(); ++k)
        if (!a.posts.same(old_shown.posts[k], b.posts, new_shown.posts[k])) return false;
    return v.same_publications(old_shown.publications, new_shown.publications);
}

// /talks/: its rows, and the stored files they link (at their content-addressed URLs).
bool same_talks(const Versions& v) {
    const Content& a = v.before.content;
    const Content& b = v.after.content;
    if (a.talks != b.talks) return false;
    for (const auto& t : b.talks)
        for (const auto* url : {&t.url_slides, &t.url_video, &t.url_event})
            if (names_one_of(*url, v.files)) return false;
    return true;
}

// A project as /projects/ shows it: slug, title, summary, picture.
bool same_project_head(const Versions& v, const Project& a, const Project& b) {
    return a.slug == b.slug && a.title == b.title && a.summary == b.summary && a.image == b.image &&
           !picture_touched(v.files, v.before.content, v.after.content, b.image);
}

bool same_projects(const Versions& v) {
    const auto& a = v.before.content.projects;
    const auto& b = v.after.content.projects;
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < b.size(); ++i)
        if (!same_project_head(v, a[i], b[i])) return false;
    return true;
}

// A project's page: the project, its files, and each paper and post it
// shows as its page shows it (a paper's row and co-authors, a post's row).
bool same_project(const Versions& v, const Project& now) {
    const auto& old_projects = v.before.content.projects;
    auto old = std::find_if(old_projects.begin(), old_projects.end(), [&](const Project& p) { return p.slug == now.slug; });
    if (old == old_projects.end() || !(*old == now) || !same_project_head(v, *old, now)) return false;
    if (links_file(now.links, v.files)) return false;
    for (const auto& slug : now.publications) {
        auto i = v.after.publication_index.find(slug);
        auto j = v.before.publication_index.find(slug);
        if ((i == v.after.publication_index.end()) != (j == v.before.publication_index.end())) return false;
        if (i != v.after.publication_index.end() && (v.row_changed[i->second] || v.people_touched[i->second]))
            return false;
    }
    for (const auto& slug : now.posts) {
        auto i = v.after.post_index.find(slug);
        auto j = v.before.post_index.find(slug);
        if ((i == v.after.post_index.end()) != (j == v.before.post_index.end())) return false;
        if (i != v.after.post_index.end() && !v.after.content.posts.same(i->second, v.before.content.posts, j->second))
            return false;
    }
    return true;
}

// The CV (/cv/, /cv.pdf, /cv.json, core/render/cv_*): the profile as it
// shows it and the rows of its sections, every publication among them
// (compared row by row, shared rows cheaply).
bool same_cv(const Content& a, const Content& b) {
    return a.name == b.name && a.affiliation == b.affiliation && a.job_title == b.job_title && a.emails == b.emails &&
           a.links == b.links && a.education == b.education && a.experiences == b.experiences &&
           a.talks == b.talks && a.teaching == b.teaching && a.services == b.services && a.awards == b.awards &&
           a.publications == b.publications;
}

// A post page: the post, the stored pictures it shows, and the title and URL
// of the one before and after it.
bool same_post(const Versions& v, std::size_t i) {
    const auto& posts = v.after.content.posts;
    const auto& old_posts = v.before.content.posts;
    auto old = v.before.post_index.find(posts[i].slug);
    if (old == v.before.post_index.end() || !posts.same(i, old_posts, old->second)) return false;
    for (const auto& name : v.files)  // a stored picture it shows (views.cpp: ![alt](/files/<name>))
        if (posts[i].body.find("/files/" + name) != std::string::npos) return false;
    std::size_t j = old->second;
    auto same_neighbour = [&](bool has, std::size_t n, bool had, std::size_t o) {
        if (has != had) return false;
        return !has || (posts[n].slug == old_posts[o].slug && posts[n].title == old_posts[o].title);
    };
    return same_neighbour(i + 1 < posts.size(), i + 1, j + 1 < old_posts.size(), j + 1) &&
           same_neighbour(i > 0, i - 1, j > 0, j - 1);
}

bool same_list(const Versions& v, std::optional<PublicationKind> kind) {
    return kinds_in(v.before.content) == kinds_in(v.after.content) &&
           v.same_publications(members(v.before.content, kind), members(v.after.content, kind));
}

// A tag page (and its feed): the very rows of its posts, in the same order.
bool same_tag(const Versions& v, const std::string& tag, const std::vector<std::size_t>& now) {
    auto old = v.before.tag_index.find(tag);
    if (old == v.before.tag_index.end() || old->second.size() != now.size()) return false;
    for (std::size_t k = 0; k < now.size(); ++k)
        if (!v.after.content.posts.same(now[k], v.before.content.posts, old->second[k])) return false;
    return true;
}

Stamp old_stamp(const std::map<std::string, Stamp, std::less<>>& stamps, std::string_view key) {
    auto it = stamps.find(key);
    return it == stamps.end() ? 0 : it->second;
}

// A draft's preview: its row alone (no neighbours, no lists).
bool same_preview(const Versions& v, std::string_view token, std::size_t now) {
    auto old = v.before.preview_index.find(token);
    return old != v.before.preview_index.end() && v.after.unlisted.same(now, v.before.unlisted, old->second);
}

// sitemap_entries(a) == sitemap_entries(b), without making them when the
// rows are the very same ones (an edit shares every row it did not change).
// The nav's pages: which, in which order, under which title (and its lang).
bool same_menu(const Versions& v) {
    auto menu = [](const Views& views) {
        std::vector<std::tuple<std::string_view, std::string_view, std::string>> out;
        for (const auto& p : views.content.pages)
            if (p.in_menu) out.emplace_back(p.slug, p.title, views.lang_of("page", p.slug));
        return out;
    };
    return menu(v.before) == menu(v.after);
}

// A page of the owner's own: its row, and the stored files (a picture its body names).
bool same_page(const Versions& v, const OwnPage& now) {
    const auto& old_pages = v.before.content.pages;
    auto old = std::find_if(old_pages.begin(), old_pages.end(), [&](const OwnPage& p) { return p.slug == now.slug; });
    return old != old_pages.end() && *old == now && v.files.empty() &&
           v.before.lang_of("page", now.slug) == v.after.lang_of("page", now.slug);
}

bool same_sitemap(const Content& a, const Content& b) {
    bool shared = a.posts.size() == b.posts.size() && a.publications.size() == b.publications.size();
    for (std::size_t i = 0; shared && i < a.posts.size(); ++i) shared = a.posts.shared(i) == b.posts.shared(i);
    for (std::size_t i = 0; shared && i < a.publications.size(); ++i)
        shared = a.publications.shared(i) == b.publications.shared(i);
    shared = shared && a.news.empty() == b.news.empty() && a.talks.empty() == b.talks.empty() &&
             has_cv(a) == has_cv(b) &&
             (a.news.empty() || a.news.front().date == b.news.front().date) &&
             (a.talks.empty() || a.talks.front().date == b.talks.front().date);
    shared = shared && a.projects.size() == b.projects.size() &&
             std::equal(a.projects.begin(), a.projects.end(), b.projects.begin(),
                        [](const Project& x, const Project& y) { return x.slug == y.slug; });
    shared = shared && a.pages.size() == b.pages.size() &&
             std::equal(a.pages.begin(), a.pages.end(), b.pages.begin(),
                        [](const OwnPage& x, const OwnPage& y) { return x.slug == y.slug; });
    return shared || sitemap_entries(a) == sitemap_entries(b);
}

// Whether one part of the group (its members, its works) is the same in
// both versions: the same version of the group, or equal rows.
template <typename Part>
bool same_group(const Site& before, const Site& after, Part Group::*part) {
    if (before.group == after.group) return true;
    return before.group && after.group && (*before.group).*part == (*after.group).*part;
}

// Whether the members are the same people at the same sites (what an author's link names).
bool same_member_links(const Site& before, const Site& after) {
    if (before.group == after.group) return true;
    if (!before.group || !after.group || before.group->members.size() != after.group->members.size()) return false;
    return std::equal(before.group->members.begin(), before.group->members.end(), after.group->members.begin(),
                      [](const GroupMember& a, const GroupMember& b) { return a.name == b.name && a.base_url == b.base_url; });
}

Stamp template_stamp(const InputStamps& s, std::string_view name) {
    auto it = s.templates.find(name);
    return it == s.templates.end() ? 0 : it->second;
}

InputStamps first_language_stamps(const Site& site, std::size_t language) {
    InputStamps stamps;
    InputStamps* s = &stamps;
    const Views& views = site.views(language);
    Stamp g = site.generation;
    s->owner_name = s->nav = s->home = s->blog = s->feed = s->news = s->talks = s->projects = s->cv = s->sitemap =
        s->bibtex_all = g;
    s->strings = g;
    s->people = s->group_works = s->contact = g;
    s->lists.fill(g);
    s->posts.assign(views.content.posts.size(), g);
    for (const auto& [tag, posts] : views.tag_index) s->tags.emplace(tag, g);
    for (const auto& [token, index] : views.preview_index) s->previews.emplace(token, g);
    s->papers.assign(views.content.publications.size(), g);
    s->citations = s->papers;
    s->files.assign(views.content.files.size(), g);
    for (const auto& p : views.content.projects) s->project_pages.emplace(p.slug, g);
    for (const auto& p : views.content.pages) s->pages.emplace(p.slug, g);
    for (const auto& [name, text] : site.templates->expanded()) s->templates.emplace(name, g);
    return stamps;
}

// The text of the catalogue a language's pages use, and of English (which fills its gaps).
std::pair<std::string_view, std::string_view> strings_text(const Site& site, std::size_t language) {
    const auto& sources = site.templates->catalogues().sources();
    auto text = [&sources](const std::string& code) {
        auto it = sources.find(code);
        return it == sources.end() ? std::string_view() : std::string_view(it->second);
    };
    return {text(site.strings(language).code()), text("en")};
}

InputStamps next_language_stamps(const Site& before, const Site& after, std::size_t language) {
    const InputStamps& old = (*before.stamps)[language];
    const Versions v(before.views(language), after.views(language), after.generation);
    const Content& a = v.before.content;
    const Content& b = v.after.content;
    InputStamps stamps;
    InputStamps* s = &stamps;
    s->strings = v.stamp(strings_text(before, language) == strings_text(after, language), old.strings);
    s->owner_name = v.stamp(a.name == b.name, old.owner_name);
    // Whether the site is a group's home: the nav's People and the sitemap's /people/.
    bool same_home_role = (before.group == nullptr) == (after.group == nullptr);
    s->nav = v.stamp(a.news.empty() == b.news.empty() && a.talks.empty() == b.talks.empty() &&
                         a.projects.empty() == b.projects.empty() && has_cv(a) == has_cv(b) && same_home_role &&
                         same_menu(v),
                     old.nav);
    s->people = v.stamp(same_home_role && same_group(before, after, &Group::members), old.people);
    // The works, and who their authors link to (the home's own papers link members too).
    s->group_works = v.stamp(same_home_role && same_group(before, after, &Group::works) && same_member_links(before, after),
                             old.group_works);
    s->home = v.stamp(same_home(v), old.home);
    s->contact = v.stamp(a.emails == b.emails, old.contact);
    s->blog = v.stamp(a.posts == b.posts, old.blog);
    s->news = v.stamp(a.news == b.news, old.news);
    s->talks = v.stamp(same_talks(v) && a.name == b.name, old.talks);
    s->projects = v.stamp(same_projects(v), old.projects);
    for (const auto& p : b.projects)
        s->project_pages.emplace(p.slug, v.stamp(same_project(v, p) && a.name == b.name, old_stamp(old.project_pages, p.slug)));
    for (const auto& p : b.pages)
        s->pages.emplace(p.slug, v.stamp(same_page(v, p), old_stamp(old.pages, p.slug)));
    s->cv = v.stamp(same_cv(a, b), old.cv);
    bool has_entries = !b.posts.empty() || !b.news.empty() || !b.talks.empty();
    bool same_feed_time = has_entries || before.content->modified_unix == after.content->modified_unix;
    s->feed = v.stamp(a.posts == b.posts && a.news == b.news && a.talks == b.talks && a.name == b.name && same_feed_time,
                      old.feed);
    // The set of pages: also what the fast path's stale-file pass reads, and a
    // file's content-addressed URL changes with its bytes.
    s->sitemap = v.stamp(same_sitemap(a, b) && v.files.empty() && same_home_role, old.sitemap);
    s->bibtex_all = v.stamp(a.publications == b.publications, old.bibtex_all);
    s->lists[0] = v.stamp(same_list(v, std::nullopt), old.lists[0]);
    for (const auto& row : kind_rows())
        s->lists[list_slot(row.kind)] = v.stamp(same_list(v, row.kind), old.lists[list_slot(row.kind)]);
    for (std::size_t i = 0; i < b.posts.size(); ++i) {
        auto j = v.before.post_index.find(b.posts[i].slug);
        s->posts.push_back(v.stamp(same_post(v, i), j == v.before.post_index.end() ? 0 : old.posts[j->second]));
    }
    for (const auto& [tag, posts] : v.after.tag_index)
        s->tags.emplace(tag, v.stamp(same_tag(v, tag, posts), old_stamp(old.tags, tag)));
    for (const auto& [token, index] : v.after.preview_index)
        s->previews.emplace(token, v.stamp(same_preview(v, token, index), old_stamp(old.previews, token)));
    for (std::size_t i = 0; i < b.publications.size(); ++i) {
        std::size_t j = v.old_paper[i];
        bool known = j != Versions::none;
        s->papers.push_back(v.stamp(!v.row_changed[i] && !v.people_touched[i], known ? old.papers[j] : 0));
        s->citations.push_back(v.stamp(!v.row_changed[i], known ? old.citations[j] : 0));
    }
    for (const auto& f : b.files) {
        auto old_index = std::find_if(a.files.begin(), a.files.end(), [&f](const StoredFile& o) { return o.name == f.name; });
        bool known = old_index != a.files.end();
        s->files.push_back(v.stamp(known && *old_index == f, known ? old.files[static_cast<std::size_t>(old_index - a.files.begin())] : 0));
    }
    const auto& old_text = before.templates->expanded();
    for (const auto& [name, text] : after.templates->expanded()) {
        auto o = old_text.find(name);
        s->templates.emplace(name, v.stamp(o != old_text.end() && o->second == text, template_stamp(old, name)));
    }
    return stamps;
}

// When one of the inputs its row names (core/http/routes) last changed for the page `ref`.
Stamp input_stamp(Input input, const PageRef& ref, const Views& v, const InputStamps& s) {
    switch (input) {
    case Input::owner_name: return s.owner_name;
    case Input::nav: return s.nav;
    case Input::strings: return s.strings;
    case Input::page_template: return template_stamp(s, ref.template_name);
    case Input::layout_template: return template_stamp(s, "layout");
    case Input::home: return s.home;
    case Input::blog: return s.blog;
    case Input::news: return s.news;
    case Input::talks: return s.talks;
    case Input::projects: return s.projects;
    case Input::project: return old_stamp(s.project_pages, v.content.projects[ref.index].slug);
    case Input::cv: return s.cv;
    case Input::contact: return s.contact;
    case Input::post: return s.posts[ref.index];
    case Input::tag: return old_stamp(s.tags, ref.tag);
    case Input::preview: return old_stamp(s.previews, v.unlisted[ref.index].preview_token);
    case Input::list: return s.lists[list_slot(ref.filter)];
    case Input::paper: return s.papers[ref.index];
    case Input::citation: return s.citations[ref.index];
    case Input::bibtex_all: return s.bibtex_all;
    case Input::feed: return s.feed;
    case Input::sitemap: return s.sitemap;
    case Input::file: return s.files[ref.index];
    case Input::people: return s.people;
    case Input::group_works: return s.group_works;
    case Input::page: return old_stamp(s.pages, v.content.pages[ref.index].slug);
    }
    return 0;
}

std::vector<std::string> language_codes(const Site& site) {
    std::vector<std::string> codes;
    for (const auto& l : site.views().locale.languages) codes.push_back(l.code + "\n" + l.name);
    return codes;
}

}  // namespace

std::shared_ptr<const SiteStamps> first_stamps(const Site& site) {
    auto s = std::make_shared<SiteStamps>();
    for (std::size_t l = 0; l < site.language_count(); ++l) s->languages.push_back(first_language_stamps(site, l));
    return s;
}

std::shared_ptr<const SiteStamps> next_stamps(const Site& before, const Site& after) {
    if (language_codes(before) != language_codes(after)) return first_stamps(after);  // every page's switcher changed
    auto s = std::make_shared<SiteStamps>();
    for (std::size_t l = 0; l < after.language_count(); ++l) s->languages.push_back(next_language_stamps(before, after, l));
    return s;
}

std::uint64_t page_stamp(const PageRef& ref, const Site& site) {
    const InputStamps& s = (*site.stamps)[ref.language];
    const Views& v = site.views(ref.language);
    Inputs inputs = page_row(ref.kind).inputs;
    Stamp newest = 0;  // no inputs (robots.txt: the base URL alone, fixed for the process)
    for (std::uint32_t bit = 1; bit != 0; bit <<= 1)
        if (auto input = static_cast<Input>(bit); inputs.has(input)) newest = std::max(newest, input_stamp(input, ref, v, s));
    return newest;
}

}  // namespace vitae
