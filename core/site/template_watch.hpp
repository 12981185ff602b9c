// Tells whether anything in the template directories changed, in one poll(2):
// inotify queues an event inside the writer's close/rename call, so a request
// that starts after the writer's call returned sees it (read-your-writes).
// Only finished writes count (close-after-write, rename, delete), so a half
// written file is never loaded. If a directory itself is replaced, the
// watch moves to the new one. One inotify instance for all the directories
// (a site's overrides and the shared set): instances are few (128 per user).
#pragma once

#include <filesystem>
#include <vector>

#include "base/unique_fd.hpp"

namespace vitae {

class TemplateWatch {
public:
    explicit TemplateWatch(std::vector<std::filesystem::path> dirs);

    bool pending();  // an unconsumed change; cheap, any thread
    void drain();    // consume the events; call before loading templates
    int fd() const { return fd_.get(); }

private:
    struct Watched {
        std::filesystem::path dir;
        int watch = -1;
        bool rewatch = false;  // the directory went away; watch it again when it is back
    };
    bool add_watch(Watched& w);

    std::vector<Watched> dirs_;
    UniqueFd fd_;
};

}  // namespace vitae
