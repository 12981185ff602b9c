// The CV's sections: education, experience, teaching, service, awards
// (keyed by position, in the owner's order), news and talks (by id, newest first).
#include "edit/kind_rows.hpp"
#include "store/write/awards.hpp"
#include "store/write/sections.hpp"
#include "store/write/teaching.hpp"

namespace vitae::editable_tables {

namespace {

Education education_of(V v) {
    return {.start_year = integer(v, "start_year"), .end_year = integer(v, "end_year"), .degree = text(v, "degree"),
            .institution = text(v, "institution")};
}
Experience experience_of(V v) {
    return {.organization = text(v, "organization"), .location = text(v, "location"), .role = text(v, "role"),
            .start_month = text(v, "start_month"), .end_month = text(v, "end_month")};
}
Teaching teaching_of(V v) {
    return {.course = text(v, "course"), .title = text(v, "title"), .term = text(v, "term"), .role = text(v, "role")};
}
News news_of(V v) { return {.id = 0, .date = text(v, "date"), .markdown = text(v, "markdown")}; }
Talk talk_of(V v) {
    return {.id = 0, .date = text(v, "date"), .title = text(v, "title"), .event = text(v, "event"),
            .place = text(v, "place"), .url_slides = text(v, "url_slides"), .url_video = text(v, "url_video"),
            .url_event = text(v, "url_event"), .abstract = text(v, "abstract")};
}

}  // namespace

std::vector<Editable> section_editables() {
    std::vector<Editable> table;
    table.push_back(positional(
        {.path = "education", .label = "Education", .item = "education",
         .fields = {{.name = "start_year", .label = "From (year)", .type = FieldType::number, .required = true},
                    {.name = "end_year", .label = "To (year)", .type = FieldType::number, .required = true},
                    {.name = "degree", .label = "Degree", .hint = "empty for a school without a degree"},
                    {.name = "institution", .label = "Institution", .required = true}},
         .summary = "institution"},
        [](const Db& db, std::int64_t at, V v) { put_education(db, at, education_of(v)); },
        remove_education));
    table.push_back(positional(
        {.path = "experience", .label = "Experience", .item = "experience",
         .fields = {{.name = "organization", .label = "Organization", .required = true},
                    {.name = "location", .label = "Location"},
                    {.name = "role", .label = "Role", .required = true},
                    {.name = "start_month", .label = "From", .type = FieldType::month, .required = true},
                    {.name = "end_month", .label = "To", .type = FieldType::month, .hint = "empty: to this day"}},
         .summary = "organization"},
        [](const Db& db, std::int64_t at, V v) { put_experience(db, at, experience_of(v)); },
        remove_experience));
    table.push_back(positional(
        {.path = "teaching", .label = "Teaching", .item = "teaching",
         .fields = {{.name = "course", .label = "Course", .required = true},
                    {.name = "title", .label = "Title", .required = true},
                    {.name = "term", .label = "Term", .required = true},
                    {.name = "role", .label = "Role", .hint = "Teaching Assistant, Instructor"}},
         .summary = "title"},
        [](const Db& db, std::int64_t at, V v) { put_teaching(db, at, teaching_of(v)); },
        remove_teaching));
    table.push_back(positional(
        {.path = "service", .label = "Service", .item = "service",
         .fields = {{.name = "role", .label = "Role", .required = true}, {.name = "venue", .label = "Venue", .required = true}},
         .summary = "venue"},
        [](const Db& db, std::int64_t at, V v) { put_service(db, at, Service{.role = text(v, "role"), .venue = text(v, "venue")}); },
        remove_service));
    table.push_back(positional(
        {.path = "awards", .label = "Awards", .item = "award",
         .fields = {{.name = "year", .label = "Year", .type = FieldType::number, .hint = "empty when undated"},
                    {.name = "name", .label = "Name", .required = true},
                    {.name = "issuer", .label = "Issuer"}},
         .summary = "name"},
        [](const Db& db, std::int64_t at, V v) {
            put_award(db, at, Award{.year = optional_integer(v, "year"), .name = text(v, "name"), .issuer = text(v, "issuer")});
        },
        remove_award));
    table.push_back(by_id(
        {.path = "news", .label = "News", .item = "news",
         .fields = {{.name = "date", .label = "Date", .type = FieldType::date, .required = true},
                    {.name = "markdown", .label = "Text", .type = FieldType::markdown_math, .required = true}},
         .summary = "markdown"},
        [](const Db& db, V v) { return insert_news(db, news_of(v)); },
        [](const Db& db, std::int64_t id, V v) { put_news(db, id, news_of(v)); }, remove_news));
    table.push_back(by_id(
        {.path = "talks", .label = "Talks", .item = "talk",
         .fields = {{.name = "date", .label = "Date", .type = FieldType::date, .required = true},
                    {.name = "title", .label = "Title", .required = true},
                    {.name = "event", .label = "Event"},
                    {.name = "place", .label = "Place"},
                    {.name = "url_slides", .label = "Slides", .type = FieldType::url},
                    {.name = "url_video", .label = "Video", .type = FieldType::url},
                    {.name = "url_event", .label = "Event page", .type = FieldType::url},
                    {.name = "abstract", .label = "Abstract", .type = FieldType::markdown_math}},
         .summary = "title"},
        [](const Db& db, V v) { return insert_talk(db, talk_of(v)); },
        [](const Db& db, std::int64_t id, V v) { put_talk(db, id, talk_of(v)); }, remove_talk));
    return table;
}

}  // namespace vitae::editable_tables
