// Why this C target exists: libpng and libjpeg report fatal errors by longjmp-ing out of the
// failing call (libpng aborts the process, libjpeg calls exit(1), when nobody set a jump buffer),
// and Swift cannot call setjmp. Every libpng/libjpeg call that can fail runs here, under a setjmp
// frame of its own, and comes back to Swift as a return code plus a message. Nothing else lives
// here: the Swift adapters in DeglareCodecs own all policy.
//
// Conventions: functions return 0 on success and 1 on failure; on failure the message is in the
// reader/decoder (cpng_reader_message, cjpeg_decoder_message) or in the caller's err buffer.
#ifndef CCODECSHIMS_H
#define CCODECSHIMS_H

#include <stddef.h>
#include <stdint.h>

// MARK: - PNG reading

/// An in-flight PNG decode from memory (png_struct + png_info + the memory source).
typedef struct cpng_reader cpng_reader;

/// What the header says, after deglare's transforms (palette and tRNS expanded to RGB/RGBA or
/// gray+alpha, gray below 8 bits expanded to 8, 16-bit kept and swapped to host order).
typedef struct {
  uint32_t width;
  uint32_t height;
  int channels;        // 1..4 after the transforms
  int bit_depth;       // 8 or 16 after the transforms
  int interlaced;      // Adam7 in the file
  int file_color_type; // PNG_COLOR_TYPE_* as stored
  int file_bit_depth;  // as stored
} cpng_header;

cpng_reader *cpng_reader_create(const uint8_t *data, size_t length);
void cpng_reader_destroy(cpng_reader *reader);
const char *cpng_reader_message(const cpng_reader *reader);
/// png_read_info, the transforms, png_read_update_info. 0 on success.
int cpng_read_header(cpng_reader *reader, cpng_header *header);
/// png_read_image into `rows` (height row pointers), then png_read_end. 0 on success.
int cpng_read_pixels(cpng_reader *reader, uint8_t **rows);

// Metadata getters (after cpng_read_pixels, so chunks after IDAT are included). 1 = present.
int cpng_get_iccp(cpng_reader *reader, const char **name, const uint8_t **profile, uint32_t *length);
int cpng_get_exif(cpng_reader *reader, const uint8_t **data, uint32_t *length);
int cpng_get_text_count(cpng_reader *reader);
/// kind: 0 tEXt, 1 zTXt, 2 iTXt.
int cpng_get_text(cpng_reader *reader, int index, const char **key, const char **text, size_t *length, int *kind);
int cpng_get_phys(cpng_reader *reader, uint32_t *x, uint32_t *y, int *unit);
int cpng_get_srgb(cpng_reader *reader, int *intent);
int cpng_get_gama(cpng_reader *reader, int32_t *gamma);
int cpng_get_chrm(cpng_reader *reader, int32_t values[8]);

// MARK: - PNG writing

/// One text chunk to write. kind: 0 tEXt, 1 zTXt, 2 iTXt (UTF-8).
typedef struct {
  const char *key;
  const char *text;
  int kind;
} cpng_text;

/// Ancillary chunks to write; a NULL pointer or zero flag means "absent".
typedef struct {
  const char *icc_name;
  const uint8_t *icc;
  uint32_t icc_length;
  const uint8_t *exif;
  uint32_t exif_length;
  const cpng_text *texts;
  int text_count;
  int has_phys;
  uint32_t phys_x;
  uint32_t phys_y;
  int phys_unit;       // 0 unknown, 1 metre
  int srgb_intent;     // -1 absent
  int32_t gamma;       // 0 absent (gamma * 100000)
  int has_chrm;
  int32_t chrm[8];
} cpng_write_meta;

/// The rows of an image to encode: `pixels` (height rows of `stride` bytes), except the
/// rectangle at (overlay_x, overlay_y) of overlay_width x overlay_height pixels, whose bytes come
/// from `overlay` (tightly packed rows of overlay_width pixels). The overlay lets a result be
/// written as "original plus the repainted crop" without copying the image.
typedef struct {
  const uint8_t *pixels;
  size_t stride;
  size_t bytes_per_pixel;
  const uint8_t *overlay;
  uint32_t overlay_x;
  uint32_t overlay_y;
  uint32_t overlay_width;
  uint32_t overlay_height;
} cpng_rows;

/// Receives encoded bytes; returns 0 to continue, non-zero to abort the encode.
typedef int (*cpng_sink)(void *context, const uint8_t *data, size_t length);

/// Encodes one image from `rows`; 16-bit samples are in host order. `filters` is a PNG_FILTER_* mask (0 = libpng's default adaptive choice).
int cpng_write(uint32_t width, uint32_t height, int channels, int bit_depth,
               const cpng_rows *rows, const cpng_write_meta *meta,
               int level, int strategy, int filters,
               cpng_sink sink, void *sink_context, char *err, size_t err_length);

// MARK: - PNG writing in parallel (pigz-style)
//
// libpng compresses IDAT on one thread. For the fast setting deglare filters rows itself and
// deflates independent horizontal bands on several threads: every band is a raw deflate stream
// ending on a byte boundary (Z_SYNC_FLUSH; the last one Z_FINISH), so the concatenation, after a
// zlib header and before the combined Adler-32, is one valid zlib stream. libpng still writes the
// signature, IHDR, every ancillary chunk and IEND.

/// One compressed band of rows.
typedef struct {
  uint8_t *data;        // malloc'ed; free with cpng_band_free
  size_t length;
  uint32_t adler;       // Adler-32 of the band's filtered bytes (starting value 1)
  size_t raw_length;    // number of filtered bytes
} cpng_band;

/// Filters rows [first_row, first_row + row_count) with `filter` (PNG filter type 0-4) and
/// deflates them as a raw stream. 16-bit samples are host order and are written big-endian.
int cpng_deflate_band(const cpng_rows *rows, uint32_t width, uint32_t first_row, uint32_t row_count,
                      int channels, int bit_depth, int filter, int level, int strategy, int is_last,
                      cpng_band *band, char *err, size_t err_length);
void cpng_band_free(cpng_band *band);

/// A PNG being written band by band: the header first, then each band's IDAT as soon as it is
/// ready (in order), then IEND, so only the bands in flight are ever held in memory.
typedef struct cpng_band_writer cpng_band_writer;

/// Writes the signature, IHDR and metadata chunks. NULL on failure (message in err).
cpng_band_writer *cpng_bands_begin(uint32_t width, uint32_t height, int channels, int bit_depth,
                                   const cpng_write_meta *meta, int level, cpng_sink sink, void *sink_context,
                                   char *err, size_t err_length);
/// Writes one band as an IDAT chunk (the first carries the zlib header, the last the Adler-32).
int cpng_bands_write(cpng_band_writer *writer, const cpng_band *band, int is_first, int is_last);
/// Writes IEND. 0 on success.
int cpng_bands_end(cpng_band_writer *writer);
/// The message of the last failure.
const char *cpng_bands_message(const cpng_band_writer *writer);
/// Frees the writer (after end, or to abandon it).
void cpng_bands_free(cpng_band_writer *writer);

/// PNG_FILTER_* values, re-exported because the macros are not importable as one mask.
extern const int CPNG_FILTER_NONE;
extern const int CPNG_FILTER_SUB;
extern const int CPNG_FILTER_UP;
extern const int CPNG_FILTER_PAETH;
extern const int CPNG_FILTER_ALL;

// MARK: - JPEG reading

/// An in-flight JPEG decode from memory (jpeg_decompress_struct + error manager).
typedef struct cjpeg_decoder cjpeg_decoder;

typedef struct {
  uint32_t width;
  uint32_t height;
  int components;
  int color_family;    // 0 gray, 1 YCbCr/RGB, 2 CMYK/YCCK, 3 other
  int progressive;
  int saw_jfif;
  int density_unit;    // JFIF: 0 none, 1 dpi, 2 dpcm
  int x_density;
  int y_density;
} cjpeg_header;

cjpeg_decoder *cjpeg_decoder_create(void);
void cjpeg_decoder_destroy(cjpeg_decoder *decoder);
const char *cjpeg_decoder_message(const cjpeg_decoder *decoder);
/// jpeg_mem_src, save APP1/APP2 markers, jpeg_read_header. The data must outlive the decoder.
int cjpeg_read_header(cjpeg_decoder *decoder, const uint8_t *data, size_t length, cjpeg_header *header);
/// Saved APP markers in file order: code is 0xE1 etc.
int cjpeg_marker_count(cjpeg_decoder *decoder);
int cjpeg_marker(cjpeg_decoder *decoder, int index, int *code, const uint8_t **data, unsigned *length);
/// jpeg_read_icc_profile; on 1 (found) the caller frees *profile with free().
int cjpeg_read_icc(cjpeg_decoder *decoder, uint8_t **profile, unsigned *length);
/// jpeg_start_decompress with libjpeg's defaults (accurate integer IDCT, fancy upsampling).
int cjpeg_start(cjpeg_decoder *decoder, int gray, uint32_t *width, uint32_t *height, int *components);
/// Reads up to `count` scanlines into `rows`; *read gets the number read.
int cjpeg_read_rows(cjpeg_decoder *decoder, uint8_t **rows, unsigned count, unsigned *read);
/// jpeg_finish_decompress.
int cjpeg_finish(cjpeg_decoder *decoder);

// MARK: - JPEG writing

typedef struct {
  const uint8_t *icc;
  unsigned icc_length;
  const uint8_t *exif;   // TIFF structure, without "Exif\0\0"
  unsigned exif_length;
  const uint8_t *xmp;    // packet, without the namespace prefix
  unsigned xmp_length;
  int density_unit;      // -1: keep libjpeg's default
  int x_density;
  int y_density;
} cjpeg_write_meta;

/// Encodes 8-bit gray (components 1) or RGB (3). On success *output is malloc'ed (free() it).
int cjpeg_encode(uint32_t width, uint32_t height, int components, const uint8_t *pixels,
                 size_t stride, int quality, int chroma_444, int progressive,
                 const cjpeg_write_meta *meta, uint8_t **output, unsigned long *output_length,
                 char *err, size_t err_length);

#endif
