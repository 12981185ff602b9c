// Result<T> and Result<> (core/base/error.hpp): a value or a Failure, told
// apart by ok() and bool, the message kept as written.
#define BOOST_TEST_MODULE result
#include <boost/test/unit_test.hpp>

#include <string>

#include "base/error.hpp"

using namespace vitae;

namespace {

Result<int> half(int n) {
    if (n % 2 != 0) return Failure{std::to_string(n) + " is odd"};
    return n / 2;
}

Result<> checked(bool good) {
    if (!good) return Failure{"not good"};
    return {};
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_value_or_a_failure) {
    auto four = half(8);
    BOOST_TEST(four.ok());
    BOOST_TEST(static_cast<bool>(four));
    BOOST_TEST(four.value() == 4);
    auto odd = half(3);
    BOOST_TEST(!odd.ok());
    BOOST_TEST(odd.error() == "3 is odd");
    BOOST_TEST(std::move(half(10)).value() == 5);
}

BOOST_AUTO_TEST_CASE(success_or_a_failure) {
    BOOST_TEST(checked(true).ok());
    auto bad = checked(false);
    BOOST_TEST(!bad);
    BOOST_TEST(bad.error() == "not good");
    Result<> later;  // success until told otherwise
    BOOST_TEST(later.ok());
    later = Failure{"then it failed"};
    BOOST_TEST(later.error() == "then it failed");
}
