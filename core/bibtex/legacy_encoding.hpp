// Text that is not UTF-8, turned into UTF-8: the 8-bit encodings old
// reference managers wrote (JabRef's "% Encoding: MacRoman", BibDesk,
// Windows' Cp1252). Every byte maps to a character, so nothing is dropped;
// the importer says which encoding it assumed.
#pragma once

#include <string>
#include <string_view>

namespace vitae {

enum class Legacy { cp1252, mac_roman };

// The encoding a file's header names (JabRef writes "% Encoding: ..."),
// else Windows-1252, the superset of Latin-1 most such files are in.
Legacy legacy_encoding_of(std::string_view text);
std::string legacy_to_utf8(std::string_view text, Legacy encoding);

}  // namespace vitae
