// vitae-cv-pdf: the CV of a site as a PDF on stdout. A helper the
// worker (and `vitae export`) runs as a short-lived child for /cv.pdf
// (core/site/cv_pdf_child.hpp): the one program that links Pango and Cairo,
// so their fonts and caches live only as long as one PDF takes.
//
//   vitae-cv-pdf --db DB --language CODE --base URL --modified UNIX [--mount PATH]  < strings.json  > cv.pdf
//
// The database is read like a load, read-only; stdin holds the language's
// interface strings as the worker has them (cv_pdf_request()). Exit 0 with
// the PDF on stdout; 1 with one line on stderr when it cannot be made; 2 for
// a usage error.
#include <sys/resource.h>

#include <cstdio>
#include <iostream>
#include <iterator>
#include <map>
#include <string>

#include "base/clock.hpp"
#include "base/error.hpp"
#include "base/log.hpp"
#include "render/pdf/cv_pdf.hpp"
#include "site/cv_pdf_child.hpp"
#include "site/site.hpp"

namespace {

constexpr int cv_pdf_niceness = 10;
constexpr std::size_t max_request_bytes = 4 * 1024 * 1024;  // a language's strings are ~20 KB

struct CvPdfArgs {
    std::string db, language, base, mount;
    std::int64_t modified_unix = 0;
};

CvPdfArgs parse_cv_pdf_args(int argc, char** argv) {
    std::map<std::string, std::string> given;
    for (int i = 1; i < argc; i += 2) {
        std::string name = argv[i];
        if (name != "--db" && name != "--language" && name != "--base" && name != "--modified" && name != "--mount")
            throw vitae::UsageError("unknown option " + vitae::in_quotes(name));
        if (i + 1 >= argc) throw vitae::UsageError(name + " needs a value");
        given[name] = argv[i + 1];
    }
    for (const char* needed : {"--db", "--language", "--base", "--modified"})
        if (!given.contains(needed)) throw vitae::UsageError(std::string(needed) + " is required");
    CvPdfArgs args{.db = given["--db"], .language = given["--language"], .base = given["--base"], .mount = given["--mount"],
                   .modified_unix = 0};
    try {
        std::size_t used = 0;
        args.modified_unix = std::stoll(given["--modified"], &used);
        if (used != given["--modified"].size()) throw std::invalid_argument("trailing");
    } catch (const std::logic_error&) {
        throw vitae::UsageError("--modified " + vitae::in_quotes(given["--modified"]) + ": not a Unix time");
    }
    return args;
}

std::string read_request() {
    std::string request((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    if (request.size() > max_request_bytes) throw vitae::Error("the strings on stdin: over 4 MB");
    return request;
}

int write_cv_pdf(const CvPdfArgs& args) {
    vitae::Catalogue strings = vitae::cv_pdf_strings(read_request());
    auto loaded = vitae::load_content_version(args.db, nullptr, nullptr, vitae::system_unix(), args.mount);
    for (const auto& views : loaded->views_by_language) {
        if (views.locale.code != args.language) continue;
        std::string pdf = vitae::cv_pdf(views, strings, args.base, args.modified_unix);
        std::fwrite(pdf.data(), 1, pdf.size(), stdout);
        return std::fflush(stdout) == 0 ? 0 : 1;
    }
    throw vitae::Error(vitae::in_quotes(args.db) + ": the site has no language " + vitae::in_quotes(args.language));
}

}  // namespace

int main(int argc, char** argv) {
    // Background work: a PDF's half second of CPU (thousands of papers) yields
    // to the worker's requests and HTML pages on the same cores.
    ::setpriority(PRIO_PROCESS, 0, cv_pdf_niceness);
    try {
        return write_cv_pdf(parse_cv_pdf_args(argc, argv));
    } catch (const vitae::UsageError& e) {
        vitae::log_error(std::string("vitae-cv-pdf: ") + e.what());
        return 2;
    } catch (const std::exception& e) {
        vitae::log_error(std::string("vitae-cv-pdf: ") + e.what());
        return 1;
    }
}
