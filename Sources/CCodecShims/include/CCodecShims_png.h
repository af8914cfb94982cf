// libpng under setjmp (png_setjmp.c; why it is C: see CCodecShims.h). Rows are row-major, top
// row first; 16-bit samples are in host order on both sides (libpng swaps them).
#ifndef CCODECSHIMS_PNG_H
#define CCODECSHIMS_PNG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "CCodecShims_png_bands.h"
#include "CCodecShims_types.h"

// MARK: - Chunk values

/// How a text chunk is stored.
typedef CCODECSHIMS_ENUM(CCodecShims_png_text_kind) {
  CCodecShims_png_text_tEXt = 0,  ///< tEXt: Latin-1, uncompressed.
  CCodecShims_png_text_zTXt = 1,  ///< zTXt: Latin-1, compressed.
  CCodecShims_png_text_iTXt = 2,  ///< iTXt: UTF-8, uncompressed.
} CCodecShims_png_text_kind;

/// The unit of a pHYs chunk.
typedef CCODECSHIMS_ENUM(CCodecShims_png_phys_unit) {
  CCodecShims_png_phys_unknown = 0,  ///< An aspect ratio only (PNG_RESOLUTION_UNKNOWN).
  CCodecShims_png_phys_metre = 1,  ///< Pixels per metre (PNG_RESOLUTION_METER).
} CCodecShims_png_phys_unit;

// MARK: - Reading

/// An in-flight PNG decode from memory (png_struct + png_info + the memory source).
typedef struct CCodecShims_png_reader CCodecShims_png_reader;

/// The image as it will be read, after deglare's transforms: palette and tRNS expanded to RGB(A)
/// or gray+alpha, gray below 8 bits expanded to 8, 16-bit kept.
typedef struct {
  uint32_t width;
  uint32_t height;
  /// 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA.
  int32_t channels;
  /// 8 or 16.
  int32_t bit_depth;
} CCodecShims_png_header;

/// A reader over `length` bytes at `data`, which must outlive it. NULL when out of memory.
CCodecShims_png_reader *CCodecShims_png_reader_create(const uint8_t *data, size_t length);
/// Frees the reader (NULL is allowed).
void CCodecShims_png_reader_free(CCodecShims_png_reader *reader);
/// The message of the last failure.
const char *CCodecShims_png_reader_message(const CCodecShims_png_reader *reader);
/// png_read_info, the transforms, png_read_update_info.
CCodecShims_status CCodecShims_png_read_header(CCodecShims_png_reader *reader, CCodecShims_png_header *header);
/// png_read_image into `rows` (height row pointers), then png_read_end.
CCodecShims_status CCodecShims_png_read_pixels(CCodecShims_png_reader *reader, uint8_t **rows,
                                               CCodecShims_stop_function stop);

// Metadata getters, after CCodecShims_png_read_pixels (so chunks after IDAT count); true when
// the chunk is present. The pointers stay valid while the reader lives.
bool CCodecShims_png_get_iccp(CCodecShims_png_reader *reader, const char **name, const uint8_t **profile,
                              uint32_t *length);
bool CCodecShims_png_get_exif(CCodecShims_png_reader *reader, const uint8_t **data, uint32_t *length);
int32_t CCodecShims_png_get_text_count(CCodecShims_png_reader *reader);
bool CCodecShims_png_get_text(CCodecShims_png_reader *reader, int32_t index, const char **key, const char **text,
                              size_t *length, CCodecShims_png_text_kind *kind);
bool CCodecShims_png_get_phys(CCodecShims_png_reader *reader, uint32_t *x, uint32_t *y,
                              CCodecShims_png_phys_unit *unit);
bool CCodecShims_png_get_srgb(CCodecShims_png_reader *reader, int32_t *intent);
/// gAMA as gamma * 100000.
bool CCodecShims_png_get_gama(CCodecShims_png_reader *reader, int32_t *gamma);
/// cHRM as eight values * 100000: white x, y, red x, y, green x, y, blue x, y.
bool CCodecShims_png_get_chrm(CCodecShims_png_reader *reader, int32_t values[8]);

// MARK: - Writing

/// One text chunk to write.
typedef struct {
  const char *key;
  const char *text;
  CCodecShims_png_text_kind kind;
} CCodecShims_png_text;

/// Ancillary chunks to write; a NULL pointer, a zero length or a false flag means "absent".
typedef struct {
  /// The iCCP profile name (NULL: "ICC profile").
  const char *icc_name;
  CCodecShims_bytes icc;
  /// eXIf: the TIFF structure.
  CCodecShims_bytes exif;
  const CCodecShims_png_text *texts;
  int32_t text_count;
  bool has_phys;
  uint32_t phys_x;
  uint32_t phys_y;
  CCodecShims_png_phys_unit phys_unit;
  /// -1 absent, else the rendering intent 0...3.
  int32_t srgb_intent;
  /// 0 absent, else gamma * 100000.
  int32_t gamma;
  bool has_chrm;
  int32_t chrm[8];
} CCodecShims_png_write_meta;

/// What the writer is given for the image data.
typedef CCODECSHIMS_ENUM(CCodecShims_png_idat) {
  CCodecShims_png_idat_rows = 0,  ///< Rows (write_row), filtered and deflated by libpng.
  CCodecShims_png_idat_bands = 1,  ///< Finished bands (CCodecShims_png_writer_write_band), see CCodecShims_png_bands.h.
} CCodecShims_png_idat;

/// The layout and compression of the PNG to write.
typedef struct {
  uint32_t width;
  uint32_t height;
  /// 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA.
  int32_t channels;
  /// 8 or 16.
  int32_t bit_depth;
  CCodecShims_png_idat idat;
  /// zlib level 0...9 (with bands: only recorded in the zlib header).
  int32_t level;
  /// zlib strategy (rows only; bands choose theirs in CCodecShims_png_band_create).
  CCodecShims_png_strategy strategy;
} CCodecShims_png_layout;

/// Receives encoded bytes; returns false to abort the encode.
typedef bool (*CCodecShims_png_sink)(void *context, const uint8_t *data, size_t length);

/// A PNG being written: the header and metadata chunks first, then the rows or the bands in
/// order, then the end, streamed to the sink as they are ready.
typedef struct CCodecShims_png_writer CCodecShims_png_writer;

/// A writer streaming to `sink`. NULL when out of memory.
CCodecShims_png_writer *CCodecShims_png_writer_create(CCodecShims_png_sink sink, void *sink_context);
/// Frees the writer, finished or not (NULL is allowed).
void CCodecShims_png_writer_free(CCodecShims_png_writer *writer);
/// The message of the last failure.
const char *CCodecShims_png_writer_message(const CCodecShims_png_writer *writer);
/// Writes the signature, IHDR and the metadata chunks.
CCodecShims_status CCodecShims_png_writer_begin(CCodecShims_png_writer *writer, const CCodecShims_png_layout *layout,
                                                const CCodecShims_png_write_meta *meta);
/// With CCodecShims_png_idat_rows: the next row (width * channels samples).
CCodecShims_status CCodecShims_png_writer_write_row(CCodecShims_png_writer *writer, const uint8_t *row);
/// With CCodecShims_png_idat_bands: the next band as one IDAT chunk (the first band carries the
/// zlib header, the last the combined Adler-32).
CCodecShims_status CCodecShims_png_writer_write_band(CCodecShims_png_writer *writer, const CCodecShims_png_band *band,
                                                     bool is_first, bool is_last);
/// Ends the image data and writes IEND.
CCodecShims_status CCodecShims_png_writer_end(CCodecShims_png_writer *writer);

#endif
