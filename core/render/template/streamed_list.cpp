#include "render/template/streamed_list.hpp"

#include <stdexcept>

namespace vitae {

std::string StreamedList::operator()(const std::string&, const kainjow::mustache::renderer&) const {
    throw std::logic_error("a streamed list is rendered only by CompiledTemplate");
}

kainjow::mustache::data streamed_list(std::size_t count, std::function<kainjow::mustache::data(std::size_t)> make) {
    if (count == 0) return kainjow::mustache::data(kainjow::mustache::data::type::list);  // {{^name}} sees it empty
    return kainjow::mustache::lambda2(StreamedList{count, std::move(make)});
}

}  // namespace vitae
