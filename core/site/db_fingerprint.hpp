// Identity and version of a database file and its WAL, as one string: any
// write or replacement changes it (device, inode, size, mtime in ns of
// each). SiteHolder keeps it for a rejected file (not retried until it
// changes); GroupIndex for each member's file (read again only then).
#pragma once

#include <sys/stat.h>

#include <string>

namespace vitae {

inline std::string db_fingerprint(const std::string& db_path) {
    std::string out;
    for (const std::string& path : {db_path, db_path + "-wal"}) {
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0) continue;
        out += std::to_string(st.st_dev) + ':' + std::to_string(st.st_ino) + ':' + std::to_string(st.st_size) + ':' +
               std::to_string(st.st_mtim.tv_sec) + '.' + std::to_string(st.st_mtim.tv_nsec) + ';';
    }
    return out;
}

}  // namespace vitae
