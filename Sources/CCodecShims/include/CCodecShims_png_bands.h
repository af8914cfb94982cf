// The banded PNG deflate encoder (png_bands.c; why it is C: see CCodecShims.h).
//
// libpng compresses IDAT on one thread. For the fast setting the Swift side splits the rows into
// horizontal bands and encodes each band on its own thread with one CCodecShims_png_band: each
// row is filtered with one fixed PNG filter and deflated into a raw stream that ends on a byte
// boundary (Z_SYNC_FLUSH; the image's last band Z_FINISH). The concatenation of the bands, after
// a zlib header and before the combined Adler-32, is one valid zlib stream, which
// CCodecShims_png_writer_write_band writes as IDAT chunks. No libpng call happens here, so there
// is no setjmp either.
#ifndef CCODECSHIMS_PNG_BANDS_H
#define CCODECSHIMS_PNG_BANDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "CCodecShims_types.h"

/// A PNG filter type (the byte before each filtered row; PNG specification, section 9.2).
typedef CCODECSHIMS_ENUM(CCodecShims_png_filter) {
  CCodecShims_png_filter_identity = 0,  ///< The row as it is (the specification's None).
  CCodecShims_png_filter_sub = 1,  ///< Minus the sample one pixel to the left.
  CCodecShims_png_filter_up = 2,  ///< Minus the sample above.
  CCodecShims_png_filter_average = 3,  ///< Minus the mean of left and above.
  CCodecShims_png_filter_paeth = 4,  ///< Minus the Paeth predictor of left, above and upper left.
} CCodecShims_png_filter;

/// A zlib compression strategy (zlib.h's Z_DEFAULT_STRATEGY and Z_RLE).
typedef CCODECSHIMS_ENUM(CCodecShims_png_strategy) {
  CCodecShims_png_strategy_default = 0,  ///< Z_DEFAULT_STRATEGY: matches at any distance.
  CCodecShims_png_strategy_rle = 3,  ///< Z_RLE: runs only; much faster, nearly as small on photos.
} CCodecShims_png_strategy;

/// Where a row ends the deflate stream of its band.
typedef CCODECSHIMS_ENUM(CCodecShims_png_band_flush) {
  CCodecShims_png_band_flush_more = 0,  ///< More rows of the band follow (Z_NO_FLUSH).
  CCodecShims_png_band_flush_band = 1,  ///< The band's last row; end on a byte boundary (Z_SYNC_FLUSH).
  CCodecShims_png_band_flush_image = 2,  ///< The image's last row: end the stream (Z_FINISH).
} CCodecShims_png_band_flush;

/// One band being filtered and deflated: a z_stream, the previous and current row, the output.
typedef struct CCodecShims_png_band CCodecShims_png_band;

/// A band for rows of `row_bytes` bytes of `bytes_per_pixel`-byte pixels; with `sixteen_bit`,
/// rows hold host-order 16-bit samples, written big-endian as PNG stores them. NULL when out of
/// memory or when zlib cannot start.
CCodecShims_png_band *CCodecShims_png_band_create(size_t row_bytes, size_t bytes_per_pixel, bool sixteen_bit,
                                                  CCodecShims_png_filter filter, int32_t level,
                                                  CCodecShims_png_strategy strategy);
/// Sets the image row just above the band's first row, which the filter predicts from (without
/// it the band starts the image: the row above is zeros). Nothing is written for it.
void CCodecShims_png_band_set_row_above(CCodecShims_png_band *band, const uint8_t *row);
/// Filters `row` (row_bytes bytes) against the previous one and deflates it.
CCodecShims_status CCodecShims_png_band_add_row(CCodecShims_png_band *band, const uint8_t *row,
                                                CCodecShims_png_band_flush flush);
/// The deflated bytes so far (valid until the next call on the band).
const uint8_t *CCodecShims_png_band_data(const CCodecShims_png_band *band, size_t *length);
/// Adler-32 of the filtered bytes (starting value 1) and their count, for the zlib trailer.
uint32_t CCodecShims_png_band_adler(const CCodecShims_png_band *band, size_t *raw_length);
/// Frees the band (NULL is allowed).
void CCodecShims_png_band_free(CCodecShims_png_band *band);

#endif
