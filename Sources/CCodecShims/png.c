// libpng under setjmp: see include/CCodecShims.h for why this file exists.
// libpng buffers are row-major, top row first; 16-bit samples are big-endian in the file and are
// swapped to host order here (png_set_swap) so Swift sees native UInt16 values.
#include "CCodecShims.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const int CPNG_FILTER_NONE = PNG_FILTER_NONE;
const int CPNG_FILTER_SUB = PNG_FILTER_SUB;
const int CPNG_FILTER_UP = PNG_FILTER_UP;
const int CPNG_FILTER_PAETH = PNG_FILTER_PAETH;
const int CPNG_FILTER_ALL = PNG_ALL_FILTERS;

typedef struct {
  jmp_buf jump;
  char *message;
  size_t message_length;
} cpng_error_state;

static void cpng_on_error(png_structp png, png_const_charp text) {
  cpng_error_state *state = (cpng_error_state *)png_get_error_ptr(png);
  snprintf(state->message, state->message_length, "%s", text ? text : "unknown libpng error");
  longjmp(state->jump, 1);  // our own frame, set by the shim function that made this call
}

static void cpng_on_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;  // warnings (bad ancillary chunks, known-incorrect sRGB profiles) are not fatal
}

static int cpng_is_little_endian(void) {
  const uint16_t probe = 1;
  return *(const uint8_t *)&probe == 1;
}

// MARK: - Reading

struct cpng_reader {
  png_structp png;
  png_infop info;
  cpng_error_state error;
  char message[256];
  const uint8_t *data;
  size_t length;
  size_t position;
};

static void cpng_read_memory(png_structp png, png_bytep out, size_t count) {
  cpng_reader *reader = (cpng_reader *)png_get_io_ptr(png);
  if (count > reader->length - reader->position) {
    png_error(png, "the file ends too early (truncated)");
  }
  memcpy(out, reader->data + reader->position, count);
  reader->position += count;
}

cpng_reader *cpng_reader_create(const uint8_t *data, size_t length) {
  cpng_reader *reader = calloc(1, sizeof(cpng_reader));
  if (!reader) return NULL;
  reader->error.message = reader->message;
  reader->error.message_length = sizeof(reader->message);
  reader->data = data;
  reader->length = length;
  reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader->error, cpng_on_error, cpng_on_warning);
  if (!reader->png) {
    free(reader);
    return NULL;
  }
  reader->info = png_create_info_struct(reader->png);
  if (!reader->info) {
    png_destroy_read_struct(&reader->png, NULL, NULL);
    free(reader);
    return NULL;
  }
  png_set_read_fn(reader->png, reader, cpng_read_memory);
  return reader;
}

void cpng_reader_destroy(cpng_reader *reader) {
  if (!reader) return;
  png_destroy_read_struct(&reader->png, &reader->info, NULL);
  free(reader);
}

const char *cpng_reader_message(const cpng_reader *reader) { return reader->message; }

int cpng_read_header(cpng_reader *reader, cpng_header *header) {
  png_structp png = reader->png;
  png_infop info = reader->info;
  if (setjmp(reader->error.jump)) return 1;
  png_read_info(png, info);
  int color_type = png_get_color_type(png, info);
  int bit_depth = png_get_bit_depth(png, info);
  header->file_color_type = color_type;
  header->file_bit_depth = bit_depth;
  header->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
  // Palette -> RGB(A); gray < 8 bits -> 8; tRNS -> a full alpha channel. 16-bit stays 16-bit.
  if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  if (bit_depth == 16 && cpng_is_little_endian()) png_set_swap(png);
  if (header->interlaced) png_set_interlace_handling(png);
  png_read_update_info(png, info);
  header->width = png_get_image_width(png, info);
  header->height = png_get_image_height(png, info);
  header->channels = png_get_channels(png, info);
  header->bit_depth = png_get_bit_depth(png, info);
  return 0;
}

int cpng_read_pixels(cpng_reader *reader, uint8_t **rows) {
  if (setjmp(reader->error.jump)) return 1;
  png_read_image(reader->png, rows);
  png_read_end(reader->png, reader->info);
  return 0;
}

int cpng_get_iccp(cpng_reader *reader, const char **name, const uint8_t **profile, uint32_t *length) {
  png_charp n = NULL;
  int compression = 0;
  png_bytep p = NULL;
  png_uint_32 len = 0;
  if (!png_get_iCCP(reader->png, reader->info, &n, &compression, &p, &len)) return 0;
  *name = n;
  *profile = p;
  *length = len;
  return 1;
}

int cpng_get_exif(cpng_reader *reader, const uint8_t **data, uint32_t *length) {
  png_bytep p = NULL;
  png_uint_32 len = 0;
  if (!png_get_eXIf_1(reader->png, reader->info, &len, &p) || !p) return 0;
  *data = p;
  *length = len;
  return 1;
}

int cpng_get_text_count(cpng_reader *reader) {
  png_textp texts = NULL;
  int count = 0;
  png_get_text(reader->png, reader->info, &texts, &count);
  return count;
}

int cpng_get_text(cpng_reader *reader, int index, const char **key, const char **text, size_t *length, int *kind) {
  png_textp texts = NULL;
  int count = 0;
  png_get_text(reader->png, reader->info, &texts, &count);
  if (index < 0 || index >= count) return 0;
  png_textp t = &texts[index];
  *key = t->key;
  *text = t->text ? t->text : "";
  *length = t->compression >= PNG_ITXT_COMPRESSION_NONE ? t->itxt_length : t->text_length;
  if (!t->text) *length = 0;
  *kind = t->compression == PNG_TEXT_COMPRESSION_NONE ? 0 : t->compression == PNG_TEXT_COMPRESSION_zTXt ? 1 : 2;
  return 1;
}

int cpng_get_phys(cpng_reader *reader, uint32_t *x, uint32_t *y, int *unit) {
  png_uint_32 px = 0, py = 0;
  int u = 0;
  if (!png_get_pHYs(reader->png, reader->info, &px, &py, &u)) return 0;
  *x = px;
  *y = py;
  *unit = u;
  return 1;
}

int cpng_get_srgb(cpng_reader *reader, int *intent) {
  return png_get_sRGB(reader->png, reader->info, intent) ? 1 : 0;
}

int cpng_get_gama(cpng_reader *reader, int32_t *gamma) {
  png_fixed_point g = 0;
  if (!png_get_gAMA_fixed(reader->png, reader->info, &g)) return 0;
  *gamma = g;
  return 1;
}

int cpng_get_chrm(cpng_reader *reader, int32_t values[8]) {
  png_fixed_point v[8];
  if (!png_get_cHRM_fixed(reader->png, reader->info, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7])) return 0;
  for (int i = 0; i < 8; i++) values[i] = v[i];
  return 1;
}

// MARK: - Writing

typedef struct {
  cpng_sink sink;
  void *context;
} cpng_sink_state;

static void cpng_write_to_sink(png_structp png, png_bytep data, size_t length) {
  cpng_sink_state *state = (cpng_sink_state *)png_get_io_ptr(png);
  if (state->sink(state->context, data, length) != 0) png_error(png, "the output could not be written");
}

static void cpng_flush(png_structp png) { (void)png; }

// Sets every ancillary chunk of `meta` (libpng copies what it is given).
static void cpng_apply_meta(png_structp png, png_infop info, const cpng_write_meta *meta) {
  // A profile libpng rejects (malformed, or RGB on a gray image) is dropped with a warning
  // instead of failing the whole write: the pixels matter more than a quirky profile.
  png_set_benign_errors(png, 1);
  if (meta) {
    if (meta->icc && meta->icc_length) {
      png_set_iCCP(png, info, meta->icc_name ? meta->icc_name : "ICC profile", PNG_COMPRESSION_TYPE_BASE,
                   meta->icc, meta->icc_length);
    }
    if (meta->srgb_intent >= 0) png_set_sRGB(png, info, meta->srgb_intent);
    if (meta->gamma > 0) png_set_gAMA_fixed(png, info, meta->gamma);
    if (meta->has_chrm) {
      const int32_t *c = meta->chrm;
      png_set_cHRM_fixed(png, info, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]);
    }
    if (meta->has_phys) png_set_pHYs(png, info, meta->phys_x, meta->phys_y, meta->phys_unit);
    if (meta->exif && meta->exif_length) png_set_eXIf_1(png, info, meta->exif_length, (png_bytep)meta->exif);
    if (meta->text_count > 0) {
      png_textp texts = calloc((size_t)meta->text_count, sizeof(png_text));
      if (!texts) png_error(png, "out of memory");
      for (int i = 0; i < meta->text_count; i++) {
        const cpng_text *t = &meta->texts[i];
        texts[i].key = (png_charp)t->key;
        texts[i].text = (png_charp)t->text;
        texts[i].text_length = strlen(t->text);
        texts[i].compression = t->kind == 0   ? PNG_TEXT_COMPRESSION_NONE
                               : t->kind == 1 ? PNG_TEXT_COMPRESSION_zTXt
                                              : PNG_ITXT_COMPRESSION_NONE;
      }
      png_set_text(png, info, texts, meta->text_count);  // copies; a failure here leaks only this array
      free(texts);
    }
  }
}

// Copies row `y` of `rows` (overlay applied) into `out`; with `big_endian16`, 16-bit samples
// are written big-endian as PNG stores them.
static void cpng_fill_row(const cpng_rows *rows, uint32_t y, size_t row_bytes, int big_endian16, uint8_t *out) {
  const uint8_t *src = rows->pixels + (size_t)y * rows->stride;
  memcpy(out, src, row_bytes);
  if (rows->overlay && y >= rows->overlay_y && y - rows->overlay_y < rows->overlay_height) {
    size_t segment = (size_t)rows->overlay_width * rows->bytes_per_pixel;
    const uint8_t *patch = rows->overlay + (size_t)(y - rows->overlay_y) * segment;
    memcpy(out + (size_t)rows->overlay_x * rows->bytes_per_pixel, patch, segment);
  }
  if (big_endian16 && cpng_is_little_endian()) {
    for (size_t i = 0; i + 1 < row_bytes; i += 2) {
      uint8_t t = out[i];
      out[i] = out[i + 1];
      out[i + 1] = t;
    }
  }
}

int cpng_write(uint32_t width, uint32_t height, int channels, int bit_depth,
               const cpng_rows *rows, const cpng_write_meta *meta,
               int level, int strategy, int filters,
               cpng_sink sink, void *sink_context, char *err, size_t err_length) {
  static const int color_types[5] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB,
                                     PNG_COLOR_TYPE_RGB_ALPHA};
  if (channels < 1 || channels > 4 || (bit_depth != 8 && bit_depth != 16)) {
    snprintf(err, err_length, "unsupported layout: %d channels at %d bits", channels, bit_depth);
    return 1;
  }
  cpng_error_state error = {.message = err, .message_length = err_length};
  cpng_sink_state sink_state = {.sink = sink, .context = sink_context};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &error, cpng_on_error, cpng_on_warning);
  if (!png) {
    snprintf(err, err_length, "out of memory");
    return 1;
  }
  png_infop info = png_create_info_struct(png);
  uint8_t *volatile row = NULL;  // volatile: changed after setjmp
  if (!info) {
    png_destroy_write_struct(&png, NULL);
    snprintf(err, err_length, "out of memory");
    return 1;
  }
  if (setjmp(error.jump)) {
    png_destroy_write_struct(&png, &info);
    free(row);
    return 1;
  }
  png_set_write_fn(png, &sink_state, cpng_write_to_sink, cpng_flush);
  png_set_compression_level(png, level);
  png_set_compression_strategy(png, strategy);
  png_set_compression_mem_level(png, 9);
  png_set_compression_buffer_size(png, 1 << 18);
  if (filters) png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
  png_set_IHDR(png, info, width, height, bit_depth, color_types[channels], PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  cpng_apply_meta(png, info, meta);
  png_write_info(png, info);
  if (bit_depth == 16 && cpng_is_little_endian()) png_set_swap(png);
  row = malloc(rows->stride);
  if (!row) png_error(png, "out of memory");
  for (uint32_t y = 0; y < height; y++) {
    cpng_fill_row(rows, y, rows->stride, 0, row);
    png_write_row(png, (png_const_bytep)row);
  }
  free(row);
  row = NULL;
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  return 0;
}

// MARK: - Parallel bands

#include <zlib.h>

static int cpng_paeth(int a, int b, int c) {
  int p = a + b - c;
  int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

void cpng_band_free(cpng_band *band) {
  free(band->data);
  band->data = NULL;
  band->length = 0;
}

static int cpng_band_reserve(cpng_band *band, size_t *capacity, size_t extra) {
  if (band->length + extra <= *capacity) return 0;
  size_t next = *capacity ? *capacity : 1 << 16;
  while (next < band->length + extra) next *= 2;
  uint8_t *grown = realloc(band->data, next);
  if (!grown) return 1;
  band->data = grown;
  *capacity = next;
  return 0;
}

int cpng_deflate_band(const cpng_rows *rows, uint32_t width, uint32_t first_row, uint32_t row_count,
                      int channels, int bit_depth, int filter, int level, int strategy, int is_last,
                      cpng_band *band, char *err, size_t err_length) {
  const size_t bpp = (size_t)channels * (bit_depth / 8);
  const size_t row_bytes = (size_t)width * bpp;
  memset(band, 0, sizeof(*band));
  size_t capacity = 0;
  uint8_t *previous = calloc(row_bytes, 1);
  uint8_t *current = malloc(row_bytes);
  uint8_t *filtered = malloc(row_bytes + 1);
  z_stream z;
  memset(&z, 0, sizeof(z));
  int status = 1;
  if (!previous || !current || !filtered) {
    snprintf(err, err_length, "out of memory");
    goto done;
  }
  if (deflateInit2(&z, level, Z_DEFLATED, -15, 9, strategy) != Z_OK) {
    snprintf(err, err_length, "zlib could not start");
    goto done;
  }
  if (first_row > 0) cpng_fill_row(rows, first_row - 1, row_bytes, bit_depth == 16, previous);
  uLong adler = adler32(0L, Z_NULL, 0);
  for (uint32_t r = 0; r < row_count; r++) {
    cpng_fill_row(rows, first_row + r, row_bytes, bit_depth == 16, current);
    filtered[0] = (uint8_t)filter;
    uint8_t *f = filtered + 1;
    for (size_t i = 0; i < row_bytes; i++) {
      int left = i >= bpp ? current[i - bpp] : 0;
      int up = previous[i];
      int upper_left = i >= bpp ? previous[i - bpp] : 0;
      int predicted;
      switch (filter) {
      case 1: predicted = left; break;
      case 2: predicted = up; break;
      case 3: predicted = (left + up) >> 1; break;
      case 4: predicted = cpng_paeth(left, up, upper_left); break;
      default: predicted = 0; break;
      }
      f[i] = (uint8_t)(current[i] - predicted);
    }
    adler = adler32(adler, filtered, (uInt)(row_bytes + 1));
    band->raw_length += row_bytes + 1;
    z.next_in = filtered;
    z.avail_in = (uInt)(row_bytes + 1);
    int flush = r + 1 < row_count ? Z_NO_FLUSH : (is_last ? Z_FINISH : Z_SYNC_FLUSH);
    for (;;) {
      if (cpng_band_reserve(band, &capacity, 1 << 16)) {
        snprintf(err, err_length, "out of memory");
        goto done;
      }
      z.next_out = band->data + band->length;
      z.avail_out = (uInt)(capacity - band->length);
      int rc = deflate(&z, flush);
      if (rc == Z_STREAM_ERROR) {
        snprintf(err, err_length, "zlib failed");
        goto done;
      }
      band->length = capacity - z.avail_out;
      if (flush == Z_FINISH) {
        if (rc == Z_STREAM_END) break;
      } else if (z.avail_out != 0 && z.avail_in == 0) {
        break;
      }
    }
    uint8_t *swap = previous;
    previous = current;
    current = swap;
  }
  band->adler = (uint32_t)adler;
  status = 0;
done:
  deflateEnd(&z);
  free(previous);
  free(current);
  free(filtered);
  if (status) cpng_band_free(band);
  return status;
}

struct cpng_band_writer {
  png_structp png;
  png_infop info;
  cpng_error_state error;
  cpng_sink_state sink;
  char message[256];
  uLong adler;
  int zlib_level_flag;  // FLEVEL of the zlib header, from the compression level
};

cpng_band_writer *cpng_bands_begin(uint32_t width, uint32_t height, int channels, int bit_depth,
                                   const cpng_write_meta *meta, int level, cpng_sink sink, void *sink_context,
                                   char *err, size_t err_length) {
  static const int color_types[5] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB,
                                     PNG_COLOR_TYPE_RGB_ALPHA};
  if (channels < 1 || channels > 4 || (bit_depth != 8 && bit_depth != 16)) {
    snprintf(err, err_length, "unsupported layout: %d channels at %d bits", channels, bit_depth);
    return NULL;
  }
  cpng_band_writer *w = calloc(1, sizeof(cpng_band_writer));
  if (!w) {
    snprintf(err, err_length, "out of memory");
    return NULL;
  }
  w->error.message = w->message;
  w->error.message_length = sizeof(w->message);
  w->sink.sink = sink;
  w->sink.context = sink_context;
  w->adler = adler32(0L, Z_NULL, 0);
  w->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &w->error, cpng_on_error, cpng_on_warning);
  if (w->png) w->info = png_create_info_struct(w->png);
  if (!w->png || !w->info) {
    snprintf(err, err_length, "out of memory");
    cpng_bands_free(w);
    return NULL;
  }
  if (setjmp(w->error.jump)) {
    snprintf(err, err_length, "%s", w->message);
    cpng_bands_free(w);
    return NULL;
  }
  png_set_write_fn(w->png, &w->sink, cpng_write_to_sink, cpng_flush);
  png_set_IHDR(w->png, w->info, width, height, bit_depth, color_types[channels], PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  cpng_apply_meta(w->png, w->info, meta);
  png_write_info(w->png, w->info);
  w->zlib_level_flag = level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3;
  return w;
}

int cpng_bands_write(cpng_band_writer *w, const cpng_band *band, int is_first, int is_last) {
  if (setjmp(w->error.jump)) return 1;
  if (band->length + 6 > 0x7FFFFFFF) png_error(w->png, "a band is too large for one IDAT chunk");
  w->adler = adler32_combine(w->adler, band->adler, (z_off_t)band->raw_length);
  size_t extra = (is_first ? 2 : 0) + (is_last ? 4 : 0);
  png_write_chunk_start(w->png, (png_const_bytep) "IDAT", (png_uint_32)(band->length + extra));
  if (is_first) {
    // The zlib header: CM 8, window 32K, FLEVEL; FCHECK makes it a multiple of 31.
    unsigned header = 0x7800 | (unsigned)(w->zlib_level_flag << 6);
    header += 31 - header % 31;
    uint8_t zhead[2] = {(uint8_t)(header >> 8), (uint8_t)(header & 0xFF)};
    png_write_chunk_data(w->png, zhead, 2);
  }
  png_write_chunk_data(w->png, band->data, band->length);
  if (is_last) {
    uLong a = w->adler;
    uint8_t ztail[4] = {(uint8_t)(a >> 24), (uint8_t)(a >> 16), (uint8_t)(a >> 8), (uint8_t)a};
    png_write_chunk_data(w->png, ztail, 4);
  }
  png_write_chunk_end(w->png);
  return 0;
}

int cpng_bands_end(cpng_band_writer *w) {
  if (setjmp(w->error.jump)) return 1;
  png_write_chunk(w->png, (png_const_bytep) "IEND", NULL, 0);
  return 0;
}

const char *cpng_bands_message(const cpng_band_writer *w) { return w->message; }

void cpng_bands_free(cpng_band_writer *w) {
  if (!w) return;
  if (w->png) png_destroy_write_struct(&w->png, w->info ? &w->info : NULL);
  free(w);
}
