#include "latex_table.hpp"

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
    {"relax", "", false},
    {"/", "", false},  // italic correction: no text
};

constexpr std::array<std::string_view, 14> formatting = {"emph",   "mbox",       "text",   "textbf", "textit",
                                                         "textmd", "textnormal", "textrm", "textsc", "textsf",
                                                         "textsl", "texttt",     "textup", "url"};

}  // namespace

std::span<const AccentRow> accent_rows() {
    return rows;
}
std::span<const Symbol> symbols() {
    return symbol_table;
}

bool is_formatting_command(std::string_view command) {
    return std::find(formatting.begin(), formatting.end(), command) != formatting.end();
}

}  // namespace vitae
