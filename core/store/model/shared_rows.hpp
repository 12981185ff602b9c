// Rows shared between versions of the content. A reload that changed one
// paper makes a version holding the same unchanged rows as the one before,
// not copies: at 3,000 papers, copying and comparing every row cost more
// than reading the one that changed. Reads like a const vector of T; two
// lists compare equal row by row, a row held by both being equal at once.
#pragma once

#include <cstddef>
#include <iterator>
#include <memory>
#include <vector>

namespace vitae {

template <typename T>
class SharedRows {
public:
    using Row = std::shared_ptr<const T>;
    using value_type = T;

    class const_iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = const T*;
        using reference = const T&;

        const_iterator() = default;
        explicit const_iterator(typename std::vector<Row>::const_iterator at) : at_(at) {}
        const T& operator*() const { return **at_; }
        const T* operator->() const { return at_->get(); }
        const T& operator[](difference_type n) const { return *at_[n]; }
        const_iterator& operator++() { ++at_; return *this; }
        const_iterator operator++(int) { auto old = *this; ++at_; return old; }
        const_iterator& operator--() { --at_; return *this; }
        const_iterator operator--(int) { auto old = *this; --at_; return old; }
        const_iterator& operator+=(difference_type n) { at_ += n; return *this; }
        const_iterator& operator-=(difference_type n) { at_ -= n; return *this; }
        friend const_iterator operator+(const_iterator i, difference_type n) { return i += n; }
        friend const_iterator operator+(difference_type n, const_iterator i) { return i += n; }
        friend const_iterator operator-(const_iterator i, difference_type n) { return i -= n; }
        friend difference_type operator-(const const_iterator& a, const const_iterator& b) { return a.at_ - b.at_; }
        friend auto operator<=>(const const_iterator&, const const_iterator&) = default;

    private:
        typename std::vector<Row>::const_iterator at_;
    };
    using iterator = const_iterator;

    SharedRows() = default;
    SharedRows(std::initializer_list<T> rows) {
        for (const auto& row : rows) push_back(row);
    }

    void push_back(T row) { rows_.push_back(std::make_shared<const T>(std::move(row))); }
    void push_back(Row row) { rows_.push_back(std::move(row)); }
    void reserve(std::size_t n) { rows_.reserve(n); }
    void replace(std::size_t i, T row) { rows_[i] = std::make_shared<const T>(std::move(row)); }
    void clear() { rows_.clear(); }

    std::size_t size() const { return rows_.size(); }
    bool empty() const { return rows_.empty(); }
    const T& operator[](std::size_t i) const { return *rows_[i]; }
    const T& front() const { return *rows_.front(); }
    const T& back() const { return *rows_.back(); }
    const_iterator begin() const { return const_iterator(rows_.begin()); }
    const_iterator end() const { return const_iterator(rows_.end()); }

    // The row itself, to hold it in another version.
    const Row& shared(std::size_t i) const { return rows_[i]; }
    // Whether row i here and row j of `other` are equal: at once when both hold the same row.
    bool same(std::size_t i, const SharedRows& other, std::size_t j) const {
        return rows_[i] == other.rows_[j] || *rows_[i] == *other.rows_[j];
    }

    bool operator==(const SharedRows& other) const {
        if (size() != other.size()) return false;
        for (std::size_t i = 0; i < size(); ++i)
            if (!same(i, other, i)) return false;
        return true;
    }

private:
    std::vector<Row> rows_;
};

}  // namespace vitae
