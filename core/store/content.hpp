// The site's content as plain values, exactly as loaded from one read
// transaction. Immutable once built; shared between threads by const pointer.
// Equality is exact (every field compared), which is how a reload tells new
// content from old: no digest that a collision could fool.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "publication_kind.hpp"

namespace vitae {

struct Email {
    std::string address;  // as shown, e.g. "haoranz [at] nvidia [dot] com"
    std::string label;

    bool operator==(const Email&) const = default;
};

struct Link {
    std::string label;
    std::string url;  // empty: named but without a target; rendered as a label

    bool operator==(const Link&) const = default;
};

struct Education {
    int start_year = 0;
    int end_year = 0;
    std::string degree;
    std::string institution;

    bool operator==(const Education&) const = default;
};

struct Post {
    std::string slug;
    std::string title;
    std::string published;    // YYYY-MM-DD
    std::string body_format;  // "markdown" or "html"
    std::string body;

    bool operator==(const Post&) const = default;
};

struct Author {
    std::string name;
    bool is_owner = false;
    bool equal_contribution = false;

    bool operator==(const Author&) const = default;
};

struct Publication {
    std::string slug;
    PublicationKind kind = PublicationKind::preprint;
    std::string title;
    std::string venue;
    std::optional<int> year;
    std::string abstract;
    std::vector<Author> authors;
    std::vector<Link> links;
    std::vector<std::string> awards;

    bool operator==(const Publication&) const = default;
};

struct Teaching {
    std::string course;
    std::string title;
    std::string term;

    bool operator==(const Teaching&) const = default;
};

struct Service {
    std::string role;
    std::string venue;

    bool operator==(const Service&) const = default;
};

struct Experience {
    std::string organization;
    std::string location;
    std::string role;
    std::string start_month;  // YYYY-MM
    std::string end_month;    // YYYY-MM or empty

    bool operator==(const Experience&) const = default;
};

struct Content {
    std::string name;
    std::string affiliation;  // may be empty
    std::string job_title;    // may be empty
    std::vector<std::string> bio_markdown;
    std::vector<Email> emails;
    std::vector<Link> links;
    std::vector<Education> education;
    std::vector<Post> posts;  // newest first
    std::vector<Publication> publications;  // in the owner's order, preprints included
    std::vector<Teaching> teaching;
    std::vector<Service> services;
    std::vector<Experience> experiences;

    bool operator==(const Content&) const = default;
};

}  // namespace vitae
