#include "png-encode.h"

#include <stdlib.h>
#include <string.h>

#include "libdeflate.h"
#include "png-filter.h"

#if defined(_MSC_VER)
#define THREAD_LOCAL __declspec(thread)
#else
#define THREAD_LOCAL _Thread_local
#endif

#define MAX_LEVEL 12

/* Signature, IHDR (4 + 4 + 13 + 4), and the IDAT chunk's length and type before its data. */
#define HEADER_BYTES (8 + 25 + 8)
/* The IDAT chunk's CRC, then IEND (4 + 4 + 0 + 4). */
#define TRAILER_BYTES (4 + 12)

/* libdeflate compressors are not shared between threads but are worth keeping (a level-6 one
 * holds its hash tables, a few hundred KiB): each thread that encodes (libuv's pool, a render
 * worker) keeps one per level it has used, until png_encode_release_thread. */
static THREAD_LOCAL struct libdeflate_compressor *compressors[MAX_LEVEL + 1];

static struct libdeflate_compressor *compressor_for(int level) {
  if (compressors[level] == NULL) compressors[level] = libdeflate_alloc_compressor(level);
  return compressors[level];
}

void png_encode_release_thread(void) {
  for (int level = 0; level <= MAX_LEVEL; level++) {
    libdeflate_free_compressor(compressors[level]);
    compressors[level] = NULL;
  }
}

static void put_u32(uint8_t *at, uint32_t value) {
  at[0] = (uint8_t)(value >> 24);
  at[1] = (uint8_t)(value >> 16);
  at[2] = (uint8_t)(value >> 8);
  at[3] = (uint8_t)value;
}

/* Fills a chunk's length, and its CRC over the type and data; `chunk` points at the length. */
static void seal_chunk(uint8_t *chunk, uint32_t data_length) {
  put_u32(chunk, data_length);
  put_u32(chunk + 8 + data_length, libdeflate_crc32(0, chunk + 4, 4 + (size_t)data_length));
}

/* RGBA pixels to RGB, one row. */
static void drop_alpha_row(const uint8_t *rgba, size_t pixels, uint8_t *rgb) {
  for (size_t i = 0; i < pixels; i++) {
    rgb[3 * i] = rgba[4 * i];
    rgb[3 * i + 1] = rgba[4 * i + 1];
    rgb[3 * i + 2] = rgba[4 * i + 2];
  }
}

static int clamp_level(int level) { return level < 1 ? 1 : level > MAX_LEVEL ? MAX_LEVEL : level; }

enum png_encode_status png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int channels,
                                  int drop_alpha, struct png_effort effort, struct png_file *file) {
  return png_encode_in_place(NULL, 0, pixels, width, height, channels, drop_alpha, effort, file);
}

enum png_encode_status png_encode_in_place(uint8_t *writable, size_t capacity, const uint8_t *pixels,
                                           uint32_t width, uint32_t height, int channels, int drop_alpha,
                                           struct png_effort effort, struct png_file *file) {
  file->data = NULL;
  file->size = 0;
  const int level = clamp_level(effort.level);
  const int bpp = (channels == 4 && drop_alpha) ? 3 : channels;
  const size_t in_stride = (size_t)width * (size_t)channels;
  const size_t stride = (size_t)width * (size_t)bpp;
  const size_t filtered_size = (size_t)height * (stride + 1);
  /* A PNG chunk holds at most 2^31 - 1 bytes; keep the filtered image well within that. */
  if (width == 0 || height == 0 || stride > (1u << 30) || filtered_size > (size_t)1 << 30)
    return PNG_ENCODE_TOO_LARGE;

  struct libdeflate_compressor *compressor = compressor_for(level);
  if (compressor == NULL) return PNG_ENCODE_NO_MEMORY;
  const size_t bound = libdeflate_zlib_compress_bound(compressor, filtered_size);

  /* The filtered image goes over the pixels themselves when the caller allows it and they have the
   * room (a render thread's canvas): 3 MiB less per thread at 1024², and no copy in and out of a
   * fresh allocation. Packed (RGBA written as RGB) rows are filtered top down, each written before
   * its source row ends, since 3w + 1 <= 4w; same-width rows bottom up, each row written one byte
   * per row further on, over rows already filtered, once its own pixels and the row above are read. */
  const size_t packed = bpp != channels ? 2 * stride : 0;
  const int in_place = writable != NULL && writable == pixels && capacity >= filtered_size;
  /* One allocation for the filtered image (unless in place), the five candidate rows, and two packed rows. */
  const size_t own = in_place ? 0 : filtered_size;
  uint8_t *work = malloc(own + 5 * stride + packed + stride);
  uint8_t *png = malloc(HEADER_BYTES + bound + TRAILER_BYTES);
  if (work == NULL || png == NULL) {
    free(work);
    free(png);
    return PNG_ENCODE_NO_MEMORY;
  }
  uint8_t *filtered = in_place ? writable : work;
  uint8_t *scratch = work + own;
  uint8_t *zero_row = scratch + 5 * stride;
  uint8_t *rows[2] = {NULL, NULL};
  if (packed) {
    rows[0] = zero_row + stride;
    rows[1] = zero_row + 2 * stride;
  }
  memset(zero_row, 0, stride);

  const uint8_t *up = zero_row;
  if (in_place && !packed) {
    for (uint32_t y = height; y-- > 0;) {
      const uint8_t *row = pixels + (size_t)y * in_stride;
      png_filter_row(row, y > 0 ? row - in_stride : zero_row, stride, bpp, scratch,
                     filtered + (size_t)y * (stride + 1));
    }
  } else {
    for (uint32_t y = 0; y < height; y++) {
      const uint8_t *source = pixels + (size_t)y * in_stride;
      const uint8_t *row = source;
      if (packed) {
        uint8_t *target = rows[y & 1];
        drop_alpha_row(source, width, target);
        row = target;
      }
      png_filter_row(row, up, stride, bpp, scratch, filtered + (size_t)y * (stride + 1));
      up = row;
    }
  }

  static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  memcpy(png, signature, 8);
  uint8_t *ihdr = png + 8;
  memcpy(ihdr + 4, "IHDR", 4);
  put_u32(ihdr + 8, width);
  put_u32(ihdr + 12, height);
  ihdr[16] = 8;                   /* bit depth */
  ihdr[17] = bpp == 4 ? 6 : 2;    /* colour type: truecolour with alpha, or truecolour */
  ihdr[18] = ihdr[19] = ihdr[20] = 0; /* deflate, adaptive filtering, not interlaced */
  seal_chunk(ihdr, 13);

  uint8_t *idat = png + 8 + 25;
  memcpy(idat + 4, "IDAT", 4);
  size_t deflated = libdeflate_zlib_compress(compressor, filtered, filtered_size, idat + 8, bound);
  if (deflated != 0 && effort.recheck_level > level &&
      (double)deflated < effort.recheck_below * (double)filtered_size) {
    /* The second stream only counts if it is smaller, so it gets one byte less room than the
     * first took: libdeflate answers 0 when it does not fit. */
    struct libdeflate_compressor *again = compressor_for(clamp_level(effort.recheck_level));
    uint8_t *smaller = again != NULL ? malloc(deflated) : NULL;
    if (smaller != NULL) {
      const size_t size = libdeflate_zlib_compress(again, filtered, filtered_size, smaller, deflated - 1);
      if (size != 0) {
        memcpy(idat + 8, smaller, size);
        deflated = size;
      }
      free(smaller);
    }
  }
  free(work);
  if (deflated == 0 || deflated > 0x7fffffffu) {
    free(png);
    return PNG_ENCODE_TOO_LARGE;
  }
  seal_chunk(idat, (uint32_t)deflated);

  uint8_t *iend = idat + 12 + deflated;
  memcpy(iend + 4, "IEND", 4);
  seal_chunk(iend, 0);

  file->data = png;
  file->size = (size_t)(iend + 12 - png);
  return PNG_ENCODE_OK;
}

const char *png_encode_status_text(enum png_encode_status status) {
  switch (status) {
    case PNG_ENCODE_OK:
      return "ok";
    case PNG_ENCODE_NO_MEMORY:
      return "out of memory";
    case PNG_ENCODE_TOO_LARGE:
      return "image too large for one PNG data chunk";
  }
  return "unknown error";
}
