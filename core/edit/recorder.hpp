// The edit log for writes made outside the editor (the `vitae` commands):
// the rows of the kinds a command may change are read as the editor reads
// them before the command writes, and again after, inside the command's own
// transaction; each row that differs is one entry (insert, update, delete),
// in the editor's own format, so `vitae log`, the editor's history and its
// undo read the CLI's changes as they read the editor's. The change log the
// schema's triggers keep says which publications and posts to read again,
// so a command that touches a few rows of many reads a few after it.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "edit/kinds.hpp"

namespace vitae {

class EditRecorder {
public:
    // Inside the caller's write transaction, before its writes. `kind_paths`
    // name kinds of the table in kinds.cpp ("news", "publications"); an
    // unknown one is a programming error (throws Error).
    EditRecorder(const Db& db, std::string who, std::initializer_list<std::string_view> kind_paths);
    // Every kind of the table (a command that writes anything, import-site).
    EditRecorder(const Db& db, std::string who);
    // After the writes, before the commit: records each changed row; returns how many.
    std::size_t record();

private:
    struct Watched {
        const Kind* kind = nullptr;
        std::map<std::string, std::string> rows;  // key -> the values as JSON
    };
    std::map<std::string, std::string> snapshot(const Kind& kind, const std::vector<std::string>* only) const;

    const Db& db_;
    std::string who_;
    std::int64_t mark_ = 0;  // the change log's last entry before the writes
    std::vector<Watched> watched_;
};

// A write transaction whose changes to the kinds named are recorded as it
// commits: what a command writes and its entries commit together or not at
// all. A refused command (an exception before commit) records nothing.
class RecordedTransaction {
public:
    RecordedTransaction(const Db& db, std::string who, std::initializer_list<std::string_view> kind_paths)
        : transaction_(db), recorder_(db, std::move(who), kind_paths) {}
    // Every kind (import-site, which writes them all).
    RecordedTransaction(const Db& db, std::string who) : transaction_(db), recorder_(db, std::move(who)) {}
    void commit() {
        recorder_.record();
        transaction_.commit();
    }

private:
    Transaction transaction_;  // first: the recorder reads inside it
    EditRecorder recorder_;
};

// "cli:<the Unix user>", the `who` of the CLI's entries.
std::string cli_editor_name();

}  // namespace vitae
