#include "site/cv_pdf_child.hpp"

#include <future>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>

#include "base/child_process.hpp"
#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "render/template/english_strings.hpp"
#include "site/cv_pdf_program.hpp"

namespace vitae {

namespace {

thread_local const std::atomic<bool>* cv_pdf_cancel_flag = nullptr;
thread_local int thread_cv_pdf_timeout_ms = limits::cv_pdf_timeout_ms;

std::string find_cv_pdf_program() {
    return find_helper_program("VITAE_CV_PDF", "vitae-cv-pdf", cv_pdf_installed_program);
}

// The PDFs being made now, by version: a second caller waits for the first's.
struct CvPdfRuns {
    std::mutex lock;                                              // guards `running`
    std::map<std::string, std::shared_future<std::string>> running;
    std::mutex one_child;  // held while a child runs: their memory never adds up
};

CvPdfRuns& cv_pdf_runs() {
    static CvPdfRuns runs;
    return runs;
}

std::string run_cv_pdf_child(const Site& site, const Views& v, std::string_view base, const Catalogue& t) {
    ChildRun run{.argv = {cv_pdf_program(), "--db", site.content->db_path, "--language", v.locale.code, "--base",
                          std::string(base), "--modified", std::to_string(site.content->modified_unix)},
                 .input = cv_pdf_request(t),
                 .timeout = std::chrono::milliseconds(thread_cv_pdf_timeout_ms),
                 .max_output_bytes = limits::max_cv_pdf_bytes,
                 .cancel = cv_pdf_cancel_flag};
    if (!site.content->mount.empty()) run.argv.insert(run.argv.end(), {"--mount", site.content->mount});
    std::lock_guard child(cv_pdf_runs().one_child);
    std::string pdf = run_child(run);
    if (!pdf.starts_with("%PDF-")) throw Error("run " + in_quotes(run.argv[0]) + ": its output is not a PDF");
    return pdf;
}

}  // namespace

const std::string& cv_pdf_program() {
    static const std::string program = find_cv_pdf_program();
    return program;
}

std::string cv_pdf_by_child(const Site& site, std::size_t language, std::string_view base) {
    const Views& v = site.views(language);
    std::string key = site.content->db_path + '\n' + std::to_string(site.generation) + '\n' + v.locale.code + '\n' +
                      std::string(base);
    auto& runs = cv_pdf_runs();
    std::promise<std::string> made;
    std::shared_future<std::string> theirs;
    {
        std::lock_guard lock(runs.lock);
        if (auto it = runs.running.find(key); it != runs.running.end()) theirs = it->second;
        else runs.running.emplace(key, made.get_future().share());
    }
    if (theirs.valid()) return theirs.get();
    try {
        made.set_value(run_cv_pdf_child(site, v, base, site.strings(language)));
    } catch (...) {
        made.set_exception(std::current_exception());
    }
    std::shared_future<std::string> mine;
    {
        std::lock_guard lock(runs.lock);
        auto it = runs.running.find(key);
        mine = it->second;
        runs.running.erase(it);
    }
    return mine.get();  // the bytes, or the child's error rethrown
}

CvPdfCancel::CvPdfCancel(const std::atomic<bool>& flag, int timeout_ms)
    : previous_(std::exchange(cv_pdf_cancel_flag, &flag)),
      previous_timeout_ms_(std::exchange(thread_cv_pdf_timeout_ms, timeout_ms)) {}
CvPdfCancel::~CvPdfCancel() {
    cv_pdf_cancel_flag = previous_;
    thread_cv_pdf_timeout_ms = previous_timeout_ms_;
}

// Every key English has (each catalogue has those, English filling its
// gaps), with this language's text.
std::string cv_pdf_request(const Catalogue& strings) {
    static const nlohmann::json english = nlohmann::json::parse(english_strings_json);
    nlohmann::json request{{"code", strings.code()}, {"strings", nlohmann::json::object()}};
    for (auto it = english.begin(); it != english.end(); ++it) request["strings"][it.key()] = strings(it.key());
    return request.dump();
}

Catalogue cv_pdf_strings(std::string_view request) {
    try {
        auto j = nlohmann::json::parse(request);
        std::map<std::string, std::string, std::less<>> strings;
        for (const auto& [key, text] : j.at("strings").items()) strings.emplace(key, text.get<std::string>());
        return Catalogue(j.at("code").get<std::string>(), std::move(strings), {});
    } catch (const nlohmann::json::exception& e) {
        throw Error(std::string("the strings on stdin: ") + e.what());
    }
}

}  // namespace vitae
