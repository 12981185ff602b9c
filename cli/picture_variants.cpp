#include "picture_variants.hpp"

#include <vips/vips8>

#include <mutex>

#include "error.hpp"
#include "log.hpp"

namespace vitae::cli {

namespace {

// libvips' blobs are reference-counted C objects.
struct BlobRef {
    VipsBlob* blob;
    explicit BlobRef(VipsBlob* b) : blob(b) {}
    ~BlobRef() {
        if (blob) vips_area_unref(VIPS_AREA(blob));
    }
    BlobRef(const BlobRef&) = delete;
    BlobRef& operator=(const BlobRef&) = delete;
    std::string bytes() const {
        std::size_t n = 0;
        const void* data = vips_blob_get(blob, &n);
        return {static_cast<const char*>(data), n};
    }
};

void start_vips() {
    static std::once_flag started;
    std::call_once(started, [] {
        if (VIPS_INIT("vitae")) throw Error(std::string("libvips: cannot start: ") + vips_error_buffer());
    });
}

}  // namespace

std::vector<PictureVariant> picture_variants(std::string_view name, std::string_view original, int width) {
    std::vector<PictureVariant> out;
    auto dot = name.rfind('.');
    std::string base(name.substr(0, dot));
    std::string ext(name.substr(dot + 1));
    if (ext == "gif") return out;
    start_vips();
    try {
        BlobRef source(vips_blob_new(nullptr, original.data(), original.size()));
        for (int w : variant_widths) {
            if (w >= width) break;
            // Resized once into memory, then written twice (a thumbnail streams from its source).
            vips::VImage small = vips::VImage::thumbnail_buffer(source.blob, w, vips::VImage::option()->set("height", 100000))
                                     .copy_memory();
            std::string stem = base + "-" + std::to_string(w) + "w";
            out.push_back({stem + ".webp", BlobRef(small.webpsave_buffer(vips::VImage::option()->set("Q", 80))).bytes()});
            out.push_back({stem + ".avif", BlobRef(small.heifsave_buffer(vips::VImage::option()
                                                                                 ->set("compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1)
                                                                                 ->set("Q", 55)))
                                                .bytes()});
        }
    } catch (const vips::VError& e) {
        throw Error("add file " + in_quotes(name) + ": cannot make its smaller copies: " + e.what());
    }
    return out;
}

}  // namespace vitae::cli
