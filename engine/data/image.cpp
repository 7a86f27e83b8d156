// S = image side, T = S·S pixels, K = colours of the palette
#include "engine/data/image.h"

#include <algorithm>

namespace attnlab {

const float* image_colour(int c) {
  static const float palette[kMaxImageColours][kImageChannels] = {
      {0.90f, 0.20f, 0.20f},  // red
      {0.20f, 0.80f, 0.30f},  // green
      {0.25f, 0.35f, 0.95f},  // blue
      {0.90f, 0.85f, 0.20f},  // yellow
      {0.85f, 0.30f, 0.85f},  // magenta
      {0.20f, 0.80f, 0.85f},  // cyan
  };
  return palette[std::clamp(c, 0, kMaxImageColours - 1)];
}

namespace {

// Do a and b, each grown by one pixel on every side, overlap? (Shapes never touch, not even at a corner.)
bool too_close(const ImageShape& a, const ImageShape& b) {
  return a.r0 - 1 < b.r1 && b.r0 - 1 < a.r1 && a.c0 - 1 < b.c1 && b.c0 - 1 < a.c1;
}

}  // namespace

ImageScene draw_image_scene(Rng& rng, int side, int colours) {
  ImageScene scene;
  scene.side = side;
  scene.key = static_cast<int>(rng.below(colours));
  scene.shapes.push_back({0, 0, kImageKey, kImageKey, scene.key});
  const int wanted = 2 + static_cast<int>(rng.below(3));  // 2..4 rectangles
  for (int n = 0; n < wanted; ++n) {
    for (int attempt = 0; attempt < 200; ++attempt) {
      const int h = 3 + static_cast<int>(rng.below(3)), w = 3 + static_cast<int>(rng.below(3));
      const int r0 = static_cast<int>(rng.below(side - h + 1)), c0 = static_cast<int>(rng.below(side - w + 1));
      int colour = scene.key;
      if (rng.below(2) == 1) {  // another colour than the key's, uniform among the K − 1 others
        colour = static_cast<int>(rng.below(colours - 1));
        if (colour >= scene.key) ++colour;
      }
      const ImageShape s{r0, c0, r0 + h, c0 + w, colour};
      if (std::none_of(scene.shapes.begin(), scene.shapes.end(),
                       [&](const ImageShape& o) { return too_close(s, o); })) {
        scene.shapes.push_back(s);
        break;
      }
    }
  }
  return scene;
}

std::vector<int> image_labels(const ImageScene& scene) {
  const int S = scene.side;
  std::vector<int> labels(static_cast<size_t>(S) * S, kBackground);
  for (const ImageShape& s : scene.shapes) {
    const bool same = s.colour == scene.key;
    for (int r = s.r0; r < s.r1; ++r) {
      for (int c = s.c0; c < s.c1; ++c) {
        // on the border: one of the four neighbours (up, down, left, right) lies outside the rectangle
        const bool edge = r == s.r0 || r == s.r1 - 1 || c == s.c0 || c == s.c1 - 1;
        labels[static_cast<size_t>(r) * S + c] =
            same ? (edge ? kSameEdge : kSameInside) : (edge ? kOtherEdge : kOtherInside);
      }
    }
  }
  return labels;
}

std::vector<float> image_pixels(const ImageScene& scene, float noise, Rng& rng) {
  const int S = scene.side;
  const size_t T = static_cast<size_t>(S) * S;
  std::vector<float> px(T * kImageChannels, kImageBackground);
  for (const ImageShape& s : scene.shapes) {
    for (int r = s.r0; r < s.r1; ++r) {
      for (int c = s.c0; c < s.c1; ++c) {
        std::copy(image_colour(s.colour), image_colour(s.colour) + kImageChannels,
                  px.begin() + (static_cast<size_t>(r) * S + c) * kImageChannels);
      }
    }
  }
  for (float& v : px) v += noise * static_cast<float>(rng.normal());
  return px;
}

}  // namespace attnlab
