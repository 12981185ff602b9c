// Log events: the key=value line every log reader sees, and the journal
// fields the same event carries under systemd.
#define BOOST_TEST_MODULE log
#include <boost/test/unit_test.hpp>

#include "base/log.hpp"

using namespace vitae;

BOOST_AUTO_TEST_CASE(an_event_is_one_line_of_stable_keys) {
    LogEvent e("reload");
    e.add("generation", std::int64_t{5}).add("reason", "database changed").add("file", "/var/lib/vitae/site.db");
    BOOST_TEST(e.text() == "event=reload generation=5 reason=\"database changed\" file=/var/lib/vitae/site.db");
    LogEvent quoted("x");
    quoted.add("error", "say \"hi\" \\ bye").add("empty", "");
    BOOST_TEST(quoted.text() == "event=x error=\"say \\\"hi\\\" \\\\ bye\" empty=\"\"");
}

BOOST_AUTO_TEST_CASE(the_same_event_as_journal_fields) {
    LogEvent e("worker_restart");
    e.add("worker", std::int64_t{1}).add("pid", std::int64_t{4242}).add("exit-status", "signal 9");
    auto fields = e.journal_fields(Level::error);
    BOOST_TEST(fields == (std::vector<std::string>{"MESSAGE=event=worker_restart worker=1 pid=4242 exit-status=\"signal 9\"",
                                                   "PRIORITY=3", "VITAE_EVENT=worker_restart", "VITAE_WORKER=1",
                                                   "VITAE_PID=4242", "VITAE_EXIT_STATUS=signal 9"}),
               boost::test_tools::per_element());
}
