#include "cli/commands/section_commands.hpp"


#include "base/error.hpp"
#include "base/log.hpp"
#include "cli/commands/add_post.hpp"
#include "cli/commands/text_option.hpp"
#include "rules/date.hpp"
#include "rules/link.hpp"
#include "store/rows/content_store.hpp"
#include "store/write/edit_log.hpp"
#include "store/write/sections.hpp"

namespace vitae::cli {

namespace {

constexpr std::size_t max_news_bytes = 64 * 1024;  // a news item is a line or two; this is a typo's bound

std::string news_text(const Args& args) {
    std::string text = text_option(args, "add news", max_news_bytes);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
    if (text.empty()) throw UsageError("add news: the text is empty");
    return text;
}

std::string checked_date(std::string_view command, const std::string& date) {
    if (!is_date(date))
        throw UsageError(std::string(command) + ": --date " + in_quotes(date) + ": " + std::string(date_expected));
    return date;
}

// A link as the page will show it (rules/link), or none.
std::string checked_url(std::string_view option, const Args& args) {
    std::string url = args.has(option) ? args.get(option) : std::string();
    if (url.empty() || is_link(url)) return url;
    throw UsageError("add talk: " + std::string(option) + " " + in_quotes(url) + ": " + std::string(link_expected));
}

}  // namespace

int run_add_news(const Args& args, std::ostream& out) {
    News news;
    news.date = checked_date("add news", args.get("--date"));
    news.markdown = news_text(args);
    auto db = open_checked(args.positional[0]);
    LoggedTransaction transaction(db, cli_editor_name(), {"news"});
    auto id = insert_news(db, news);
    transaction.commit();
    out << "added news " << id << " (" << news.date << ") to " << args.positional[0] << "\n";
    return 0;
}

int run_add_talk(const Args& args, std::ostream& out) {
    Talk talk;
    talk.title = args.get("--title");
    if (talk.title.empty()) throw UsageError("add talk: --title is empty");
    talk.date = checked_date("add talk", args.get("--date"));
    if (args.has("--event")) talk.event = args.get("--event");
    if (args.has("--place")) talk.place = args.get("--place");
    talk.url_slides = checked_url("--slides", args);
    talk.url_video = checked_url("--video", args);
    talk.url_event = checked_url("--event-url", args);
    if (args.has("--abstract")) talk.abstract = args.get("--abstract");
    auto db = open_checked(args.positional[0]);
    LoggedTransaction transaction(db, cli_editor_name(), {"talk"});
    auto id = insert_talk(db, talk);
    transaction.commit();
    out << "added talk " << id << " (" << talk.date << ") to " << args.positional[0] << "\n";
    return 0;
}

}  // namespace vitae::cli
