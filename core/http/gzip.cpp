#include "http/gzip.hpp"

#include <libdeflate.h>

#include <memory>

#include "base/error.hpp"

namespace vitae {

namespace {

struct CompressorFree {
    void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};

}  // namespace

std::string gzip_compress(std::string_view data) {
    // Level 6, as zlib's default: on the 16 KB homepage level 9 saves 10
    // bytes and costs twice the time. A compressor per call: allocating one
    // costs ~3 µs, and nothing is shared between threads.
    std::unique_ptr<libdeflate_compressor, CompressorFree> compressor(libdeflate_alloc_compressor(6));
    if (!compressor) throw Error("gzip: libdeflate_alloc_compressor failed");
    std::string out(libdeflate_gzip_compress_bound(compressor.get(), data.size()), '\0');
    std::size_t size = libdeflate_gzip_compress(compressor.get(), data.data(), data.size(), out.data(), out.size());
    if (size == 0) throw Error("gzip: the output did not fit its bound");
    out.resize(size);
    return out;
}

}  // namespace vitae
