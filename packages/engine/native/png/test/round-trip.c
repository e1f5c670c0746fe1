/*
 * Round-trips random images through png_encode and back: parses the chunks, checks every CRC,
 * inflates the IDAT stream with zlib (which checks its Adler-32), undoes the row filters as a
 * decoder does, and compares the pixels with the input. Built with AddressSanitizer and
 * UndefinedBehaviorSanitizer by encode-png.test.ts, so an out-of-bounds access or undefined
 * arithmetic anywhere in the encoder fails the test too.
 *
 * Usage: round-trip IMAGES SEED  → prints "ok N" and exits 0, or names the first failure and exits 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "../png-encode.h"
#include "../png-filter.h"

static uint64_t state;

static uint32_t next_random(void) {
  state = state * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(state >> 33);
}

static uint32_t read_u32(const uint8_t *at) {
  return ((uint32_t)at[0] << 24) | ((uint32_t)at[1] << 16) | ((uint32_t)at[2] << 8) | at[3];
}

static int fail(int image, const char *what) {
  printf("image %d: %s\n", image, what);
  return 1;
}

static int paeth(int a, int b, int c) {
  int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
  return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

/* Fills pixels with one of several kinds of art: noise, flat blocks, gradients, sparse alpha. */
static void fill(uint8_t *pixels, uint32_t width, uint32_t height, int channels, int kind) {
  size_t count = (size_t)width * height;
  for (size_t i = 0; i < count; i++) {
    uint32_t x = (uint32_t)(i % width), y = (uint32_t)(i / width);
    for (int ch = 0; ch < channels; ch++) {
      uint8_t value;
      switch (kind) {
        case 0: value = (uint8_t)next_random(); break;
        case 1: value = (uint8_t)(((x >> 3) * 37 + (y >> 3) * 91 + ch * 50) & 0xe0); break;
        case 2: value = (uint8_t)(x * 3 + y * 5 + ch * 17 + (next_random() & 3)); break;
        default: value = (uint8_t)((next_random() & 15) == 0 ? next_random() : 0); break;
      }
      pixels[i * channels + ch] = value;
    }
    if (channels == 4 && kind != 3) pixels[i * 4 + 3] = (kind == 1 && (x + y) % 7 == 0) ? 128 : 255;
  }
}

int main(int argc, char **argv) {
  int images = argc > 1 ? atoi(argv[1]) : 500;
  state = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  for (int image = 0; image < images; image++) {
    if (image == images / 2) png_filter_allow_simd(0);
    uint32_t width = 1 + next_random() % (image % 10 == 0 ? 700 : 90);
    uint32_t height = 1 + next_random() % (image % 10 == 0 ? 300 : 90);
    int channels = (next_random() & 1) ? 4 : 3;
    int drop_alpha = channels == 4 && (next_random() & 1);
    struct png_effort effort = {1 + (int)(next_random() % 12), (int)(next_random() % 13),
                                (double)(next_random() % 100) / 100.0};
    size_t in_size = (size_t)width * height * channels;
    uint8_t *pixels = malloc(in_size);
    fill(pixels, width, height, channels, (int)(next_random() % 4));

    struct png_file file;
    if (png_encode(pixels, width, height, channels, drop_alpha, effort, &file) != PNG_ENCODE_OK)
      return fail(image, "encode failed");
    const uint8_t *png = file.data;
    if (file.size < 8 + 25 + 12 + 12 || memcmp(png, "\x89PNG\r\n\x1a\n", 8) != 0) return fail(image, "bad signature");

    /* Chunks: IHDR, IDAT, IEND, each with a right CRC. */
    const char *types[3] = {"IHDR", "IDAT", "IEND"};
    const uint8_t *data[3];
    uint32_t lengths[3];
    size_t at = 8;
    for (int c = 0; c < 3; c++) {
      if (at + 12 > file.size) return fail(image, "truncated chunk");
      lengths[c] = read_u32(png + at);
      if (at + 12 + lengths[c] > file.size) return fail(image, "chunk past the end");
      if (memcmp(png + at + 4, types[c], 4) != 0) return fail(image, "unexpected chunk");
      data[c] = png + at + 8;
      uLong crc = crc32(0, png + at + 4, 4 + lengths[c]);
      if (crc != read_u32(png + at + 8 + lengths[c])) return fail(image, "bad CRC");
      at += 12 + lengths[c];
    }
    if (at != file.size) return fail(image, "bytes after IEND");

    /* In place, over a copy of the pixels in a buffer of exactly the room it needs (none more for
     * RGBA written as RGB, one byte per row more otherwise), or one byte short of it, where the
     * encoder must work in its own memory: the same bytes every way, and nothing read or written
     * past the buffer (AddressSanitizer). */
    {
      int in_bpp = drop_alpha ? 3 : channels;
      size_t filtered = (size_t)height * ((size_t)width * in_bpp + 1);
      size_t room = drop_alpha ? in_size : filtered;
      for (int short_by = 0; short_by <= (drop_alpha ? 0 : 1); short_by++) {
        uint8_t *copy = malloc(room - short_by);
        memcpy(copy, pixels, in_size);
        struct png_file again;
        if (png_encode_in_place(copy, room - short_by, copy, width, height, channels, drop_alpha, effort,
                                &again) != PNG_ENCODE_OK)
          return fail(image, "in-place encode failed");
        if (again.size != file.size || memcmp(again.data, file.data, file.size) != 0)
          return fail(image, "in-place encode wrote other bytes");
        free(again.data);
        free(copy);
      }
    }
    int bpp = drop_alpha ? 3 : channels;
    if (read_u32(data[0]) != width || read_u32(data[0] + 4) != height || data[0][8] != 8 ||
        data[0][9] != (bpp == 4 ? 6 : 2) || data[0][10] || data[0][11] || data[0][12])
      return fail(image, "bad IHDR");

    size_t stride = (size_t)width * bpp;
    uLongf raw_size = (uLongf)(height * (stride + 1));
    uint8_t *raw = malloc(raw_size + 1);
    uLongf got = raw_size + 1;
    if (uncompress(raw, &got, data[1], lengths[1]) != Z_OK || got != raw_size)
      return fail(image, "IDAT does not inflate to the filtered rows");

    /* Undo the filters in place, row by row, and compare with the input. */
    uint8_t *previous = calloc(stride, 1);
    uint8_t *row = malloc(stride);
    for (uint32_t y = 0; y < height; y++) {
      const uint8_t *line = raw + (size_t)y * (stride + 1);
      int type = line[0];
      if (type > 4) return fail(image, "bad filter type");
      for (size_t i = 0; i < stride; i++) {
        int a = i >= (size_t)bpp ? row[i - bpp] : 0, b = previous[i], c = i >= (size_t)bpp ? previous[i - bpp] : 0;
        int predictor = type == 0 ? 0 : type == 1 ? a : type == 2 ? b : type == 3 ? (a + b) / 2 : paeth(a, b, c);
        row[i] = (uint8_t)(line[1 + i] + predictor);
      }
      for (uint32_t x = 0; x < width; x++)
        for (int ch = 0; ch < bpp; ch++)
          if (row[(size_t)x * bpp + ch] != pixels[((size_t)y * width + x) * channels + ch])
            return fail(image, "pixels differ");
      memcpy(previous, row, stride);
    }
    free(previous);
    free(row);
    free(raw);
    free(pixels);
    free(file.data);
  }
  printf("ok %d\n", images);
  return 0;
}
