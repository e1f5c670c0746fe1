#ifndef LAYERLOOM_PNG_ENCODE_H
#define LAYERLOOM_PNG_ENCODE_H

#include <stddef.h>
#include <stdint.h>

enum png_encode_status {
  PNG_ENCODE_OK = 0,
  PNG_ENCODE_NO_MEMORY = -1,
  PNG_ENCODE_TOO_LARGE = -2,
};

/* A whole PNG file in memory, allocated with malloc: the caller frees `data`. */
struct png_file {
  uint8_t *data;
  size_t size;
};

/* How hard to deflate. */
struct png_effort {
  /* libdeflate level, 1 (fastest) … 12 (smallest). */
  int level;
  /* When the stream made at `level` is under `recheck_below` times the filtered image's size,
   * deflate again at `recheck_level` and keep the smaller stream; 0 for never. Lower levels lose
   * most on very compressible images (flat colour, pixel art), which are also the quickest to
   * deflate again. */
  int recheck_level;
  double recheck_below;
};

/*
 * Encodes 8-bit pixels, rows top to bottom without padding, as a PNG file: truecolour (RGB) or
 * truecolour with alpha (RGBA), not interlaced, adaptive filters (png-filter.h), and one IDAT
 * chunk holding a zlib stream made by libdeflate as `effort` says.
 *
 * channels:   3 (RGB) or 4 (RGBA) bytes per input pixel.
 * drop_alpha: with 4 channels, write RGB and leave the alpha bytes out (for opaque images).
 *
 * The bytes depend only on the pixels, the options and the libdeflate version: deterministic.
 * Safe to call from several threads at once.
 */
enum png_encode_status png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int channels,
                                  int drop_alpha, struct png_effort effort, struct png_file *file);

/* `png_encode`, allowed to overwrite the pixels (`writable` is `pixels`, with `capacity` bytes from
 * there): the filtered image is then made over them instead of in a fresh allocation, when it fits
 * (always for RGBA written as RGB; other pixels need one byte more per row). The pixels are garbage
 * afterwards. The same bytes as `png_encode`. */
enum png_encode_status png_encode_in_place(uint8_t *writable, size_t capacity, const uint8_t *pixels,
                                           uint32_t width, uint32_t height, int channels, int drop_alpha,
                                           struct png_effort effort, struct png_file *file);

/* Frees the compressors the calling thread keeps between encodes. A thread that stops encoding
 * (a render worker ending) calls it, or they are lost with the thread. */
void png_encode_release_thread(void);

/* A short English description of a status, for error messages. */
const char *png_encode_status_text(enum png_encode_status status);

#endif
