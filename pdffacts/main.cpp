// vitae-pdf-facts: an uploaded PDF's accessibility facts, read by qpdf in a
// short-lived child of the editor, `vitae add file` and import-site
// (core/picture/pdf_facts.hpp says why a child).
//
//   vitae-pdf-facts  < file.pdf  > answer
//
// The answer is "refused <why>\n" when qpdf cannot read the PDF, else its
// facts as lines (pdf_facts_answer). Exit 0 with an answer; 1 with one line
// on stderr when it cannot work at all; 2 for a usage error. Bounded before
// qpdf starts: address space and CPU time (setrlimit); the parent kills it
// at limits::pdf_facts_timeout_ms.
#include <sys/resource.h>

#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>

#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "picture/pdf_facts.hpp"
#include "read_pdf.hpp"

namespace {

void bound_self() {
    auto set = [](int resource, rlim_t value, const char* name) {
        rlimit limit{value, value};
        if (::setrlimit(resource, &limit) != 0) throw vitae::Error(std::string("setrlimit ") + name + ": failed");
    };
#ifndef __SANITIZE_ADDRESS__
    set(RLIMIT_AS, static_cast<rlim_t>(vitae::limits::pdf_facts_address_space_mb) * 1024 * 1024, "RLIMIT_AS");
#else
    // AddressSanitizer reserves terabytes of shadow address space at start
    // (the test preset's build only); the deadline and the CPU bound hold.
#endif
    set(RLIMIT_CPU, vitae::limits::pdf_facts_cpu_seconds, "RLIMIT_CPU");
}

int read_facts(int argc) {
    if (argc != 1) throw vitae::UsageError("usage: vitae-pdf-facts < file.pdf");
    bound_self();
    std::string pdf((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    if (pdf.size() > vitae::limits::max_file_bytes)
        throw vitae::Error("the PDF on stdin: over " + vitae::limits::size_text(vitae::limits::max_file_bytes));
    vitae::PdfReading reading = vitae::read_pdf(pdf);
    std::string answer = reading.refused.empty() ? vitae::pdf_facts_answer(reading.facts)
                                                 : "refused " + reading.refused + "\n";
    std::fwrite(answer.data(), 1, answer.size(), stdout);
    return std::fflush(stdout) == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char**) {
    try {
        return read_facts(argc);
    } catch (const vitae::UsageError& e) {
        vitae::log_error(std::string("vitae-pdf-facts: ") + e.what());
        return 2;
    } catch (const std::exception& e) {
        vitae::log_error(std::string("vitae-pdf-facts: ") + e.what());
        return 1;
    }
}
