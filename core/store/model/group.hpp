// A group of sites as its home site's /people/ and /publications/ show it:
// each member site as one card, and every member's papers merged into one
// entry per work. Plain data, made by core/site/group_index from what
// core/store/rows/member_summary reads of each member's database; the
// merge is here so the home's own papers can join it by the same keys.
//
// One work: papers the work-identity rule (rules/work_identity) calls one,
// as sync and the importers do; papers that share an identifier are one
// work even through a third (a preprint listed by one member with its
// arXiv id, by another with its DOI and arXiv id, and by a third with its
// DOI), papers whose DOIs (or arXiv ids) differ never by their title.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "rules/work_identity.hpp"
#include "store/model/owner_names.hpp"
#include "store/model/publication_kind.hpp"

namespace vitae {

// What the group pages read of one member's database (and nothing else:
// a thousand members of 300 papers each are read in about a second).
struct MemberPaper {
    std::string slug{}, title{}, venue{};
    std::optional<int> year{};
    std::string doi{}, arxiv{};
    PublicationKind kind = PublicationKind::other;
    std::vector<std::string> authors{};
    bool operator==(const MemberPaper&) const = default;
};
struct MemberSummary {
    std::string name{}, job_title{};
    std::vector<std::string> name_variants{};  // the profile's other spellings (profile_name_variant)
    std::string photo_name{}, photo_digest{}, photo_alt{};  // "" when no photo (or the file is missing)
    int photo_width = 0, photo_height = 0;
    std::vector<MemberPaper> papers{};  // in the owner's order
    bool operator==(const MemberSummary&) const = default;
};

struct GroupMember {
    std::string site{};       // the registry's name of the member's site
    std::string base_url{};   // its pages' base, no trailing slash ("https://carol.example.edu", ".../~carol")
    std::string name{};       // the profile's name
    std::string role{};       // the profile's job title; "" when none
    std::string photo_url{};  // absolute (base_url + the photo's content-addressed /files/ URL); "" when none
    std::string photo_alt{};  // the photo file's own alt text; "" when none
    int photo_width = 0, photo_height = 0;
    std::string group{};      // "" when the registry gives none
    bool operator==(const GroupMember&) const = default;
};

struct GroupAuthor {
    std::string name{};  // as the first list that has the work spells it
    std::string url{};   // the site of the member it is ("base_url/"); "" when no member is
    bool operator==(const GroupAuthor&) const = default;
};

// One member's page of a work.
struct GroupPaper {
    std::string member{};  // the member's display name
    std::string url{};     // absolute: the member's /publications/<slug>
    bool operator==(const GroupPaper&) const = default;
};

struct GroupWork {
    std::string title{};
    std::vector<GroupAuthor> authors{};
    std::string venue{};
    std::optional<int> year{};
    std::string doi{}, arxiv{};  // as compared (doi_key, arxiv_key): the first paper's that has one
    PublicationKind kind = PublicationKind::other;
    std::vector<GroupPaper> papers{};  // one per member listing it, in the members' order
    bool operator==(const GroupWork&) const = default;
};

// Which member an author name is: each member's OwnerMatcher (the profile's
// name and its variants), tried only for members who share a surname with
// one reading of the name, so linking 100,000 author names to 1,000 members
// costs a map lookup each, not 1,000 matches.
class MemberLinker {
public:
    explicit MemberLinker(const std::vector<OwnerNames>& members);
    // The index of the first member the name is; none when it is nobody's.
    std::optional<std::size_t> find(std::string_view author) const;

private:
    std::vector<OwnerMatcher> matchers_;
    std::unordered_map<std::string, std::vector<std::size_t>> by_surname_;
};

class GroupSearch;  // core/store/write/group_search: the index of a Group's members and works

struct Group {
    std::vector<GroupMember> members{};  // by group (named ones by name, then none), then family name
    std::vector<GroupWork> works{};      // newest year first (undated last), then by title
    // Every member paper under its work's index in works: the home joins its own papers by it.
    WorkIndex index{};
    std::shared_ptr<const MemberLinker> linker{};  // of members, in their order here
    std::int64_t modified_unix = 0;  // when this version was made: the home's pages' Last-Modified
    // What the home's /search/ finds of the group: built with this version
    // (GroupIndex), its keys index members and works; null when not built.
    std::shared_ptr<const GroupSearch> search{};
};

// "Carol de Vries" -> "vries carol de": a name as /people/ sorts it (family name first, folded).
std::string family_sort_key(std::string_view name);

// One member as make_group takes it: its card and what was read of its site.
struct MemberInput {
    GroupMember member{};
    std::shared_ptr<const MemberSummary> summary{};
};
// A member's page of one of its papers, absolute (core/http's url_for: the path is spelled there).
using PaperUrl = std::function<std::string(const GroupMember& member, std::string_view slug)>;

Group make_group(std::vector<MemberInput> members, const PaperUrl& paper_url);

}  // namespace vitae
