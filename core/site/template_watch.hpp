// Tells whether anything in the template directory changed, in one poll(2):
// inotify queues an event inside the writer's close/rename call, so a request
// that starts after the writer's call returned sees it (read-your-writes).
// Only finished writes count (close-after-write, rename, delete), so a half
// written file is never loaded. If the directory itself is replaced, the
// watch moves to the new one.
#pragma once

#include <filesystem>

#include "base/unique_fd.hpp"

namespace vitae {

class TemplateWatch {
public:
    explicit TemplateWatch(std::filesystem::path dir);

    bool pending();  // an unconsumed change; cheap, any thread
    void drain();    // consume the events; call before loading templates
    int fd() const { return fd_.get(); }

private:
    bool add_watch();

    std::filesystem::path dir_;
    UniqueFd fd_;
    int watch_ = -1;
    bool rewatch_ = false;  // the directory went away; watch it again when it is back
};

}  // namespace vitae
