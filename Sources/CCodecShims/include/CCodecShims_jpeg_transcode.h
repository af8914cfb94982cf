// libjpeg(-turbo) at the level of DCT coefficients, under setjmp (jpeg_transcode.c; why it is C:
// see CCodecShims.h): read a JPEG's blocks without decoding pixels, and write a JPEG whose blocks
// are the original's except the ones a removal changed, which are encoded from new pixels with
// the original's sampling and quantisation tables. Blocks are 64 coefficients in natural
// (row-major, not zigzag) order, blocks row-major over a component's block grid.
#ifndef CCODECSHIMS_JPEG_TRANSCODE_H
#define CCODECSHIMS_JPEG_TRANSCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "CCodecShims_jpeg.h"
#include "CCodecShims_types.h"

/// A JPEG read as coefficients (jpeg_decompress_struct after jpeg_read_coefficients).
typedef struct CCodecShims_jpeg_transcoder CCodecShims_jpeg_transcoder;

/// One component's sampling and block grid.
typedef struct {
  int32_t h_samp_factor;
  int32_t v_samp_factor;
  /// The blocks that hold picture samples (the arrays are padded to whole MCUs beyond these).
  uint32_t width_in_blocks;
  uint32_t height_in_blocks;
} CCodecShims_jpeg_component;

/// What the file is made of.
typedef struct {
  uint32_t width;
  uint32_t height;
  int32_t components;
  CCodecShims_jpeg_color_family color_family;
  CCodecShims_jpeg_component component[4];
  bool progressive;
  bool arithmetic;
  uint32_t restart_interval;
} CCodecShims_jpeg_layout;

/// A transcoder. NULL when out of memory.
CCodecShims_jpeg_transcoder *CCodecShims_jpeg_transcoder_create(void);
/// Frees the transcoder (NULL is allowed).
void CCodecShims_jpeg_transcoder_free(CCodecShims_jpeg_transcoder *transcoder);
/// The message of the last failure.
const char *CCodecShims_jpeg_transcoder_message(const CCodecShims_jpeg_transcoder *transcoder);
/// jpeg_mem_src, save every APPn and COM marker, jpeg_read_header: fills the layout's width,
/// height, components and colour family. The data must outlive the transcoder.
CCodecShims_status CCodecShims_jpeg_transcoder_read_header(CCodecShims_jpeg_transcoder *transcoder,
                                                           const uint8_t *data, size_t length,
                                                           CCodecShims_jpeg_layout *layout);
/// jpeg_read_coefficients (the whole file's blocks in memory): fills the rest of the layout.
/// Files of more than 4 components are refused.
CCodecShims_status CCodecShims_jpeg_transcoder_read_coefficients(CCodecShims_jpeg_transcoder *transcoder,
                                                                 CCodecShims_jpeg_layout *layout);
/// Copies component `index`'s blocks (width_in_blocks x height_in_blocks of them, 64 each) to
/// `blocks`.
CCodecShims_status CCodecShims_jpeg_transcoder_copy_blocks(CCodecShims_jpeg_transcoder *transcoder, int32_t index,
                                                           int16_t *blocks);
/// The 64 quantisation values (natural order) of component `index`'s table.
CCodecShims_status CCodecShims_jpeg_transcoder_quantization(CCodecShims_jpeg_transcoder *transcoder, int32_t index,
                                                            uint16_t *values);
/// Encodes `pixels` (8-bit gray or RGB rows, tightly packed: the stored picture's rectangle at
/// x, y of width x height, x and y multiples of the MCU size, the rectangle whole MCUs or
/// reaching the picture's edge) with the file's colour space, sampling factors and quantisation
/// tables (integer DCT); copies the blocks that `touched[c]` flags (one byte per block of the
/// component's grid, nonzero = replace) and that the rectangle covers over the file's; writes the
/// result: the file's APPn and COM markers verbatim and in order, its restart interval, its
/// arithmetic coding if it had it, else standard Huffman tables (baseline) or libjpeg's optimised
/// ones (progressive, simple progression, when the file was). On success *output is malloc'ed
/// (free() it). `stop` (may be NULL) is asked for every row of the rectangle's encode and every
/// row of blocks written; when it says stop the call returns `CCodecShims_status_stopped`.
CCodecShims_status CCodecShims_jpeg_transcoder_splice(CCodecShims_jpeg_transcoder *transcoder, const uint8_t *pixels,
                                                      uint32_t x, uint32_t y, uint32_t width, uint32_t height,
                                                      int32_t pixel_components, const uint8_t *const *touched,
                                                      uint8_t **output, unsigned long *output_length,
                                                      CCodecShims_stop_function stop);

#endif
