// What qpdf reads in a PDF about its accessibility (picture/pdf_facts.hpp).
#pragma once

#include <string>

#include "store/model/content.hpp"

namespace vitae {

struct PdfReading {
    PdfFacts facts;
    std::string refused;  // why qpdf cannot read it; "" when it could
};

PdfReading read_pdf(const std::string& bytes);

}  // namespace vitae
