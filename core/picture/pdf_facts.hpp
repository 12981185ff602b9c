// An uploaded PDF's accessibility facts (PdfFacts: tagged, /Lang, title,
// text a reader can extract), read when it is added by qpdf in a child
// process, `vitae-pdf-facts` (pdffacts/main.cpp), bounded like
// vitae-picture-copies: address space and CPU time (setrlimit), wall time
// (killed at the deadline). A child because a PDF is a program's worth of
// objects an author (or an attacker) wrote: a loop of references or a
// stream that inflates to gigabytes can only exhaust a process that holds
// nothing else, and the editor and the vitae tool never link qpdf.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "store/model/content.hpp"

namespace vitae {

namespace limits {
// Beside their one user. Under nginx's fastcgi_read_timeout for the editor
// (30 s). Measured on the loaded 2-core test box: the CV's PDF in 0.05 s and
// 9.6 MB resident; a 10,000-page, 3.7 MB PDF (uncompressed) in 2.2 s and
// 84 MB, 5.2 s when qpdf listed every page (now only the first are walked).
inline constexpr int pdf_facts_timeout_ms = 10000;
inline constexpr long pdf_facts_address_space_mb = 1024;
inline constexpr int pdf_facts_cpu_seconds = 20;  // a backstop to the wall-clock deadline
inline constexpr int pdf_facts_pages_read = 50;   // pages whose fonts are looked at for Unicode maps
inline constexpr std::size_t pdf_title_bytes = 300;
inline constexpr std::size_t pdf_metadata_bytes = 1024 * 1024;  // XMP read for a title: a few KB in practice
}  // namespace limits

// The facts of `bytes`, a PDF named `name`. Throws Error naming the file and
// why when qpdf cannot read it (damaged, truncated, a password to open it)
// or the child failed (killed at the deadline, out of memory).
PdfFacts pdf_facts(std::string_view name, std::string_view bytes);

// The answer's lines, as the child writes and the parent reads them:
// "tagged 0|1", "text 0|1", "lang <code>", "title <text>"; or "refused <why>".
std::string pdf_facts_answer(const PdfFacts& facts);
// Throws Error (prefixed by `what`) for a refusal or an answer it cannot read.
PdfFacts read_pdf_facts_answer(std::string_view answer, const std::string& what);

// The program run: $VITAE_PDF_FACTS, else vitae-pdf-facts beside the running
// program or one folder up, else the installed one (libexec/vitae/).
const std::string& pdf_facts_program();

}  // namespace vitae
