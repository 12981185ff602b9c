// The one exception type for start-up and reload failures: its message is a
// complete log line naming the file and the problem, ready for the operator.
#pragma once

#include <stdexcept>
#include <string>

namespace vitae {

class LoadError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace vitae
