#include "render/template/compiled_template.hpp"

#include "base/limits.hpp"
#include "base/log.hpp"
#include "base/read_file.hpp"
#include "render/text/escape.hpp"
#include "render/template/streamed_list.hpp"

namespace vitae {

namespace {

using Component = kainjow::mustache::component<std::string>;
using TagType = kainjow::mustache::tag_type;
using Step = CompiledTemplate::Step;
using StepKind = CompiledTemplate::StepKind;

CompiledTemplate::Name name_of(const std::string& name) {
    CompiledTemplate::Name n{name, {}, false, false};
    if (name == ".") {
        n.dot = true;
    } else if (name.find('.') != std::string::npos) {
        n.parts = kainjow::mustache::split(name, '.');  // "a..b" has an empty part, a trailing '.' adds none
        n.t_first = !n.parts.empty() && n.parts.front() == "t";
    }
    return n;
}

Step step(StepKind kind) {
    Step s;
    s.kind = kind;
    return s;
}

// The steps of `parent`'s children, appended to `steps`.
void flatten(const Component& parent, std::vector<Step>& steps, bool& sets_delimiters) {
    const auto& children = parent.children;
    for (std::size_t i = 0; i < children.size(); ++i) {
        const Component& c = children[i];
        // The text before this one, when it is the step just made (not a section's last).
        const bool after_text = i > 0 && children[i - 1].is_text() && !children[i - 1].is_newline() &&
                                steps.back().kind == StepKind::text;
        if (c.is_text()) {
            if (c.is_newline()) {
                Step s = step(StepKind::newline);
                s.text = c.text;
                s.newline_size = static_cast<std::uint32_t>(c.text.size());
                std::size_t last_line_end = s.text.size();
                while (i + 1 < children.size() && children[i + 1].is_text()) {
                    ++i;
                    s.text += children[i].text;
                    if (children[i].is_newline()) last_line_end = s.text.size();
                }
                s.tail = static_cast<std::uint32_t>(s.text.size() - last_line_end);
                steps.push_back(std::move(s));
            } else if (after_text) {
                steps.back().text += c.text;
            } else {
                steps.push_back(step(StepKind::text));
                steps.back().text = c.text;
            }
            continue;
        }
        const auto& tag = c.tag;
        switch (tag.type) {
            case TagType::variable:
            case TagType::unescaped_variable:
                steps.push_back(step(tag.type == TagType::variable ? StepKind::variable : StepKind::unescaped));
                steps.back().name = name_of(tag.name);
                break;
            case TagType::section_begin:
            case TagType::section_begin_inverted: {
                std::size_t at = steps.size();
                steps.push_back(step(tag.type == TagType::section_begin ? StepKind::section : StepKind::inverted));
                steps.back().name = name_of(tag.name);
                steps.back().section_text = tag.section_text;
                flatten(c, steps, sets_delimiters);
                steps[at].end = steps.size();
                break;
            }
            case TagType::partial:
                steps.push_back(step(StepKind::partial));
                steps.back().name.full = tag.name;
                break;
            case TagType::set_delimiter:
                steps.push_back(step(StepKind::set_delimiter));
                steps.back().delimiters = tag.delim_set;
                sets_delimiters = true;
                break;
            default:  // comments; a section's end tag is gone after parsing
                break;
        }
    }
}

}  // namespace

// One render: the context stack, the output and the line being written.
class TemplateRender {
public:
    using Data = CompiledTemplate::Data;
    using Delimiters = CompiledTemplate::Delimiters;

    explicit TemplateRender(std::string& out) : out_(&out), line_start_(out.size()) {
        layers_.reserve(16);
        has_t_.reserve(16);
    }

    void push(const Data* data) {
        layers_.push_back(data);
        has_t_.push_back(unknown);
    }
    void pop() {
        layers_.pop_back();
        has_t_.pop_back();
    }

    // A template from its start to its end, the line state its own.
    bool root(const CompiledTemplate& t) {
        if (!run(t, 0, t.steps_.size())) return false;
        end_line_at_end();
        return true;
    }

    std::string error;

private:
    enum : signed char { unknown = -1, without = 0, with = 1 };

    bool run(const CompiledTemplate& t, std::size_t begin, std::size_t end) {
        const auto& steps = t.steps_;
        for (std::size_t i = begin; i < end;) {
            const Step& s = steps[i];
            switch (s.kind) {
                case StepKind::text:
                    *out_ += s.text;
                    ++i;
                    break;
                case StepKind::newline:
                    newline(s);
                    ++i;
                    break;
                case StepKind::variable:
                case StepKind::unescaped:
                    if (const Data* var = get(s.name); var != nullptr && !variable(*var, s.kind == StepKind::variable))
                        return false;
                    ++i;
                    break;
                case StepKind::section:
                    if (const Data* var = get(s.name); var != nullptr) {
                        if (var->is_lambda() || var->is_lambda2()) {
                            if (!section_lambda(t, i, *var)) return false;
                        } else if (!var->is_false() && !var->is_empty_list()) {
                            if (!section(t, i, var)) return false;
                        }
                    }
                    i = s.end;
                    break;
                case StepKind::inverted:
                    if (const Data* var = get(s.name); var == nullptr || var->is_false() || var->is_empty_list())
                        if (!section(t, i, var)) return false;
                    i = s.end;
                    break;
                case StepKind::partial:
                    if (!partial(s.name)) return false;
                    ++i;
                    break;
                case StepKind::set_delimiter:
                    delimiters_ = *s.delimiters;
                    ++i;
                    break;
            }
        }
        return true;
    }

    bool line_is_blank() const {
        for (std::size_t i = line_start_; i < out_->size(); ++i)
            if ((*out_)[i] != ' ' && (*out_)[i] != '\t') return false;
        return true;
    }

    void newline(const Step& s) {
        if (section_tag_ && line_is_blank()) {
            out_->resize(line_start_);
            out_->append(s.text, s.newline_size);
        } else {
            *out_ += s.text;
        }
        line_start_ = out_->size() - s.tail;
        section_tag_ = false;
    }

    // The line being written, put aside while a text renders as a template
    // of its own (a lambda's result, a streamed list's item) and resumed after.
    struct LineState {
        std::size_t start;
        bool section_tag;
        Delimiters delimiters;
    };
    LineState line_state() const { return {line_start_, section_tag_, delimiters_}; }
    void start_own_line(std::size_t start) {
        line_start_ = start;
        section_tag_ = false;
        delimiters_ = Delimiters{};
    }
    void resume(const LineState& outer) {
        line_start_ = outer.start;
        section_tag_ = outer.section_tag;
        delimiters_ = outer.delimiters;
    }

    void end_line_at_end() {
        if (section_tag_ && line_is_blank()) out_->resize(line_start_);
        line_start_ = out_->size();
        section_tag_ = false;
    }

    const Data* get(const CompiledTemplate::Name& name) {
        if (name.dot) return layers_.empty() ? nullptr : layers_.back();
        if (name.parts.empty()) {
            for (auto it = layers_.rbegin(); it != layers_.rend(); ++it)
                if (const Data* var = (*it)->get(name.full)) return var;
            return nullptr;
        }
        for (std::size_t layer = layers_.size(); layer-- > 0;) {
            const Data* var = layers_[layer];
            if (name.t_first) {
                // Most layers have no "t": noted the first time one is asked.
                if (has_t_[layer] == unknown) has_t_[layer] = var->get(t_key_) != nullptr ? with : without;
                if (has_t_[layer] == without) continue;
            }
            for (const auto& part : name.parts) {
                var = var->get(part);
                if (var == nullptr) break;
            }
            if (var != nullptr) return var;
        }
        return nullptr;
    }

    bool variable(const Data& var, bool escaped) {
        if (var.is_string()) {
            if (escaped)
                append_html_escaped(*out_, var.string_value());
            else
                *out_ += var.string_value();
        } else if (var.is_lambda()) {
            end_line_at_end();
            std::string text;
            if (!render_text(var.lambda_value()(""), Delimiters{}, text)) return false;
            if (escaped)
                append_html_escaped(*out_, text);
            else
                *out_ += text;
        } else if (var.is_lambda2()) {
            error = "Lambda with render argument is not allowed for regular variables";
            return false;
        }
        return true;
    }

    bool section(const CompiledTemplate& t, std::size_t at, const Data* var) {
        std::size_t begin = at + 1, end = t.steps_[at].end;
        bool ok = true;
        if (var != nullptr && var->is_non_empty_list()) {
            for (const auto& item : var->list_value()) {
                section_tag_ = true;
                push(&item);
                ok = run(t, begin, end);
                pop();
                section_tag_ = true;
                if (!ok) return false;
            }
            return true;
        }
        section_tag_ = true;
        if (var != nullptr) push(var);
        ok = run(t, begin, end);
        if (var != nullptr) pop();
        section_tag_ = true;
        return ok;
    }

    bool section_lambda(const CompiledTemplate& t, std::size_t at, const Data& var) {
        const Step& s = t.steps_[at];
        if (var.is_lambda2()) {
            if (const auto* list = var.lambda2_value().target<StreamedList>()) return streamed(t, at, *list);
            error = "a lambda with a renderer is not supported in a section (only a streamed list)";
            return false;
        }
        end_line_at_end();
        std::string text;
        if (!render_text(var.lambda_value()(*s.section_text), delimiters_, text)) return false;
        *out_ += text;
        return true;
    }

    // Each item renders the section's text as a template of its own (its
    // own lines), all of it on the current line of the page around it.
    bool streamed(const CompiledTemplate& t, std::size_t at, const StreamedList& list) {
        const CompiledTemplate* body = &t;
        std::size_t begin = at + 1, end = t.steps_[at].end;
        std::unique_ptr<CompiledTemplate> parsed;
        if (t.sets_delimiters_) {  // kainjow parses the section's text from the default delimiters
            parsed = std::make_unique<CompiledTemplate>(*t.steps_[at].section_text);
            if (!parsed->is_valid()) {
                error = parsed->error_message();
                return false;
            }
            body = parsed.get();
            begin = 0;
            end = parsed->steps_.size();
        }
        const LineState outer = line_state();
        for (std::size_t i = 0; i < list.count; ++i) {
            Data item = list.make(i);
            push(&item);
            start_own_line(out_->size());
            bool ok = run(*body, begin, end);
            if (ok) end_line_at_end();
            pop();
            if (!ok) return false;
        }
        resume(outer);
        return true;
    }

    // A lambda's result, compiled and rendered on its own lines into `result`.
    bool render_text(const std::string& source, const Delimiters& delimiters, std::string& result) {
        CompiledTemplate compiled(source, delimiters);
        if (!compiled.is_valid()) {
            error = compiled.error_message();
            return false;
        }
        std::string* outer_out = out_;
        const LineState outer = line_state();
        out_ = &result;
        start_own_line(0);
        bool ok = root(compiled);
        out_ = outer_out;
        resume(outer);
        return ok;
    }

    // A {{> name}} the data provides, on the current line. Nested no deeper
    // than a template's own partials may be: a value that names itself
    // would otherwise recurse until the stack ran out (kainjow's would).
    bool partial(const CompiledTemplate::Name& name) {
        const Data* var = get(name);  // never split: a partial's name is looked up whole
        if (var == nullptr || !(var->is_partial() || var->is_string())) return true;
        if (partial_depth_ == limits::max_partial_depth) {
            error = "partial " + in_quotes(name.full) + ": nested deeper than " + std::to_string(limits::max_partial_depth);
            return false;
        }
        CompiledTemplate compiled(var->is_partial() ? var->partial_value()() : var->string_value());
        if (!compiled.is_valid()) {
            error = compiled.error_message();
            return false;
        }
        ++partial_depth_;
        bool ok = run(compiled, 0, compiled.steps_.size());
        --partial_depth_;
        return ok;
    }

    std::string* out_;
    std::size_t line_start_;
    bool section_tag_ = false;  // a section was rendered on this line
    int partial_depth_ = 0;
    Delimiters delimiters_;
    std::vector<const Data*> layers_;  // the innermost is the back
    std::vector<signed char> has_t_;   // per layer: has a "t"
    const std::string t_key_{"t"};
};

CompiledTemplate::CompiledTemplate(const std::string& source, const Delimiters& delimiters) {
    kainjow::mustache::context<std::string> unused;
    kainjow::mustache::context_internal<std::string> context{unused};
    context.delim_set = delimiters;
    Component root;
    kainjow::mustache::parser<std::string> parse{source, context, root, error_};
    if (error_.empty()) flatten(root, steps_, sets_delimiters_);
}

std::string read_template_file(const std::filesystem::path& path) {
    return read_whole_file(path, limits::max_template_bytes);
}

CompiledTemplate compiled_or_throw(std::string_view subject, const std::string& source) {
    CompiledTemplate compiled{source};
    if (!compiled.is_valid()) throw Error(std::string(subject) + ": " + compiled.error_message());
    return compiled;
}

Result<> CompiledTemplate::render(const Data& data, std::string& out, std::initializer_list<const Data*> under) const {
    TemplateRender render(out);
    for (const Data* layer : under) render.push(layer);  // each pushed one goes on top: data last
    render.push(&data);
    if (!render.root(*this)) return Failure{render.error.empty() ? std::string("render failed") : render.error};
    return {};
}

}  // namespace vitae
