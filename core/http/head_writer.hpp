// The one writer of a response head, for vitae-fcgi and vitae-admin alike:
// the CGI form nginx reads from FastCGI ("Status: 303 See Other", then
// "Name: value" lines, then an empty line), with the reason phrase from the
// one status table.
//
// A head is where request bytes could become protocol: a CR or LF in a value
// ends the line, and what follows is a header (or, after an empty line, a
// body) of the sender's choosing. So the writer checks every field it is
// given, whatever built it: a name must be an RFC 9110 token and a value may
// hold no control byte but HTAB (RFC 9110 5.5: no CR, LF or NUL, and no
// other C0 byte or DEL either). One field that breaks the rule and the head
// is never sent: the answer becomes a fixed, plain 500, and the log names the
// field (never its bytes). A status not in the table is refused the same way.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace vitae {

// RFC 9110's reason phrase (and 429's, RFC 6585); empty for a status not in the table.
std::string_view reason_phrase(int status);

// A header field a caller keeps (a page's surrogate keys, the editor's fixed headers).
struct HeaderField {
    std::string name;
    std::string value;
};

// What goes out: the head and the body that belongs with it.
struct WrittenHead {
    std::string head;
    std::string_view body;
    bool refused = false;  // the head broke the rule: `head` and `body` are the fixed 500
};

// Whether `name` is an RFC 9110 token (a field name) and `value` a field value
// the writer sends (no control byte but HTAB).
bool is_field_name(std::string_view name);
bool is_field_value(std::string_view value);

class HeadWriter {
public:
    explicit HeadWriter(int status);

    HeadWriter& add(std::string_view name, std::string_view value);
    HeadWriter& add(const HeaderField& field) { return add(field.name, field.value); }
    HeadWriter& add_number(std::string_view name, std::uint64_t value);

    bool refused() const { return !refused_.empty(); }

    // The head, its empty line included, and `body`; or, when anything was
    // refused, the fixed 500's head and body instead (and one log line).
    WrittenHead finish(std::string_view body);

private:
    std::string head_;
    std::string refused_;  // what was refused, for the log; empty: nothing
};

}  // namespace vitae
