#include "render/cite/latex_table.hpp"

#include <algorithm>
#include <array>

namespace vitae {

namespace {

// Latin-1 Supplement and Latin Extended-A: every precomposed letter a
// BibTeX accent command can name. Base `i` also serves \i (dotless i).
constexpr AccentRow rows[] = {
    {"`", "AEIOUaeiouNn", "ÀÈÌÒÙàèìòùǸǹ", "\u0300"},
    {"'", "AEIOUYaeiouyCcLlNnRrSsZzGg", "ÁÉÍÓÚÝáéíóúýĆćĹĺŃńŔŕŚśŹźǴǵ", "\u0301"},
    {"^", "AEIOUaeiouCcGgHhJjSsWwYy", "ÂÊÎÔÛâêîôûĈĉĜĝĤĥĴĵŜŝŴŵŶŷ", "\u0302"},
    {"~", "ANOanoIiUu", "ÃÑÕãñõĨĩŨũ", "\u0303"},
    {"\"", "AEIOUaeiouyY", "ÄËÏÖÜäëïöüÿŸ", "\u0308"},
    {"=", "AaEeIiOoUu", "ĀāĒēĪīŌōŪū", "\u0304"},
    {".", "CcEeGgIZz", "ĊċĖėĠġİŻż", "\u0307"},
    {"u", "AaEeGgIiOoUu", "ĂăĔĕĞğĬĭŎŏŬŭ", "\u0306"},
    {"v", "CcDdEeNnRrSsTtZz", "ČčĎďĚěŇňŘřŠšŤťŽž", "\u030C"},
    {"H", "OoUu", "ŐőŰű", "\u030B"},
    {"c", "CcSsTtGgKkLlNnRr", "ÇçŞşŢţĢģĶķĻļŅņŖŗ", "\u0327"},
    {"k", "AaEeIiUu", "ĄąĘęĮįŲų", "\u0328"},
    {"r", "AaUu", "ÅåŮů", "\u030A"},
    {"d", "", "", "\u0323"},
    {"b", "", "", "\u0331"},
};

constexpr Symbol symbol_table[] = {
    {"aa", "å", true},
    {"AA", "Å", true},
    {"ss", "ß", true},
    {"o", "ø", true},
    {"O", "Ø", true},
    {"ae", "æ", true},
    {"AE", "Æ", true},
    {"oe", "œ", true},
    {"OE", "Œ", true},
    {"l", "ł", true},
    {"L", "Ł", true},
    {"i", "ı", true},
    {"j", "ȷ", true},
    {"dh", "ð", true},
    {"DH", "Ð", true},
    {"th", "þ", true},
    {"TH", "Þ", true},
    {"ng", "ŋ", true},
    {"NG", "Ŋ", true},
    {"dj", "đ", true},
    {"DJ", "Đ", true},
    {"&", "&", false},
    {"%", "%", false},
    {"$", "$", false},
    {"#", "#", false},
    {"_", "_", false},
    {"{", "{", false},
    {"}", "}", false},
    {" ", " ", false},
    {"\\", " ", false},  // \\ is a line break
    {"textbackslash", "\\", false},
    {"textasciitilde", "~", false},
    {"textasciicircum", "^", false},
    {"textendash", "–", false},
    {"textemdash", "—", false},
    {"ldots", "…", false},
    {"dots", "…", false},
    {"textquoteright", "’", false},
    {"textquoteleft", "‘", false},
    {"textquotedblleft", "“", false},
    {"textquotedblright", "”", false},
    {"S", "§", false},
    {"copyright", "©", false},
    {"textregistered", "®", false},
    {"texttrademark", "™", false},
    {"textellipsis", "…", false},
    {"textdegree", "°", false},
    {"euro", "€", false},
    {"textless", "<", false},
    {"textgreater", ">", false},
    {"textbar", "|", false},
    {"textbullet", "•", false},
    {"textperiodcentered", "·", false},
    {"textquotedbl", "\"", false},
    {"textunderscore", "_", false},
    {"textdagger", "†", false},
    {"textdaggerdbl", "‡", false},
    {"textsection", "§", false},
    {"textpm", "±", false},
    {"textmu", "µ", false},
    {"textonehalf", "½", false},
    {"LaTeX", "LaTeX", false},
    {"TeX", "TeX", false},
    {"BibTeX", "BibTeX", false},
    {"relax", "", false},
    {"/", "", false},  // italic correction: no text
    // The AAS journal macros that NASA ADS writes (journal = {\apj}), as the
    // journals' own abbreviations (aastex's definitions).
    {"aj", "AJ", false},
    {"actaa", "Acta Astron.", false},
    {"araa", "ARA&A", false},
    {"apj", "ApJ", false},
    {"apjl", "ApJL", false},
    {"apjs", "ApJS", false},
    {"ao", "Appl. Opt.", false},
    {"apss", "Ap&SS", false},
    {"aap", "A&A", false},
    {"aapr", "A&A Rev.", false},
    {"aaps", "A&AS", false},
    {"azh", "AZh", false},
    {"baas", "BAAS", false},
    {"caa", "Chinese Astron. Astrophys.", false},
    {"cjaa", "Chinese J. Astron. Astrophys.", false},
    {"icarus", "Icarus", false},
    {"jcap", "JCAP", false},
    {"jrasc", "JRASC", false},
    {"memras", "MmRAS", false},
    {"mnras", "MNRAS", false},
    {"na", "New A", false},
    {"nar", "New A Rev.", false},
    {"pra", "Phys. Rev. A", false},
    {"prb", "Phys. Rev. B", false},
    {"prc", "Phys. Rev. C", false},
    {"prd", "Phys. Rev. D", false},
    {"pre", "Phys. Rev. E", false},
    {"prl", "Phys. Rev. Lett.", false},
    {"pasa", "PASA", false},
    {"pasp", "PASP", false},
    {"pasj", "PASJ", false},
    {"psj", "PSJ", false},
    {"qjras", "QJRAS", false},
    {"rmxaa", "Rev. Mexicana Astron. Astrofis.", false},
    {"skytel", "S&T", false},
    {"solphys", "Sol. Phys.", false},
    {"sovast", "Soviet Ast.", false},
    {"ssr", "Space Sci. Rev.", false},
    {"zap", "ZAp", false},
    {"nat", "Nature", false},
    {"iaucirc", "IAU Circ.", false},
    {"aplett", "Astrophys. Lett.", false},
    {"apspr", "Astrophys. Space Phys. Res.", false},
    {"bain", "Bull. Astron. Inst. Netherlands", false},
    {"fcp", "Fund. Cosmic Phys.", false},
    {"gca", "Geochim. Cosmochim. Acta", false},
    {"grl", "Geophys. Res. Lett.", false},
    {"jcp", "J. Chem. Phys.", false},
    {"jgr", "J. Geophys. Res.", false},
    {"jqsrt", "JQSRT", false},
    {"memsai", "Mem. Soc. Astron. Italiana", false},
    {"nphysa", "Nucl. Phys. A", false},
    {"physrep", "Phys. Rep.", false},
    {"physscr", "Phys. Scr", false},
    {"planss", "Planet. Space Sci.", false},
    {"procspie", "Proc. SPIE", false},
};

// biblatex's \mkbib... wrappers too (Zotero's Better BibLaTeX writes them).
constexpr std::string_view formatting[] = {"emph",       "mbox",        "text",         "textbf",     "textit",
                                           "textmd",     "textnormal",  "textrm",       "textsc",     "textsf",
                                           "textsl",     "texttt",      "textup",       "url",        "mkbibemph",
                                           "mkbibitalic", "mkbibbold",  "mkbibquote",   "textsubscript", "textsuperscript",
                                           "uppercase",  "MakeUppercase", "hbox",      "nolinkurl",
                                           // font switches, {\em text}: they show their group's text
                                           "em", "it", "bf", "sl", "sc", "rm", "tt", "sf", "itshape", "bfseries",
                                           "scshape", "slshape", "upshape", "normalfont", "rmfamily", "sffamily",
                                           "ttfamily", "mdseries"};

}  // namespace

std::span<const AccentRow> accent_rows() {
    return rows;
}
std::span<const Symbol> symbols() {
    return symbol_table;
}

bool is_formatting_command(std::string_view command) {
    return std::find(std::begin(formatting), std::end(formatting), command) != std::end(formatting);
}

}  // namespace vitae
