#include "vips_copies.hpp"

#include <vips/vips.h>

#include <cstdint>

#include "base/limits.hpp"

namespace vitae {

namespace {

// An image libvips made, released with it.
struct Image {
    VipsImage* image = nullptr;
    ~Image() {
        if (image) g_object_unref(image);
    }
};

// libvips's error buffer, cleared, cut to a line a message can hold.
std::string vips_why() {
    std::string why = vips_error_buffer();
    vips_error_clear();
    for (char& c : why)
        if (c == '\n') c = ' ';
    while (!why.empty() && why.back() == ' ') why.pop_back();
    return why.size() > 300 ? why.substr(0, 300) + "…" : why;
}

// One encoding of `image`, as bytes; "" when libvips failed.
template <typename Save, typename... Options>
std::string encoded(Save save, VipsImage* image, Options... options) {
    void* data = nullptr;
    std::size_t size = 0;
    if (save(image, &data, &size, options..., nullptr) != 0) return {};
    std::string out(static_cast<const char*>(data), size);
    g_free(data);
    return out;
}

// libvips's own reading of the header (nothing decoded yet): the caller's
// header reader and libvips's may disagree (an AVIF's first 'ispe' is not
// always the picture's), and libvips's is the one that decodes.
std::string header_problem(std::string_view original) {
    Image header{vips_image_new_from_buffer(original.data(), original.size(), "", "access", VIPS_ACCESS_SEQUENTIAL,
                                            "fail_on", VIPS_FAIL_ON_TRUNCATED, nullptr)};
    if (!header.image) return "libvips cannot read it: " + vips_why();
    std::int64_t pixels = std::int64_t{vips_image_get_width(header.image)} * vips_image_get_height(header.image);
    if (pixels > limits::max_picture_pixels)
        return "libvips reads " + std::to_string(vips_image_get_width(header.image)) + " x " +
               std::to_string(vips_image_get_height(header.image)) + " pixels: more than " +
               std::to_string(limits::max_picture_pixels) + " (make it smaller first)";
    return {};
}

}  // namespace

VipsAnswer vips_copies(std::string_view original, const std::vector<int>& widths) {
    VipsAnswer answer;
    if (answer.refused = header_problem(original); !answer.refused.empty()) return answer;
    for (int w : widths) {
        // Resized once into memory, then written twice (a thumbnail streams
        // from its source). A truncated picture stops at its first error
        // rather than warning once per row.
        Image thumbnail;
        if (vips_thumbnail_buffer(const_cast<char*>(original.data()), original.size(), &thumbnail.image, w, "height",
                                  100000, "option_string", "fail_on=truncated", nullptr) != 0)
            return {.refused = "libvips cannot resize it: " + vips_why(), .copies = {}};
        Image small{vips_image_copy_memory(thumbnail.image)};
        if (!small.image) return {.refused = "libvips cannot resize it: " + vips_why(), .copies = {}};
        std::string webp = encoded(vips_webpsave_buffer, small.image, "Q", 80);
        std::string avif = encoded(vips_heifsave_buffer, small.image, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1, "Q", 55);
        if (webp.empty() || avif.empty()) return {.refused = "libvips cannot encode its copies: " + vips_why(), .copies = {}};
        answer.copies.push_back({.width = w, .extension = "webp", .bytes = std::move(webp)});
        answer.copies.push_back({.width = w, .extension = "avif", .bytes = std::move(avif)});
    }
    return answer;
}

}  // namespace vitae
