// The image task: an image is also a set of vectors (the lecture's "3. Image": each pixel is a vector of its
// colour channels), so the tagger labels pixels as it labels words. One label per pixel, the pixels row by
// row (T = S·S).
//
// S = image side, T = S·S pixels, K = colours of the palette
//
// What an image holds (all from the task's seed):
//   - background: dark grey;
//   - the key: a 2×2 swatch in the top-left corner, in one of the K palette colours;
//   - 2 to 4 rectangles, 3 to 5 pixels a side, apart from each other and from the key by at least one
//     pixel; each has the key's colour with probability 1/2, else another colour of the palette;
//   - noise: N(0, noise²) added to every channel of every pixel.
// The label of a pixel (kImageTags):
//   background    not in a shape
//   same edge     in a shape of the key's colour, on its border (a 4-neighbour is not in the shape)
//   same inside   in a shape of the key's colour, not on its border
//   other edge    in a shape of another colour, on its border
//   other inside  in a shape of another colour, not on its border
// The key is a shape of its own colour (its four pixels are "same edge").
//
// Two kinds of context decide a label. Edge or inside: the pixel's 3×3 neighbourhood, what a CNN's 3×3
// kernel sees at once. Same or other: the key's colour, in the corner, up to S−1 rows and columns away, beyond
// any small window: attention can look there from every pixel, a CNN only as far as its receptive field
// (1 + layers·(k−1) pixels across) reaches.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/rng.h"

namespace attnlab {

enum ImageTag { kBackground = 0, kSameEdge = 1, kSameInside = 2, kOtherEdge = 3, kOtherInside = 4 };
inline constexpr const char* kImageTags[] = {"background", "same edge", "same inside", "other edge", "other inside"};
inline constexpr int kImageChannels = 3;  // R, G, B
inline constexpr int kMaxImageColours = 6;
inline constexpr int kImageKey = 2;  // the key swatch is kImageKey × kImageKey pixels

// Palette colour c (0 .. kMaxImageColours−1) as R, G, B in [0, 1]; the background is kImageBackground.
const float* image_colour(int c);
inline constexpr float kImageBackground = 0.1f;

// One shape of an image: rows [r0, r1), columns [c0, c1), palette colour.
struct ImageShape {
  int r0, c0, r1, c1, colour;
};

// One generated image, before it becomes a Sequence: S, its key colour, its shapes (shapes[0] is the key).
struct ImageScene {
  int side = 0;
  int key = 0;
  std::vector<ImageShape> shapes;
};

// Draws a scene: the key's colour, then 2..4 rectangles by rejection sampling (a rectangle that would touch
// another or the key is drawn again, up to 200 times; so a small image may hold fewer shapes). colours = K (2..6).
ImageScene draw_image_scene(Rng& rng, int side, int colours);
// The label of every pixel (T), as defined above, from the scene alone.
std::vector<int> image_labels(const ImageScene& scene);
// The pixels (T, kImageChannels): palette or background colour plus N(0, noise²) per channel.
std::vector<float> image_pixels(const ImageScene& scene, float noise, Rng& rng);

}  // namespace attnlab
