// libpng under setjmp: see include/CCodecShims.h for why this file exists and
// include/CCodecShims_png.h for the functions. Every function that calls into libpng in a way
// that can fail sets its own jump buffer first; the error handler copies libpng's message and
// jumps back there.
#include "CCodecShims_png.h"

#include <png.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/// Where libpng's error handler jumps to and writes the message.
typedef struct {
  jmp_buf jump;
  char message[256];
} CCodecShims_png_error_state;

static void CCodecShims_png_on_error(png_structp png, png_const_charp text) {
  CCodecShims_png_error_state *state = (CCodecShims_png_error_state *)png_get_error_ptr(png);
  snprintf(state->message, sizeof(state->message), "%s", text ? text : "unknown libpng error");
  longjmp(state->jump, 1);  // our own frame, set by the shim function that made this call
}

static void CCodecShims_png_on_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;  // warnings (bad ancillary chunks, known-incorrect sRGB profiles) are not fatal
}

static bool CCodecShims_png_is_little_endian(void) {
  const uint16_t probe = 1;
  return *(const uint8_t *)&probe == 1;
}

/// The libpng objects of a reader or a writer, and the error state their handler writes to.
typedef struct {
  png_structp png;
  png_infop info;
  CCodecShims_png_error_state error;
} CCodecShims_png_handle;

static void CCodecShims_png_handle_destroy(CCodecShims_png_handle *handle, bool write) {
  if (!handle->png) return;
  png_infopp info = handle->info ? &handle->info : NULL;
  if (write) {
    png_destroy_write_struct(&handle->png, info);
  } else {
    png_destroy_read_struct(&handle->png, info, NULL);
  }
}

// Creates the png_struct for reading or writing, with deglare's error and warning handlers, and
// its png_info. False when out of memory (nothing is left allocated then).
static bool CCodecShims_png_handle_create(CCodecShims_png_handle *handle, bool write) {
  handle->png = write ? png_create_write_struct(PNG_LIBPNG_VER_STRING, &handle->error, CCodecShims_png_on_error,
                                                CCodecShims_png_on_warning)
                      : png_create_read_struct(PNG_LIBPNG_VER_STRING, &handle->error, CCodecShims_png_on_error,
                                               CCodecShims_png_on_warning);
  if (handle->png) handle->info = png_create_info_struct(handle->png);
  if (handle->png && handle->info) return true;
  CCodecShims_png_handle_destroy(handle, write);
  return false;
}

// Allocates a zeroed reader or writer of `size` bytes, whose first member is its
// CCodecShims_png_handle, and creates its libpng objects; NULL when out of memory.
static void *CCodecShims_png_owner_create(size_t size, bool write) {
  CCodecShims_png_handle *handle = calloc(1, size);
  if (!handle) return NULL;
  if (!CCodecShims_png_handle_create(handle, write)) {
    free(handle);
    return NULL;
  }
  return handle;
}

// Destroys the libpng objects of a reader or writer made by CCodecShims_png_owner_create and
// frees it (NULL does nothing).
static void CCodecShims_png_owner_free(void *owner, bool write) {
  if (!owner) return;
  CCodecShims_png_handle_destroy((CCodecShims_png_handle *)owner, write);
  free(owner);
}

// MARK: - Reading

struct CCodecShims_png_reader {
  CCodecShims_png_handle libpng;  // first: CCodecShims_png_owner_create and _free rely on it
  const uint8_t *data;
  size_t length;
  size_t position;
  CCodecShims_stop_function stop;  // asked every 64 rows while pixels are read; may be NULL
  bool stopped;
};
_Static_assert(offsetof(struct CCodecShims_png_reader, libpng) == 0, "the handle comes first");

static void CCodecShims_png_read_memory(png_structp png, png_bytep out, size_t count) {
  CCodecShims_png_reader *reader = (CCodecShims_png_reader *)png_get_io_ptr(png);
  if (count > reader->length - reader->position) {
    png_error(png, "the file ends too early (truncated)");
  }
  memcpy(out, reader->data + reader->position, count);
  reader->position += count;
}

CCodecShims_png_reader *CCodecShims_png_reader_create(const uint8_t *data, size_t length) {
  CCodecShims_png_reader *reader = CCodecShims_png_owner_create(sizeof(CCodecShims_png_reader), false);
  if (!reader) return NULL;
  reader->data = data;
  reader->length = length;
  png_set_read_fn(reader->libpng.png, reader, CCodecShims_png_read_memory);
  return reader;
}

void CCodecShims_png_reader_free(CCodecShims_png_reader *reader) { CCodecShims_png_owner_free(reader, false); }

const char *CCodecShims_png_reader_message(const CCodecShims_png_reader *reader) {
  return reader->libpng.error.message;
}

CCodecShims_status CCodecShims_png_read_header(CCodecShims_png_reader *reader, CCodecShims_png_header *header) {
  png_structp png = reader->libpng.png;
  png_infop info = reader->libpng.info;
  if (setjmp(reader->libpng.error.jump)) return CCodecShims_status_failed;
  png_read_info(png, info);
  int color_type = png_get_color_type(png, info);
  int bit_depth = png_get_bit_depth(png, info);
  // Palette -> RGB(A); gray < 8 bits -> 8; tRNS -> a full alpha channel. 16-bit stays 16-bit.
  if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  if (bit_depth == 16 && CCodecShims_png_is_little_endian()) png_set_swap(png);
  if (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) png_set_interlace_handling(png);
  png_read_update_info(png, info);
  header->width = png_get_image_width(png, info);
  header->height = png_get_image_height(png, info);
  header->channels = png_get_channels(png, info);
  header->bit_depth = png_get_bit_depth(png, info);
  return CCodecShims_status_ok;
}

// libpng's row callback: asks the caller's stop function every 64 rows, and abandons the read
// (through the error jump) when it says stop.
static void CCodecShims_png_row_done(png_structp png, png_uint_32 row, int pass) {
  (void)pass;
  CCodecShims_png_reader *reader = (CCodecShims_png_reader *)png_get_io_ptr(png);
  if ((row & 63) == 0 && reader->stop && reader->stop()) {
    reader->stopped = true;
    png_error(png, "stopped");
  }
}

CCodecShims_status CCodecShims_png_read_pixels(CCodecShims_png_reader *reader, uint8_t **rows,
                                               CCodecShims_stop_function stop) {
  reader->stop = stop;
  reader->stopped = false;
  if (setjmp(reader->libpng.error.jump)) {
    return reader->stopped ? CCodecShims_status_stopped : CCodecShims_status_failed;
  }
  if (stop) png_set_read_status_fn(reader->libpng.png, CCodecShims_png_row_done);
  png_read_image(reader->libpng.png, rows);
  png_read_end(reader->libpng.png, reader->libpng.info);
  return CCodecShims_status_ok;
}

bool CCodecShims_png_get_iccp(CCodecShims_png_reader *reader, const char **name, const uint8_t **profile,
                              uint32_t *length) {
  png_charp n = NULL;
  int compression = 0;
  png_bytep p = NULL;
  png_uint_32 len = 0;
  if (!png_get_iCCP(reader->libpng.png, reader->libpng.info, &n, &compression, &p, &len)) return false;
  *name = n;
  *profile = p;
  *length = len;
  return true;
}

bool CCodecShims_png_get_exif(CCodecShims_png_reader *reader, const uint8_t **data, uint32_t *length) {
  png_bytep p = NULL;
  png_uint_32 len = 0;
  if (!png_get_eXIf_1(reader->libpng.png, reader->libpng.info, &len, &p) || !p) return false;
  *data = p;
  *length = len;
  return true;
}

int32_t CCodecShims_png_get_text_count(CCodecShims_png_reader *reader) {
  png_textp texts = NULL;
  int count = 0;
  png_get_text(reader->libpng.png, reader->libpng.info, &texts, &count);
  return count;
}

bool CCodecShims_png_get_text(CCodecShims_png_reader *reader, int32_t index, const char **key, const char **text,
                              size_t *length, CCodecShims_png_text_kind *kind) {
  png_textp texts = NULL;
  int count = 0;
  png_get_text(reader->libpng.png, reader->libpng.info, &texts, &count);
  if (index < 0 || index >= count) return false;
  png_textp t = &texts[index];
  *key = t->key;
  *text = t->text ? t->text : "";
  *length = t->compression >= PNG_ITXT_COMPRESSION_NONE ? t->itxt_length : t->text_length;
  if (!t->text) *length = 0;
  *kind = t->compression == PNG_TEXT_COMPRESSION_NONE   ? CCodecShims_png_text_tEXt
          : t->compression == PNG_TEXT_COMPRESSION_zTXt ? CCodecShims_png_text_zTXt
                                                        : CCodecShims_png_text_iTXt;
  return true;
}

bool CCodecShims_png_get_phys(CCodecShims_png_reader *reader, uint32_t *x, uint32_t *y,
                              CCodecShims_png_phys_unit *unit) {
  png_uint_32 px = 0, py = 0;
  int u = 0;
  if (!png_get_pHYs(reader->libpng.png, reader->libpng.info, &px, &py, &u)) return false;
  *x = px;
  *y = py;
  *unit = u == PNG_RESOLUTION_METER ? CCodecShims_png_phys_metre : CCodecShims_png_phys_unknown;
  return true;
}

bool CCodecShims_png_get_srgb(CCodecShims_png_reader *reader, int32_t *intent) {
  int value = 0;
  if (!png_get_sRGB(reader->libpng.png, reader->libpng.info, &value)) return false;
  *intent = value;
  return true;
}

bool CCodecShims_png_get_gama(CCodecShims_png_reader *reader, int32_t *gamma) {
  png_fixed_point g = 0;
  if (!png_get_gAMA_fixed(reader->libpng.png, reader->libpng.info, &g)) return false;
  *gamma = g;
  return true;
}

bool CCodecShims_png_get_chrm(CCodecShims_png_reader *reader, int32_t values[8]) {
  png_fixed_point v[8];
  png_structp png = reader->libpng.png;
  if (!png_get_cHRM_fixed(png, reader->libpng.info, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7])) {
    return false;
  }
  for (int i = 0; i < 8; i++) values[i] = v[i];
  return true;
}

// MARK: - Writing

struct CCodecShims_png_writer {
  CCodecShims_png_handle libpng;  // first: CCodecShims_png_owner_create and _free rely on it
  CCodecShims_png_sink sink;
  void *sink_context;
  CCodecShims_png_idat idat;
  uLong adler;          // with bands: the Adler-32 of all bands so far
  int zlib_level_flag;  // with bands: FLEVEL of the zlib header, from the compression level
};
_Static_assert(offsetof(struct CCodecShims_png_writer, libpng) == 0, "the handle comes first");

static void CCodecShims_png_write_to_sink(png_structp png, png_bytep data, size_t length) {
  CCodecShims_png_writer *writer = (CCodecShims_png_writer *)png_get_io_ptr(png);
  if (!writer->sink(writer->sink_context, data, length)) png_error(png, "the output could not be written");
}

static void CCodecShims_png_flush(png_structp png) { (void)png; }

CCodecShims_png_writer *CCodecShims_png_writer_create(CCodecShims_png_sink sink, void *sink_context) {
  CCodecShims_png_writer *writer = CCodecShims_png_owner_create(sizeof(CCodecShims_png_writer), true);
  if (!writer) return NULL;
  writer->sink = sink;
  writer->sink_context = sink_context;
  return writer;
}

void CCodecShims_png_writer_free(CCodecShims_png_writer *writer) { CCodecShims_png_owner_free(writer, true); }

const char *CCodecShims_png_writer_message(const CCodecShims_png_writer *writer) {
  return writer->libpng.error.message;
}

// Sets every ancillary chunk of `meta` (libpng copies what it is given).
static void CCodecShims_png_apply_meta(png_structp png, png_infop info, const CCodecShims_png_write_meta *meta) {
  // A profile libpng rejects (malformed, or RGB on a gray image) is dropped with a warning
  // instead of failing the whole write: the pixels matter more than a quirky profile.
  png_set_benign_errors(png, 1);
  if (!meta) return;
  if (meta->icc.data && meta->icc.length) {
    png_set_iCCP(png, info, meta->icc_name ? meta->icc_name : "ICC profile", PNG_COMPRESSION_TYPE_BASE,
                 meta->icc.data, meta->icc.length);
  }
  if (meta->srgb_intent >= 0) png_set_sRGB(png, info, meta->srgb_intent);
  if (meta->gamma > 0) png_set_gAMA_fixed(png, info, meta->gamma);
  if (meta->has_chrm) {
    const int32_t *c = meta->chrm;
    png_set_cHRM_fixed(png, info, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]);
  }
  if (meta->has_phys) {
    int unit = meta->phys_unit == CCodecShims_png_phys_metre ? PNG_RESOLUTION_METER : PNG_RESOLUTION_UNKNOWN;
    png_set_pHYs(png, info, meta->phys_x, meta->phys_y, unit);
  }
  if (meta->exif.data && meta->exif.length) png_set_eXIf_1(png, info, meta->exif.length, (png_bytep)meta->exif.data);
  if (meta->text_count > 0) {
    png_textp texts = calloc((size_t)meta->text_count, sizeof(png_text));
    if (!texts) png_error(png, "out of memory");
    for (int i = 0; i < meta->text_count; i++) {
      const CCodecShims_png_text *t = &meta->texts[i];
      texts[i].key = (png_charp)t->key;
      texts[i].text = (png_charp)t->text;
      texts[i].text_length = strlen(t->text);
      texts[i].compression = t->kind == CCodecShims_png_text_tEXt   ? PNG_TEXT_COMPRESSION_NONE
                             : t->kind == CCodecShims_png_text_zTXt ? PNG_TEXT_COMPRESSION_zTXt
                                                                    : PNG_ITXT_COMPRESSION_NONE;
    }
    png_set_text(png, info, texts, meta->text_count);  // copies; a failure here leaks only this array
    free(texts);
  }
}

CCodecShims_status CCodecShims_png_writer_begin(CCodecShims_png_writer *writer, const CCodecShims_png_layout *layout,
                                                const CCodecShims_png_write_meta *meta) {
  static const int color_types[5] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB,
                                     PNG_COLOR_TYPE_RGB_ALPHA};
  png_structp png = writer->libpng.png;
  png_infop info = writer->libpng.info;
  if (layout->channels < 1 || layout->channels > 4 || (layout->bit_depth != 8 && layout->bit_depth != 16)) {
    char *message = writer->libpng.error.message;
    snprintf(message, sizeof(writer->libpng.error.message), "unsupported layout: %d channels at %d bits",
             (int)layout->channels, (int)layout->bit_depth);
    return CCodecShims_status_failed;
  }
  if (setjmp(writer->libpng.error.jump)) return CCodecShims_status_failed;
  writer->idat = layout->idat;
  png_set_write_fn(png, writer, CCodecShims_png_write_to_sink, CCodecShims_png_flush);
  if (layout->idat == CCodecShims_png_idat_rows) {
    png_set_compression_level(png, layout->level);
    png_set_compression_strategy(png, layout->strategy);
    png_set_compression_mem_level(png, 9);
    png_set_compression_buffer_size(png, 1 << 18);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_ALL_FILTERS);  // adaptive, per row
  }
  png_set_IHDR(png, info, layout->width, layout->height, layout->bit_depth, color_types[layout->channels],
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  CCodecShims_png_apply_meta(png, info, meta);
  png_write_info(png, info);
  if (layout->idat == CCodecShims_png_idat_rows) {
    if (layout->bit_depth == 16 && CCodecShims_png_is_little_endian()) png_set_swap(png);
  } else {
    writer->adler = adler32(0L, Z_NULL, 0);
    int level = layout->level;
    writer->zlib_level_flag = level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3;
  }
  return CCodecShims_status_ok;
}

CCodecShims_status CCodecShims_png_writer_write_row(CCodecShims_png_writer *writer, const uint8_t *row) {
  if (setjmp(writer->libpng.error.jump)) return CCodecShims_status_failed;
  if (writer->idat != CCodecShims_png_idat_rows) png_error(writer->libpng.png, "rows given to a writer of bands");
  png_write_row(writer->libpng.png, (png_const_bytep)row);
  return CCodecShims_status_ok;
}

CCodecShims_status CCodecShims_png_writer_write_band(CCodecShims_png_writer *writer, const CCodecShims_png_band *band,
                                                     bool is_first, bool is_last) {
  png_structp png = writer->libpng.png;
  if (setjmp(writer->libpng.error.jump)) return CCodecShims_status_failed;
  if (writer->idat != CCodecShims_png_idat_bands) png_error(png, "a band given to a writer of rows");
  size_t length = 0;
  size_t raw_length = 0;
  const uint8_t *data = CCodecShims_png_band_data(band, &length);
  uint32_t band_adler = CCodecShims_png_band_adler(band, &raw_length);
  if (length + 6 > 0x7FFFFFFF) png_error(png, "a band is too large for one IDAT chunk");
  writer->adler = adler32_combine(writer->adler, band_adler, (z_off_t)raw_length);
  size_t extra = (is_first ? 2 : 0) + (is_last ? 4 : 0);
  png_write_chunk_start(png, (png_const_bytep) "IDAT", (png_uint_32)(length + extra));
  if (is_first) {
    // The zlib header: CM 8, window 32K, FLEVEL; FCHECK makes it a multiple of 31.
    unsigned header = 0x7800 | (unsigned)(writer->zlib_level_flag << 6);
    header += 31 - header % 31;
    uint8_t zhead[2] = {(uint8_t)(header >> 8), (uint8_t)(header & 0xFF)};
    png_write_chunk_data(png, zhead, 2);
  }
  png_write_chunk_data(png, data, length);
  if (is_last) {
    uLong a = writer->adler;
    uint8_t ztail[4] = {(uint8_t)(a >> 24), (uint8_t)(a >> 16), (uint8_t)(a >> 8), (uint8_t)a};
    png_write_chunk_data(png, ztail, 4);
  }
  png_write_chunk_end(png);
  return CCodecShims_status_ok;
}

CCodecShims_status CCodecShims_png_writer_end(CCodecShims_png_writer *writer) {
  if (setjmp(writer->libpng.error.jump)) return CCodecShims_status_failed;
  if (writer->idat == CCodecShims_png_idat_rows) {
    png_write_end(writer->libpng.png, writer->libpng.info);
  } else {
    png_write_chunk(writer->libpng.png, (png_const_bytep) "IEND", NULL, 0);
  }
  return CCodecShims_status_ok;
}
