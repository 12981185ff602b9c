// SQL text, as the wrapper's prepare, exec and pragmas take it. Only the
// store's layers see this header (they link vitae_store_sql privately), so
// a statement cannot be written anywhere else: above the store, Db offers no
// call that takes SQL, and a layer asks for rows by a named function of
// store/rows or writes them through a writer of store/write.
#pragma once

#include <string>
#include <string_view>

namespace vitae {

// A view of SQL text for the length of one call (it owns nothing).
class SqlText {
public:
    SqlText(const char* text) : text_(text) {}
    SqlText(std::string_view text) : text_(text) {}
    SqlText(const std::string& text) : text_(text) {}
    std::string_view view() const { return text_; }

private:
    std::string_view text_;
};

// `name` when it is a table or column name (a-z and _): the only words of a
// statement that are spliced into it rather than bound. They are the
// store's own constants, never input; a bad one throws Error naming it.
std::string sql_name(std::string_view name);

}  // namespace vitae
