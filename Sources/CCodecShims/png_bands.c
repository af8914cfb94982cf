// The banded PNG deflate encoder: see include/CCodecShims_png_bands.h for what it does and
// include/CCodecShims.h for why it is C. One band is used by one thread; bands share nothing.
#include "CCodecShims_png_bands.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

struct CCodecShims_png_band {
  z_stream z;
  bool z_started;
  size_t row_bytes;
  size_t bytes_per_pixel;
  bool swap16;  // 16-bit samples in host order on a little-endian host: swap to big-endian
  CCodecShims_png_filter filter;
  uint8_t *previous;  // the row above, big-endian samples (zeros above the image)
  uint8_t *current;   // the row being filtered, big-endian samples
  uint8_t *filtered;  // the filter type byte, then the filtered row
  uint8_t *data;      // the deflated bytes
  size_t length;
  size_t capacity;
  uLong adler;        // Adler-32 of the filtered bytes
  size_t raw_length;  // number of filtered bytes
};

static bool CCodecShims_png_band_is_little_endian(void) {
  const uint16_t probe = 1;
  return *(const uint8_t *)&probe == 1;
}

static int CCodecShims_png_paeth(int a, int b, int c) {
  int p = a + b - c;
  int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

CCodecShims_png_band *CCodecShims_png_band_create(size_t row_bytes, size_t bytes_per_pixel, bool sixteen_bit,
                                                  CCodecShims_png_filter filter, int32_t level,
                                                  CCodecShims_png_strategy strategy) {
  CCodecShims_png_band *band = calloc(1, sizeof(CCodecShims_png_band));
  if (!band) return NULL;
  band->row_bytes = row_bytes;
  band->bytes_per_pixel = bytes_per_pixel;
  band->swap16 = sixteen_bit && CCodecShims_png_band_is_little_endian();
  band->filter = filter;
  band->adler = adler32(0L, Z_NULL, 0);
  band->previous = calloc(row_bytes, 1);
  band->current = malloc(row_bytes);
  band->filtered = malloc(row_bytes + 1);
  if (!band->previous || !band->current || !band->filtered ||
      deflateInit2(&band->z, level, Z_DEFLATED, -15, 9, strategy) != Z_OK) {
    CCodecShims_png_band_free(band);
    return NULL;
  }
  band->z_started = true;
  return band;
}

void CCodecShims_png_band_free(CCodecShims_png_band *band) {
  if (!band) return;
  if (band->z_started) deflateEnd(&band->z);
  free(band->previous);
  free(band->current);
  free(band->filtered);
  free(band->data);
  free(band);
}

// Copies `row` into `out`, 16-bit samples turned big-endian as PNG stores them.
static void CCodecShims_png_band_load(const CCodecShims_png_band *band, const uint8_t *row, uint8_t *out) {
  memcpy(out, row, band->row_bytes);
  if (band->swap16) {
    for (size_t i = 0; i + 1 < band->row_bytes; i += 2) {
      uint8_t t = out[i];
      out[i] = out[i + 1];
      out[i + 1] = t;
    }
  }
}

void CCodecShims_png_band_set_row_above(CCodecShims_png_band *band, const uint8_t *row) {
  CCodecShims_png_band_load(band, row, band->previous);
}

static bool CCodecShims_png_band_reserve(CCodecShims_png_band *band, size_t extra) {
  if (band->length + extra <= band->capacity) return true;
  size_t next = band->capacity ? band->capacity : 1 << 16;
  while (next < band->length + extra) next *= 2;
  uint8_t *grown = realloc(band->data, next);
  if (!grown) return false;
  band->data = grown;
  band->capacity = next;
  return true;
}

CCodecShims_status CCodecShims_png_band_add_row(CCodecShims_png_band *band, const uint8_t *row,
                                                CCodecShims_png_band_flush flush) {
  const size_t bpp = band->bytes_per_pixel;
  const size_t row_bytes = band->row_bytes;
  const CCodecShims_png_filter filter = band->filter;  // a local: the byte stores below may alias *band
  uint8_t *current = band->current;
  const uint8_t *previous = band->previous;
  CCodecShims_png_band_load(band, row, current);
  band->filtered[0] = (uint8_t)filter;
  uint8_t *f = band->filtered + 1;
  for (size_t i = 0; i < row_bytes; i++) {
    int left = i >= bpp ? current[i - bpp] : 0;
    int up = previous[i];
    int upper_left = i >= bpp ? previous[i - bpp] : 0;
    int predicted;
    switch (filter) {
    case CCodecShims_png_filter_sub: predicted = left; break;
    case CCodecShims_png_filter_up: predicted = up; break;
    case CCodecShims_png_filter_average: predicted = (left + up) >> 1; break;
    case CCodecShims_png_filter_paeth: predicted = CCodecShims_png_paeth(left, up, upper_left); break;
    default: predicted = 0; break;
    }
    f[i] = (uint8_t)(current[i] - predicted);
  }
  band->adler = adler32(band->adler, band->filtered, (uInt)(row_bytes + 1));
  band->raw_length += row_bytes + 1;
  z_stream *z = &band->z;
  z->next_in = band->filtered;
  z->avail_in = (uInt)(row_bytes + 1);
  int mode = flush == CCodecShims_png_band_flush_more   ? Z_NO_FLUSH
             : flush == CCodecShims_png_band_flush_band ? Z_SYNC_FLUSH
                                                        : Z_FINISH;
  for (;;) {
    if (!CCodecShims_png_band_reserve(band, 1 << 16)) return CCodecShims_status_failed;
    z->next_out = band->data + band->length;
    z->avail_out = (uInt)(band->capacity - band->length);
    int rc = deflate(z, mode);
    if (rc == Z_STREAM_ERROR) return CCodecShims_status_failed;
    band->length = band->capacity - z->avail_out;
    if (mode == Z_FINISH) {
      if (rc == Z_STREAM_END) break;
    } else if (z->avail_out != 0 && z->avail_in == 0) {
      break;
    }
  }
  band->current = band->previous;
  band->previous = current;
  return CCodecShims_status_ok;
}

const uint8_t *CCodecShims_png_band_data(const CCodecShims_png_band *band, size_t *length) {
  *length = band->length;
  return band->data;
}

uint32_t CCodecShims_png_band_adler(const CCodecShims_png_band *band, size_t *raw_length) {
  *raw_length = band->raw_length;
  return (uint32_t)band->adler;
}
