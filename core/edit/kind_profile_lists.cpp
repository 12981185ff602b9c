// The profile's other lists: its e-mail addresses and the other spellings of
// the owner's name (an author matching one is the owner: bold, and `vitae
// check` quiet), keyed by position in the owner's order, as import-site
// writes them.
#include "edit/kind_rows.hpp"
#include "store/write/profile.hpp"

namespace vitae::editable_tables {

std::vector<Editable> profile_list_editables() {
    std::vector<Editable> table;
    table.push_back(positional(
        {.path = "emails", .label = "E-mail addresses", .item = "profile_email",
         .fields = {{.name = "address", .label = "Address", .required = true,
                     .hint = "as the page shows it, e.g. ann [at] example [dot] org"},
                    {.name = "label", .label = "Label", .hint = "e.g. work; may be empty"}},
         .summary = "address"},
        [](const Db& db, std::int64_t at, V v) {
            put_profile_email(db, at, Email{.address = text(v, "address"), .label = text(v, "label")});
        },
        remove_profile_email));
    table.push_back(positional(
        {.path = "names", .label = "Other spellings of the name", .item = "profile_name_variant",
         .fields = {{.name = "name", .label = "Name", .required = true,
                     .hint = "as reference managers write it, e.g. Moreau, I. or I. Moreau"}},
         .summary = "name"},
        [](const Db& db, std::int64_t at, V v) { put_profile_name_variant(db, at, value_of(v, "name")); },
        remove_profile_name_variant));
    return table;
}

}  // namespace vitae::editable_tables
