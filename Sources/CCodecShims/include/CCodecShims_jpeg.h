// libjpeg(-turbo) under setjmp (jpeg_setjmp.c; why it is C: see CCodecShims.h). Scanlines are
// row-major, top row first, 8-bit samples.
#ifndef CCODECSHIMS_JPEG_H
#define CCODECSHIMS_JPEG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "CCodecShims_types.h"

/// The colour space a JPEG is stored in, as deglare groups them.
typedef CCODECSHIMS_ENUM(CCodecShims_jpeg_color_family) {
  CCodecShims_jpeg_color_gray = 0,  ///< JCS_GRAYSCALE.
  CCodecShims_jpeg_color_rgb = 1,  ///< JCS_YCbCr or JCS_RGB: decoded to RGB.
  CCodecShims_jpeg_color_cmyk = 2,  ///< JCS_CMYK or JCS_YCCK (refused).
  CCodecShims_jpeg_color_other = 3,  ///< Anything else (refused).
} CCodecShims_jpeg_color_family;

/// The unit of the JFIF density.
typedef CCODECSHIMS_ENUM(CCodecShims_jpeg_density_unit) {
  CCodecShims_jpeg_density_aspect = 0,  ///< An aspect ratio only.
  CCodecShims_jpeg_density_inch = 1,  ///< Dots per inch.
  CCodecShims_jpeg_density_centimetre = 2,  ///< Dots per centimetre.
} CCodecShims_jpeg_density_unit;

// MARK: - Reading

/// An in-flight JPEG decode from memory (jpeg_decompress_struct + error manager).
typedef struct CCodecShims_jpeg_decoder CCodecShims_jpeg_decoder;

/// What the header says.
typedef struct {
  uint32_t width;
  uint32_t height;
  int32_t components;
  CCodecShims_jpeg_color_family color_family;
  /// Whether a JFIF marker was seen (the density fields are meaningful only then).
  bool saw_jfif;
  CCodecShims_jpeg_density_unit density_unit;
  int32_t x_density;
  int32_t y_density;
} CCodecShims_jpeg_header;

/// A decoder. NULL when out of memory.
CCodecShims_jpeg_decoder *CCodecShims_jpeg_decoder_create(void);
/// Frees the decoder (NULL is allowed).
void CCodecShims_jpeg_decoder_free(CCodecShims_jpeg_decoder *decoder);
/// The message of the last failure.
const char *CCodecShims_jpeg_decoder_message(const CCodecShims_jpeg_decoder *decoder);
/// jpeg_mem_src, save APP1/APP2 markers, jpeg_read_header. The data must outlive the decoder.
CCodecShims_status CCodecShims_jpeg_read_header(CCodecShims_jpeg_decoder *decoder, const uint8_t *data, size_t length,
                                                CCodecShims_jpeg_header *header);
/// The number of saved APP markers.
int32_t CCodecShims_jpeg_marker_count(CCodecShims_jpeg_decoder *decoder);
/// Saved APP marker `index` in file order: `code` is 0xE1 etc. False when there is no such marker.
bool CCodecShims_jpeg_marker(CCodecShims_jpeg_decoder *decoder, int32_t index, int32_t *code, const uint8_t **data,
                             uint32_t *length);
/// jpeg_read_icc_profile; when it returns true the caller frees *profile with free().
bool CCodecShims_jpeg_read_icc(CCodecShims_jpeg_decoder *decoder, uint8_t **profile, uint32_t *length);
/// jpeg_start_decompress to gray or RGB with libjpeg's defaults (accurate integer IDCT, fancy
/// upsampling); the output size and components come back.
CCodecShims_status CCodecShims_jpeg_start(CCodecShims_jpeg_decoder *decoder, bool gray, uint32_t *width,
                                          uint32_t *height, int32_t *components);
/// Reads up to `count` scanlines into `rows`; *read gets the number read.
CCodecShims_status CCodecShims_jpeg_read_rows(CCodecShims_jpeg_decoder *decoder, uint8_t **rows, uint32_t count,
                                              uint32_t *read);
/// jpeg_finish_decompress.
CCodecShims_status CCodecShims_jpeg_finish(CCodecShims_jpeg_decoder *decoder);

// MARK: - Writing

/// What to write besides the pixels.
typedef struct {
  /// The ICC profile (split over APP2 segments as needed).
  CCodecShims_bytes icc;
  /// The TIFF structure, without "Exif\0\0".
  CCodecShims_bytes exif;
  /// The packet, without the namespace prefix.
  CCodecShims_bytes xmp;
  /// Whether to write the density below (otherwise libjpeg's default, 1:1 without a unit).
  bool has_density;
  CCodecShims_jpeg_density_unit density_unit;
  int32_t x_density;
  int32_t y_density;
} CCodecShims_jpeg_write_meta;

/// How to compress.
typedef struct {
  /// libjpeg quality, 1...100.
  int32_t quality;
  /// 4:4:4 (no chroma subsampling) instead of libjpeg's 4:2:0.
  bool full_chroma;
  /// A progressive JPEG instead of a baseline one.
  bool progressive;
  /// Asked for every row compressed, and for every row of blocks of each later pass (a
  /// progressive JPEG's); may be NULL.
  CCodecShims_stop_function stop;
} CCodecShims_jpeg_options;

/// Encodes 8-bit gray (components 1) or RGB (3) rows of `stride` bytes. On success *output is
/// malloc'ed (free() it); on failure the message is in `err`; `CCodecShims_status_stopped` when
/// the options' stop function said stop (nothing is returned).
CCodecShims_status CCodecShims_jpeg_encode(uint32_t width, uint32_t height, int32_t components, const uint8_t *pixels,
                                           size_t stride, const CCodecShims_jpeg_options *options,
                                           const CCodecShims_jpeg_write_meta *meta, uint8_t **output,
                                           unsigned long *output_length, char *err, size_t err_length);

#endif
