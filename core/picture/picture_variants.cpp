#include "picture/picture_variants.hpp"

#include <dlfcn.h>
#include <vips/vips.h>  // declarations only: libvips is opened when a picture is added

#include <mutex>

#include "base/error.hpp"
#include "base/log.hpp"

namespace vitae {

namespace {

// libvips and its ~100 libraries (codecs, libheif, ImageMagick's) cost every
// `vitae` command ~20 ms to load when linked: measured 0.02 s for `vitae
// --version` against 0.00 s without. So the tool opens it on the first
// picture instead, and the package depends on libvips42 by name.
struct Vips {
    decltype(&vips_init) init = nullptr;
    decltype(&vips_thumbnail_buffer) thumbnail_buffer = nullptr;
    decltype(&vips_image_copy_memory) copy_memory = nullptr;
    decltype(&vips_webpsave_buffer) webpsave_buffer = nullptr;
    decltype(&vips_heifsave_buffer) heifsave_buffer = nullptr;
    decltype(&vips_error_buffer) error_buffer = nullptr;
    decltype(&vips_error_clear) error_clear = nullptr;
    decltype(&g_object_unref) unref = nullptr;
    decltype(&g_free) free = nullptr;
    std::string failure;  // why it could not be opened; "" when it was
};

template <typename F>
void bind(void* library, const char* name, F& f, std::string& failure) {
    f = reinterpret_cast<F>(dlsym(library, name));
    if (!f && failure.empty()) failure = std::string("libvips: no symbol ") + name;
}

const Vips& vips() {
    static Vips v;
    static std::once_flag opened;
    std::call_once(opened, [] {
        void* library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
        if (!library) {
            v.failure = std::string("cannot open libvips (apt-get install libvips42): ") + dlerror();
            return;
        }
        bind(library, "vips_init", v.init, v.failure);
        bind(library, "vips_thumbnail_buffer", v.thumbnail_buffer, v.failure);
        bind(library, "vips_image_copy_memory", v.copy_memory, v.failure);
        bind(library, "vips_webpsave_buffer", v.webpsave_buffer, v.failure);
        bind(library, "vips_heifsave_buffer", v.heifsave_buffer, v.failure);
        bind(library, "vips_error_buffer", v.error_buffer, v.failure);
        bind(library, "vips_error_clear", v.error_clear, v.failure);
        bind(library, "g_object_unref", v.unref, v.failure);
        bind(library, "g_free", v.free, v.failure);
        if (v.failure.empty() && v.init("vitae") != 0) v.failure = std::string("libvips: cannot start: ") + v.error_buffer();
    });
    return v;
}

// An image libvips made, released with it.
struct Image {
    const Vips& v;
    VipsImage* image = nullptr;
    ~Image() {
        if (image) v.unref(image);
    }
};

[[noreturn]] void fail(const Vips& v, std::string_view name, const char* step) {
    std::string why = v.error_buffer();
    v.error_clear();
    throw Error("add file " + in_quotes(name) + ": cannot make its smaller copies (" + step + "): " + why);
}

// One encoding of `image`, as bytes.
template <typename Save, typename... Options>
std::string encoded(const Vips& v, std::string_view name, Save save, VipsImage* image, Options... options) {
    void* data = nullptr;
    std::size_t size = 0;
    if (save(image, &data, &size, options..., nullptr) != 0) fail(v, name, "encode");
    std::string out(static_cast<const char*>(data), size);
    v.free(data);
    return out;
}

}  // namespace

std::vector<PictureVariant> picture_variants(std::string_view name, std::string_view original, int width) {
    std::vector<PictureVariant> out;
    auto dot = name.rfind('.');
    std::string base(name.substr(0, dot));
    if (name.substr(dot + 1) == "gif" || name.substr(dot + 1) == "svg") return out;  // it may move; it scales
    const Vips& v = vips();
    if (!v.failure.empty()) throw Error("add file " + in_quotes(name) + ": " + v.failure);
    // Each narrower width, and the picture's own (to at most the widest): a
    // <source> must offer the size the page shows, or a browser that picks
    // that format gets only the smaller ones (Lighthouse: low resolution).
    std::vector<int> widths;
    for (int w : variant_widths)
        if (w < width) widths.push_back(w);
    if (width <= variant_widths[std::size(variant_widths) - 1]) widths.push_back(width);
    for (int w : widths) {
        // Resized once into memory, then written twice (a thumbnail streams from its source).
        Image thumbnail{v};
        if (v.thumbnail_buffer(const_cast<char*>(original.data()), original.size(), &thumbnail.image, w, "height", 100000,
                               nullptr) != 0)
            fail(v, name, "resize");
        Image small{v, v.copy_memory(thumbnail.image)};
        if (!small.image) fail(v, name, "resize");
        std::string stem = base + "-" + std::to_string(w) + "w";
        out.push_back({stem + ".webp", encoded(v, name, v.webpsave_buffer, small.image, "Q", 80)});
        out.push_back({stem + ".avif", encoded(v, name, v.heifsave_buffer, small.image, "compression",
                                               VIPS_FOREIGN_HEIF_COMPRESSION_AV1, "Q", 55)});
    }
    return out;
}

}  // namespace vitae
