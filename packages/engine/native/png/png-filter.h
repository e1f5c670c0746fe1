#ifndef LAYERLOOM_PNG_FILTER_H
#define LAYERLOOM_PNG_FILTER_H

#include <stddef.h>
#include <stdint.h>

/*
 * Filters one row of 8-bit pixels for PNG with the adaptive heuristic of libpng (and of the
 * PNG specification's recommendation): each of the five filters is applied, and the one whose
 * output bytes, read as signed, have the smallest sum of absolute values is kept.
 *
 * row, up:  this row and the one above it (all zero for the first row), `length` bytes each.
 * bpp:      bytes per pixel, 3 or 4.
 * scratch:  5 * length bytes of working space.
 * out:      length + 1 bytes: the filter type, then the filtered row.
 *
 * The choice and bytes depend only on the input: the vectorised and the plain build agree.
 */
void png_filter_row(const uint8_t *row, const uint8_t *up, size_t length, int bpp, uint8_t *scratch,
                    uint8_t *out);

/* Whether png_filter_row may use the AVX2 copy where the CPU has it (the default). Both copies
 * give the same bytes; turning it off lets tests prove that on a machine with AVX2. */
void png_filter_allow_simd(int allow);

#endif
