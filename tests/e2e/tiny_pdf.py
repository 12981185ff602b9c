"""A one-page PDF written object by object with its cross-reference table, as
qpdf reads it without repair (tests/unit/test_support.hpp's tiny_pdf, the
same bytes): "Hello" in Helvetica. tagged=True adds a structure tree,
/MarkInfo, /Lang (en) and a title, as an accessible paper has."""


def tiny_pdf(tagged=False):
    content = (b"/P <</MCID 0>> BDC BT /F1 12 Tf 72 720 Td (Hello) Tj ET EMC" if tagged
               else b"BT /F1 12 Tf 72 720 Td (Hello) Tj ET")
    objects = [
        (b"<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked true >> /StructTreeRoot 6 0 R /Lang (en) >>"
         if tagged else b"<< /Type /Catalog /Pages 2 0 R >>"),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >>"
        + (b" /StructParents 0" if tagged else b"") + b" >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Type /StructTreeRoot /K [7 0 R] /ParentTree << /Nums [0 [7 0 R]] >> >>",
        b"<< /Type /StructElem /S /P /P 6 0 R /Pg 3 0 R /K 0 >>",
        b"<< /Title (A tagged paper) >>",
    ]
    count = 8 if tagged else 5
    pdf = b"%PDF-1.7\n"
    xref = b"xref\n0 %d\n0000000000 65535 f \n" % (count + 1)
    for i in range(count):
        xref += b"%010d 00000 n \n" % len(pdf)
        pdf += b"%d 0 obj\n" % (i + 1) + objects[i] + b"\nendobj\n"
    start = len(pdf)
    return (pdf + xref + b"trailer\n<< /Size %d /Root 1 0 R" % (count + 1) + (b" /Info 8 0 R" if tagged else b"")
            + b" >>\nstartxref\n%d\n%%%%EOF\n" % start)
