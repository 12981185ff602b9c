// The demo content al-folio and academicpages ship, recognised by what it
// says rather than by file name: a real site often keeps a demo file name
// and replaces the text (tests/fixtures/sites/ has both). Each rule names
// the theme's text it matches.
#include <regex>

#include "cli/import/plan/site_demo.hpp"
#include "base/text.hpp"
#include "cli/import/plan/site_plan.hpp"

namespace vitae::cli {

namespace {

bool matches(std::string_view text, const std::regex& pattern) {
    return std::regex_match(std::string(trim(text)), pattern);
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

// The text without its HTML comments: an owner often keeps the theme's
// text commented out above their own (<!-- Write your biography here... -->).
std::string visible(std::string_view text) {
    std::string out;
    for (std::size_t at = 0; at < text.size();) {
        auto open = text.find("<!--", at);
        if (open == std::string_view::npos) open = text.size();
        out += text.substr(at, open - at);
        if (open == text.size()) break;
        auto close = text.find("-->", open + 4);
        at = close == std::string_view::npos ? text.size() : close + 3;
    }
    return out;
}

// Runs of spaces, tabs and newlines as one space, none at either end: the
// theme's text with the line breaks an editor or a copy gave it.
std::string normalised(std::string_view text) {
    std::string out;
    for (char c : trim(text)) {
        bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
        if (!space) out += c;
        else if (!out.empty() && out.back() != ' ') out += ' ';
    }
    return out;
}

}  // namespace

bool is_demo_name(std::string_view name) {
    static const std::regex demo("(You R\\.? Name|You Name|Your Name|Your Sidebar Name|Jane Doe|John Doe)",
                                 std::regex::icase);
    return matches(name, demo);
}

// al-folio: "Write your biography here."; academicpages: "This is the front
// page of a website that is powered by the academicpages template".
bool is_demo_bio(std::string_view text) {
    std::string markdown = normalised(visible(text));
    return contains(markdown, "Write your biography here") || contains(markdown, "Escreva sua biografia aqui") || contains(markdown, "powered by the [academicpages template]") ||
           contains(markdown, "powered by the academicpages template") || contains(markdown, "Put your address here");
}

bool is_demo_description(std::string_view text) {
    return contains(text, "A simple, whitespace theme for academics") || contains(text, "personal description") ||
           contains(text, "Short biography for the left-hand sidebar");
}

// al-folio's example posts ("a post with code", "a distill-style blog
// post"...), academicpages' "Blog Post number 1" and "Future Blog Post".
bool is_demo_post(std::string_view title) {
    static const std::regex demo(
        "(a post with .*|a post that can be cited|a distill-style blog post|Blog Post number [0-9]+|Future Blog Post|"
        "Google Gemini updates: Flash 1\\.5, Gemma 2 and Project Astra|Displaying External Posts on Your al-folio Blog|"
        "displaying beautiful tables with Bootstrap Tables|uma postagem com .*)",
        std::regex::icase);
    return matches(title, demo);
}

bool is_demo_publication(std::string_view title) {
    static const std::regex demo("Paper Title Number [0-9]+", std::regex::icase);
    return matches(title, demo);
}

bool is_demo_talk(std::string_view title) {
    static const std::regex demo(".*(Talk|Tutorial) [0-9]+ on Relevant Topic in Your Field", std::regex::icase);
    return matches(title, demo);
}

bool is_demo_teaching(std::string_view title) {
    static const std::regex demo("Teaching experience [0-9]+", std::regex::icase);
    return matches(title, demo);
}

// al-folio's example news, by their text alone: an owner who keeps the
// file names (announcement_1.md...) or the front matter (the title "A long
// announcement with details") and writes their own text has real news.
// The long one is its opening sentence and the first line of its filler text.
bool is_demo_news(std::string_view body) {
    std::string text = normalised(visible(body));
    // English, and the Portuguese of the multi-language al-folio.
    return text == "A simple inline announcement." ||
           text == "A simple inline announcement with Markdown emoji! :sparkles: :smile:" ||
           text == "Um anúncio simples em uma linha." ||
           text == "Um anúncio simples em uma linha com Markdown emoji! :sparkles: :smile:" ||
           ((text.starts_with("Announcements and news can be much longer than just quick inline posts. In fact, they can "
                              "have all the features available for the standard blog posts. See below.") ||
             text.starts_with("Anúncios e notícias podem ser muito mais longos do que apenas postagens rápidas em uma linha.")) &&
            contains(text, "Jean shorts raw denim Vice normcore, art party High Life PBR skateboard stumptown vinyl kitsch."));
}

// al-folio's "project 1".."project 9" ("project 3 with very long name"),
// whose body starts "Every project has a beautiful feature showcase page";
// academicpages' "Portfolio item number 1".
bool is_demo_project(std::string_view title, std::string_view body) {
    static const std::regex demo("(project [0-9]+|projeto [0-9]+|Portfolio item number [0-9]+)", std::regex::icase);
    return matches(title, demo) || contains(body, "Every project has a beautiful feature showcase page") ||
           contains(body, "Cada projeto tem uma bela página de apresentação de recursos") ||
           contains(body, "This is an item in your portfolio. It can be have images or nice text");
}

// Hugo Blox (Wowchemy, Hugo Academic) starters: the 'Me' author Nelson
// Bighetti, the example publications, talk, posts and projects, by title
// and, where a real page could share the title, by the starter's text.
bool is_demo_hugo(std::string_view kind, std::string_view title, std::string_view body) {
    std::string t(trim(title));
    if (kind == "author")  // Lexi Tyler: Academic v1-v2; 吳健雄 (Chien Shiung Wu): the later starters'
        return t == "Nelson Bighetti" || t == "Lexi Tyler" || t == "吳健雄" || is_demo_name(t) ||
               contains(normalised(body), "is a professor of artificial intelligence at the Stanford AI Lab. Her research "
                                          "interests include distributed robotics, mobile computing and programmable matter.") ||
               contains(normalised(body), "is a professor of artificial intelligence at the Stanford AI Lab. His research "
                                          "interests include distributed robotics, mobile computing and programmable matter.");
    if (kind == "publication") {
        static const std::regex demo("An example (journal article|conference paper|preprint / working paper)", std::regex::icase);
        return matches(t, demo);
    }
    if (kind == "talk") return t == "Example Talk" || contains(body, "Hugo Blox Builder Conference") ||
                               (contains(t, "Example") && contains(body, "Wowchemy's _Slides_ feature"));
    if (kind == "project") {
        static const std::regex demo("(Example|External|Internal) Project", std::regex::icase);
        return matches(t, demo) || contains(body, "Flexible and powerful data analysis / manipulation library for Python") ||
               contains(body, "PyTorch is a Python package that provides tensor computation") ||
               contains(body, "scikit-learn is a Python module for machine learning built on top of SciPy");
    }
    if (kind == "post") {
        static const std::regex demo(
            "(.*Easily create your own simple yet highly customizable blog|.*Sharpen your thinking with a second brain|"
            ".*Communicate your results effectively with the best data visualizations|.*Teach academic courses|"
            ".*Manage your projects|Welcome to (Wowchemy|Hugo Blox Builder), the website builder for Hugo|"
            "Writing technical content in (Markdown|Academic|Wowchemy)|Display Jupyter Notebooks with Academic|"
            "Academic: the website builder for Hugo|Get Started)",
            std::regex::icase);
        return matches(t, demo);
    }
    return false;
}

// al-folio's papers.bib: Einstein's papers (einstein1905movement,
// PhysRev.47.777, przibram1967letters...).
bool is_demo_bib_entry(std::string_view key, std::string_view authors) {
    std::string k = ascii_lower(key);
    return contains(authors, "Einstein") &&
           (k.starts_with("einstein") || k == "physrev.47.777" || k == "przibram1967letters");
}

bool is_demo_asset(std::string_view file) {
    static constexpr std::string_view names[] = {"example_pdf.pdf", "epicaly-short-113909.mp3",
                                                 "pexels-engin-akyurt-6069112-960x540-30fps.mp4", "assets/jupyter/blog.ipynb"};
    for (auto name : names)
        if (file.ends_with(name)) return true;
    return false;
}

bool is_demo_cv_name(std::string_view name) { return trim(name) == "Albert Einstein" || is_demo_name(name); }

std::optional<std::string> demo_file_text(std::string_view written) {
    std::string text = normalised(written);
    if (text.starts_with("Lorem ipsum dolor sit amet")) return "placeholder text (Lorem ipsum)";
    if (is_demo_bio(text)) return "the theme's example biography";
    if (text.starts_with("> What an astonishing thing a book is.")) return "the theme's example bookshelf page";
    if (contains(text, "Add your privacy policy here") || contains(text, "Add your terms here"))
        return "the starter's example privacy or terms page (a draft)";
    if (contains(text, "Create slides in Markdown with Wowchemy") || contains(text, "Create slides in Markdown with Hugo Blox") ||
        contains(text, "Create slides in Markdown with Academic"))
        return "the starter's example slides";
    if (contains(text, "@article{gregor2015draw") && contains(text, "DRAW: A recurrent neural network for image generation"))
        return "the theme's example bibliography of its distill post";
    // academicpages' shipped pages: the Markdown
    // guide, the 404, the example CV, the privacy policy, the talk map.
    static constexpr std::pair<const char*, const char*> pages[] = {
        {"## Locations of key files/directories", "the theme's guide to its Markdown"},
        {"Your pixels are in another canvas", "the theme's page not found"},
        {"Ph.D in Version Control Theory, GitHub University", "the theme's example CV"},
        {"The privacy of my visitors is extremely important", "the theme's example privacy policy"},
        {"This map is generated from a Jupyter Notebook file in", "the theme's talk map page"},
        {"A variety of common markup showing how the theme styles them", "the theme's page of example markup"},
        // al-folio's teaching page: its body (owners keep its front matter's description and write their own).
        {"For now, this page is assumed to be a static description of your courses", "the theme's example teaching page"},
    };
    for (auto [words, what] : pages)
        if (contains(text, words)) return std::string(what);
    return std::nullopt;
}

// al-folio's _data: Einstein's co-authors (coauthors.yml), the GitHub users
// and repositories it shows (repositories.yml), its example venue (venues.yml).
bool is_demo_data(std::string_view text) {
    std::string lower = ascii_lower(text);
    return contains(lower, "value: albert einstein") ||  // al-folio's cv.yml, in any of its languages
            (contains(lower, "podolsky") && contains(lower, "rosen")) ||
           (contains(lower, "github_users") && contains(lower, "alshedivat")) ||
           contains(lower, "aapt.scitation.org/journal/ajp") ||
           (contains(lower, "cornelius fiddlebottom") && contains(lower, "billy rick"));  // academicpages' authors.yml
}

}  // namespace vitae::cli
