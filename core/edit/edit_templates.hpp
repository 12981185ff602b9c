// The editor's page templates (templates/edit/*.mustache), compiled once,
// each rendered under a lock: kainjow writes into a template whose render
// fails, and the editor's pages are few and rare enough that threads
// waiting for one another cost nothing measurable (see the timing in
// tests/unit/edit_test.cpp).
#pragma once

#include <kainjow/mustache.hpp>

#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

namespace vitae {

using EditData = kainjow::mustache::data;

// The pages this layer renders; the admin's own (layout, login, sites,
// message) sit in the same folder and are not loaded here.
inline constexpr const char* edit_templates[] = {"dashboard", "list", "form", "conflict", "history", "bibtex", "review"};

class EditTemplates {
public:
    // Throws Error naming a missing or broken file.
    explicit EditTemplates(const std::filesystem::path& dir);
    // Throws Error when the render fails (a template's error, named).
    std::string render(std::string_view name, const EditData& data) const;

private:
    mutable std::mutex mutex_;
    mutable std::map<std::string, kainjow::mustache::mustache, std::less<>> pages_;  // guarded by mutex_
    std::map<std::string, std::string, std::less<>> sources_;  // to compile a page again after a failed render
};

// kainjow's data from text: a const char* would become a bool.
inline EditData text_data(std::string_view s) { return EditData(std::string(s)); }

}  // namespace vitae
