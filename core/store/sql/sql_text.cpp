#include "store/sql/sql_text.hpp"

#include "base/error.hpp"

namespace vitae {

std::string sql_name(std::string_view name) {
    bool ok = !name.empty();
    for (char c : name) ok = ok && ((c >= 'a' && c <= 'z') || c == '_');
    if (!ok) throw Error("sql: " + std::string(name) + " is not a table or column name");
    return std::string(name);
}

}  // namespace vitae
