#include "render/template/streamed_list.hpp"

#include <stdexcept>

#include "base/error.hpp"
#include "render/template/render_context.hpp"

namespace vitae {

namespace {

using Context = RenderContext;

// The context of the render running on this thread, for the lambda of a
// streamed list to push its items on (kainjow hands a lambda a renderer, not
// the context). Set only inside render_streaming, restored when it returns.
thread_local Context* rendering_context = nullptr;

// Feeds kainjow's stream interface into a callback.
struct Appender {
    const std::function<void(const std::string&)>* append;
    Appender& operator<<(const std::string& piece) {
        (*append)(piece);
        return *this;
    }
};

}  // namespace

kainjow::mustache::data streamed_list(std::size_t count,
                                      std::function<kainjow::mustache::data(std::size_t)> make) {
    if (count == 0) return kainjow::mustache::data(kainjow::mustache::data::type::list);  // {{^name}} sees it empty
    return kainjow::mustache::lambda2([count, make = std::move(make)](const std::string& text,
                                                                     const kainjow::mustache::renderer&) {
        Context* context = rendering_context;
        if (!context) throw std::logic_error("streamed_list: rendered outside render_streaming");
        kainjow::mustache::mustache item_template{text};  // the section's text, parsed once for all items
        if (!item_template.is_valid()) throw Error(item_template.error_message());
        use_fast_escape(item_template);
        std::string out;
        for (std::size_t i = 0; i < count; ++i) {
            kainjow::mustache::data item = make(i);
            context->push(&item);
            struct Pop {
                Context* c;
                ~Pop() { c->pop(); }
            } pop{context};
            out += item_template.render(*context);
            if (!item_template.is_valid()) throw Error(item_template.error_message());
        }
        return out;
    });
}

std::string render_streaming(kainjow::mustache::mustache& page, const kainjow::mustache::data& data,
                             const std::function<void(const std::string&)>& append,
                             std::initializer_list<const kainjow::mustache::data*> under,
                             const std::vector<kainjow::mustache::data>* literals) {
    Context context(literals);
    for (const auto* layer : under) context.push(layer);  // each pushed one goes on top: data last
    context.push(&data);
    Context* outer = rendering_context;
    rendering_context = &context;
    struct Restore {
        Context* outer;
        ~Restore() { rendering_context = outer; }
    } restore{outer};
    Appender out{&append};
    page.render(context, out);
    return page.is_valid() ? std::string() : page.error_message();
}

}  // namespace vitae
