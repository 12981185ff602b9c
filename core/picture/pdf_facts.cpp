// The parent's half: the child run, its answer read. The answer is lines
// (pdf_facts.hpp), so a title with a line break is written as spaces.
#include "picture/pdf_facts.hpp"

#include <mutex>

#include "base/child_process.hpp"
#include "base/error.hpp"
#include "base/limits.hpp"
#include "base/log.hpp"
#include "picture/pdf_facts_program.hpp"

namespace vitae {

namespace {

std::string one_line(std::string_view text) {
    std::string out(text.substr(0, limits::pdf_title_bytes));
    for (char& ch : out)
        if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) ch = ' ';
    return out;
}

}  // namespace

std::string pdf_facts_answer(const PdfFacts& facts) {
    return std::string("tagged ") + (facts.tagged ? "1" : "0") + "\ntext " + (facts.text ? "1" : "0") + "\nlang " +
           one_line(facts.language) + "\ntitle " + one_line(facts.title) + "\n";
}

PdfFacts read_pdf_facts_answer(std::string_view answer, const std::string& what) {
    if (answer.starts_with("refused ")) {
        auto line = answer.substr(8, answer.find('\n') - 8);
        throw Error(what + ": " + std::string(line));
    }
    PdfFacts facts;
    int seen = 0;
    while (!answer.empty()) {
        auto end = answer.find('\n');
        if (end == std::string_view::npos) break;
        std::string_view line = answer.substr(0, end), key = line.substr(0, line.find(' '));
        std::string_view value = key.size() < line.size() ? line.substr(key.size() + 1) : std::string_view();
        if (key == "tagged") facts.tagged = value == "1";
        else if (key == "text") facts.text = value == "1";
        else if (key == "lang") facts.language = std::string(value);
        else if (key == "title") facts.title = std::string(value);
        else break;
        ++seen;
        answer.remove_prefix(end + 1);
    }
    if (seen != 4 || !answer.empty())
        throw Error(what + ": the PDF reader answered what it should not (" + in_quotes(answer.substr(0, 60)) + ")");
    facts.read = true;
    return facts;
}

const std::string& pdf_facts_program() {
    static const std::string program =
        find_helper_program("VITAE_PDF_FACTS", "vitae-pdf-facts", pdf_facts_installed_program);
    return program;
}

PdfFacts pdf_facts(std::string_view name, std::string_view bytes) {
    std::string what = "add file " + in_quotes(name) + ": cannot read it as a PDF";
    ChildRun run{.argv = {pdf_facts_program()},
                 .input = std::string(bytes),
                 .timeout = std::chrono::milliseconds(limits::pdf_facts_timeout_ms),
                 .max_output_bytes = 4096,
                 .cancel = nullptr};
    static std::mutex one_child;  // their memory never adds up
    std::string answer;
    try {
        std::lock_guard child(one_child);
        answer = run_child(run);
    } catch (const Error& e) {
        throw Error(what + " (" + e.what() + ")");
    }
    return read_pdf_facts_answer(answer, what);
}

}  // namespace vitae
