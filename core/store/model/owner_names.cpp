#include "store/model/owner_names.hpp"

#include <algorithm>
#include <array>

#include "base/text.hpp"
#include "rules/text_fold.hpp"

namespace vitae {

namespace {

// Dropped wherever they stand: they say what the person is, not who.
bool is_title(std::string_view word) {
    static constexpr std::array<std::string_view, 17> titles{
        "dr", "prof", "professor", "mr", "mrs", "ms", "mx", "phd", "dphil", "md", "msc", "mba",
        "jr", "sr", "ii", "iii", "iv"};
    std::string key;
    for (char c : word)
        if (c != '.') key += c;
    return std::find(titles.begin(), titles.end(), key) != titles.end();
}

// The words of one comma-separated part, titles left out, each split at
// dots ("R.S." is r, s); a hyphen only separates given names.
std::vector<std::string> words_of(std::string_view part) {
    std::vector<std::string> words;
    std::string word;
    auto flush = [&] {
        if (!word.empty() && !is_title(word)) {
            std::string token;
            for (char c : word) {
                if (c == '.') {
                    while (!token.empty() && token.back() == '-') token.pop_back();
                    if (!token.empty()) words.push_back(token);
                    token.clear();
                } else if (!(c == '-' && token.empty())) {
                    token += c;
                }
            }
            while (!token.empty() && token.back() == '-') token.pop_back();
            if (!token.empty()) words.push_back(token);
        }
        word.clear();
    };
    for (char c : part) {
        if (is_blank(c) || c == '~') flush();
        else if (c != '\'' && c != '{' && c != '}' && c != '*') word += c;
    }
    flush();
    return words;
}

std::string surname_of(const std::vector<std::string>& words, std::size_t from) {
    std::string out;
    for (std::size_t i = from; i < words.size(); ++i)
        for (char c : words[i])
            if (c != '-') out += c;
    return out;
}

std::vector<std::string> given_of(const std::vector<std::string>& words, std::size_t to) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < to; ++i) {
        std::size_t at = 0;
        while (at <= words[i].size()) {
            auto dash = words[i].find('-', at);
            if (dash == std::string::npos) dash = words[i].size();
            if (dash > at) out.push_back(words[i].substr(at, dash - at));
            at = dash + 1;
        }
    }
    return out;
}

// A given name and an initial of it, or the same name.
bool same_given(const std::string& a, const std::string& b) {
    if (a == b) return true;
    if (a.size() == 1) return b.front() == a.front();
    if (b.size() == 1) return a.front() == b.front();
    return false;
}

// The rest of `shorter` matched in order within `longer` from `at`.
bool rest_in_order(const std::vector<std::string>& shorter, std::size_t from, const std::vector<std::string>& longer,
                   std::size_t at) {
    for (std::size_t i = from; i < shorter.size(); ++i) {
        while (at < longer.size() && !same_given(shorter[i], longer[at])) ++at;
        if (at == longer.size()) return false;
        ++at;
    }
    return true;
}

bool given_agree(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    if (a.empty() || b.empty()) return false;
    const auto& shorter = a.size() <= b.size() ? a : b;
    const auto& longer = a.size() <= b.size() ? b : a;
    if (same_given(shorter[0], longer[0])) return rest_in_order(shorter, 1, longer, 1);
    if (shorter[0].size() < 2) return false;  // "A. Blini" is not "Elvio A. Blini"
    for (std::size_t k = 1; k < longer.size(); ++k)
        if (shorter[0] == longer[k]) return rest_in_order(shorter, 1, longer, k + 1);
    return false;
}

bool readings_agree(const std::vector<NameReading>& a, const std::vector<NameReading>& b) {
    for (const auto& x : a)
        for (const auto& y : b)
            if (!x.surname.empty() && x.surname == y.surname && given_agree(x.given, y.given)) return true;
    return false;
}

}  // namespace

std::string fold_name(std::string_view name) { return fold_for_comparing(name); }

std::vector<NameReading> name_readings(std::string_view name) {
    std::string folded = fold_name(name);
    std::vector<std::vector<std::string>> parts;  // the comma-separated parts that are not only titles
    std::size_t at = 0;
    while (at <= folded.size()) {
        auto comma = folded.find(',', at);
        if (comma == std::string::npos) comma = folded.size();
        auto words = words_of(std::string_view(folded).substr(at, comma - at));
        if (!words.empty()) parts.push_back(std::move(words));
        at = comma + 1;
    }
    std::vector<NameReading> readings;
    if (parts.size() >= 2) {  // "Last, First" or "Last, Jr, First"
        readings.push_back({surname_of(parts.front(), 0), given_of(parts.back(), parts.back().size())});
    } else if (parts.size() == 1) {
        const auto& words = parts.front();
        if (words.size() == 1) readings.push_back({surname_of(words, 0), {}});
        for (std::size_t split = 1; split < words.size(); ++split)
            readings.push_back({surname_of(words, split), given_of(words, split)});
    }
    return readings;
}

bool same_person(std::string_view a, std::string_view b) {
    std::string key = name_key(a);
    if (key.empty()) return false;
    return key == name_key(b) || readings_agree(name_readings(a), name_readings(b));
}

std::string name_key(std::string_view name) {
    name = trim(name);
    std::string turned;
    if (auto comma = name.find(','); comma != std::string_view::npos)
        turned = std::string(trim(name.substr(comma + 1))) + " " + std::string(trim(name.substr(0, comma)));
    else
        turned = name;
    std::string key;
    for (char c : ascii_lower(turned)) {
        bool space = c == '.' || is_blank(c) || c == '~';
        if (space) {
            if (!key.empty() && key.back() != ' ') key += ' ';
        } else {
            key += c;
        }
    }
    while (!key.empty() && key.back() == ' ') key.pop_back();
    return key;
}

bool OwnerNames::match(std::string_view author) const { return OwnerMatcher(*this).match(author); }

OwnerMatcher::OwnerMatcher(const OwnerNames& owner) : profile_(name_readings(owner.name)) {
    auto add = [this](const std::string& name) {
        std::string key = name_key(name);
        if (key.empty()) return;
        keys_.push_back(key);
        auto readings = name_readings(name);
        readings_.insert(readings_.end(), readings.begin(), readings.end());
    };
    add(owner.name);
    for (const auto& variant : owner.variants) add(variant);
}

bool OwnerMatcher::match(std::string_view author) const {
    std::string key = name_key(author);
    if (key.empty()) return false;
    if (std::find(keys_.begin(), keys_.end(), key) != keys_.end()) return true;
    for (const auto& reading : name_readings(author)) {
        if (!readings_agree(readings_, {reading})) continue;
        // An abbreviated variant ("Zhang, H.") does not make another
        // given name of the profile's surname ("Hao Zhang") the owner.
        bool other = std::any_of(profile_.begin(), profile_.end(), [&](const NameReading& p) {
            return p.surname == reading.surname && !p.given.empty() && !given_agree(p.given, reading.given);
        });
        if (!other) return true;
    }
    return false;
}

}  // namespace vitae
