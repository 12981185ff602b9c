// The libvips work of vitae-picture-copies: libvips's own reading of the
// picture's header held to the pixel bound, then each copy made by
// vips_thumbnail (shrink-on-load, streaming) and encoded.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "picture/picture_copies.hpp"

namespace vitae {

struct VipsAnswer {
    std::string refused;  // "" when made; else why, for the owner
    std::vector<PictureCopy> copies;
};

// libvips must have been started (vips_init) on this thread.
VipsAnswer vips_copies(std::string_view original, const std::vector<int>& widths);

}  // namespace vitae
