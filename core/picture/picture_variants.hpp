// Smaller copies of a picture, made once when it is added (never per
// request): WebP and AVIF at a few widths, for <picture>/srcset, so a phone
// downloads a few kilobytes instead of the camera's original. Made with
// libvips (Debian's libvips-dev): fast, streaming, and it writes both
// formats; AVIF through libheif.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace vitae {

struct PictureVariant {
    std::string name;   // "<base>-<width>w.webp" for "<base>.<ext>"
    std::string bytes;
};

// The widths made: each smaller than the original, and the original's own
// width (up to the widest), for a photo shown at ~9rem (144 CSS px) up to a
// figure across a page, at 1x to 3x density.
inline constexpr int variant_widths[] = {160, 320, 640, 1280};

// For a PNG, JPEG, WebP or AVIF `original` of `width` pixels named `name`;
// none for a GIF (it may move) or an SVG (it scales). Throws
// Error naming the file when libvips cannot read it.
std::vector<PictureVariant> picture_variants(std::string_view name, std::string_view original, int width);

}  // namespace vitae
