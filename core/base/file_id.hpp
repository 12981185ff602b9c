// Which file a path named when it was looked at: a replaced file (rename
// over it) has a new inode even when its size and mtime look the same.
#pragma once

#include <sys/types.h>

namespace vitae {

struct FileId {
    dev_t device = 0;
    ino_t inode = 0;
    bool operator==(const FileId&) const = default;
};

}  // namespace vitae
