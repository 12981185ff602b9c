// Who the owner is in an author list: the one matcher the importers, the
// loader (which marks the owner for every page, the CV and the citations)
// and `vitae check` use, so a name is the owner's everywhere or nowhere.
//
// A name is compared the way a reader compares it, not byte for byte:
// - letters are folded for matching only (the stored name keeps its
//   spelling): accents and combining marks dropped ("Dı́az", a dotless ı and
//   a combining acute, is "diaz"), look-alikes made plain (ł l, ø o, ß ss,
//   æ ae, đ d), case ignored, dots, hyphens and apostrophes not letters;
// - titles and degrees are not part of the name ("Dr.", "Prof.", "PhD");
// - "Last, First" is turned ("Blini, Elvio" is Elvio Blini); without a
//   comma every split into given names and a surname is a reading, so
//   "Michele De Filippo De Grazia" is "De Filippo De Grazia, Michele";
// - the surnames must be equal; the given names agree when the first of
//   the shorter list matches the first of the longer (in full, or as its
//   initial), the rest in order, names missing from either side allowed
//   ("E Blini", "Elvio Blini" and "Blini, E." are "Elvio A. Blini"; "A.
//   Blini" is not, nor is "Elvio B. Blini"). A given name in full may also
//   match a later one ("Stuart Geiger" is "R. Stuart Geiger").
// A spelling no rule can read (a mangled export, a pen name) is a variant
// of the profile (table profile_name_variant), matched by the same rules,
// except that a given name the profile's name disagrees with, under the
// profile's surname, is someone else: the variant "Zhang, H." makes "H.
// Zhang" the owner "Haoran Zhang", not "Hao Zhang".
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace vitae {

// "Pérez-Dı́az" -> "perez-diaz": lower case, accents and combining marks
// dropped, look-alike letters made plain (ı i, ł l, ø o, ß ss, æ ae, œ oe,
// đ/ð d, þ th); letters of other scripts kept as they are (rules/text_fold:
// titles fold the same way).
std::string fold_name(std::string_view name);

// One way to read a name: its surname (folded, without spaces, hyphens or
// apostrophes) and its given names or initials (folded, in order).
struct NameReading {
    std::string surname;
    std::vector<std::string> given;
};

// Every reading of `name`: one for "Last, First", one per split otherwise.
std::vector<NameReading> name_readings(std::string_view name);

// Whether two names can be the same person by the rules above.
bool same_person(std::string_view a, std::string_view b);

// "Zhang, H." -> "h zhang"; "H. Zhang" -> "h zhang": a name as a key for
// linking co-authors' pages (a "Last, First" order turned, case, dots and
// extra spaces ignored).
std::string name_key(std::string_view name);

// The owner's names: the profile's and its variants. Implicit from one
// name, for callers that know only that.
struct OwnerNames {
    OwnerNames(std::string_view owner = {}, std::vector<std::string> other_spellings = {})
        : name(owner), variants(std::move(other_spellings)) {}
    std::string name;
    std::vector<std::string> variants;

    // Whether `author` is the owner (by same_person with any of the names).
    bool match(std::string_view author) const;
};

// OwnerNames with the owner's readings made once, for matching many
// authors (a whole site's load).
class OwnerMatcher {
public:
    explicit OwnerMatcher(const OwnerNames& owner);
    bool match(std::string_view author) const;

private:
    std::vector<std::string> keys_;       // name_key of each name: an exact spelling always matches
    std::vector<NameReading> readings_;   // of every name
    std::vector<NameReading> profile_;    // of the profile's name alone
};

}  // namespace vitae
