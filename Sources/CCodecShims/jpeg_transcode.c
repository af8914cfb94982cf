// libjpeg(-turbo) coefficients under setjmp: see include/CCodecShims_jpeg_transcode.h for the
// functions and include/CCodecShims.h for why this file exists. The policy (which blocks change,
// which pixels they are encoded from) is decided in Swift (DeglareCodecs/JPEG); this file only
// moves blocks.
#include "CCodecShims_jpeg_transcode.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

#include "jpeg_error.h"

struct CCodecShims_jpeg_transcoder {
  CCodecShims_jpeg_decompressor base;  // first: CCodecShims_jpeg_decompressor_allocate relies on it
  jvirt_barray_ptr *coefficients;
};
_Static_assert(offsetof(struct CCodecShims_jpeg_transcoder, base) == 0, "the decompressor comes first");

CCodecShims_jpeg_transcoder *CCodecShims_jpeg_transcoder_create(void) {
  return CCodecShims_jpeg_decompressor_allocate(sizeof(CCodecShims_jpeg_transcoder));
}

void CCodecShims_jpeg_transcoder_free(CCodecShims_jpeg_transcoder *transcoder) { CCodecShims_jpeg_decompressor_free(transcoder); }

const char *CCodecShims_jpeg_transcoder_message(const CCodecShims_jpeg_transcoder *transcoder) {
  return transcoder->base.message;
}

CCodecShims_status CCodecShims_jpeg_transcoder_read_header(CCodecShims_jpeg_transcoder *transcoder,
                                                           const uint8_t *data, size_t length,
                                                           CCodecShims_jpeg_layout *layout) {
  struct jpeg_decompress_struct *source = &transcoder->base.cinfo;
  if (setjmp(transcoder->base.error.jump)) return CCodecShims_status_failed;
  jpeg_mem_src(source, data, (unsigned long)length);
  for (int marker = 0; marker < 16; marker++) jpeg_save_markers(source, JPEG_APP0 + marker, 0xFFFF);
  jpeg_save_markers(source, JPEG_COM, 0xFFFF);
  jpeg_read_header(source, TRUE);
  memset(layout, 0, sizeof(*layout));
  layout->width = source->image_width;
  layout->height = source->image_height;
  layout->components = source->num_components;
  layout->color_family = CCodecShims_jpeg_color_family_of(source->jpeg_color_space);
  return CCodecShims_status_ok;
}

CCodecShims_status CCodecShims_jpeg_transcoder_read_coefficients(CCodecShims_jpeg_transcoder *transcoder,
                                                                 CCodecShims_jpeg_layout *layout) {
  struct jpeg_decompress_struct *source = &transcoder->base.cinfo;
  if (setjmp(transcoder->base.error.jump)) return CCodecShims_status_failed;
  if (source->num_components > 4) {
    snprintf(transcoder->base.message, sizeof(transcoder->base.message), "%d components", source->num_components);
    return CCodecShims_status_failed;
  }
  transcoder->coefficients = jpeg_read_coefficients(source);
  for (int c = 0; c < source->num_components; c++) {
    jpeg_component_info *info = &source->comp_info[c];
    layout->component[c].h_samp_factor = info->h_samp_factor;
    layout->component[c].v_samp_factor = info->v_samp_factor;
    layout->component[c].width_in_blocks = info->width_in_blocks;
    layout->component[c].height_in_blocks = info->height_in_blocks;
  }
  layout->progressive = source->progressive_mode;
  layout->arithmetic = source->arith_code;
  layout->restart_interval = source->restart_interval;
  return CCodecShims_status_ok;
}

CCodecShims_status CCodecShims_jpeg_transcoder_copy_blocks(CCodecShims_jpeg_transcoder *transcoder, int32_t index,
                                                           int16_t *blocks) {
  struct jpeg_decompress_struct *source = &transcoder->base.cinfo;
  if (!transcoder->coefficients || index < 0 || index >= source->num_components) return CCodecShims_status_failed;
  if (setjmp(transcoder->base.error.jump)) return CCodecShims_status_failed;
  jpeg_component_info *info = &source->comp_info[index];
  for (JDIMENSION row = 0; row < info->height_in_blocks; row++) {
    JBLOCKARRAY rows = (*source->mem->access_virt_barray)((j_common_ptr)source, transcoder->coefficients[index],
                                                         row, 1, FALSE);
    memcpy(blocks + (size_t)row * info->width_in_blocks * DCTSIZE2, rows[0],
           (size_t)info->width_in_blocks * sizeof(JBLOCK));
  }
  return CCodecShims_status_ok;
}

CCodecShims_status CCodecShims_jpeg_transcoder_quantization(CCodecShims_jpeg_transcoder *transcoder, int32_t index,
                                                            uint16_t *values) {
  struct jpeg_decompress_struct *source = &transcoder->base.cinfo;
  if (!transcoder->coefficients || index < 0 || index >= source->num_components) return CCodecShims_status_failed;
  JQUANT_TBL *table = source->comp_info[index].quant_table;
  if (!table) return CCodecShims_status_failed;
  for (int k = 0; k < DCTSIZE2; k++) values[k] = table->quantval[k];
  return CCodecShims_status_ok;
}

// MARK: - Splicing

/// Encodes the rectangle's pixels with the source's colour space, sampling and tables into memory.
static void CCodecShims_jpeg_encode_like(struct jpeg_decompress_struct *source, j_compress_ptr sub,
                                         const uint8_t *pixels, uint32_t width, uint32_t height,
                                         int32_t pixel_components, CCodecShims_jpeg_memory_destination *destination,
                                         CCodecShims_jpeg_stop_monitor *monitor, CCodecShims_stop_function stop) {
  jpeg_create_compress(sub);
  CCodecShims_jpeg_stop_monitor_attach(monitor, sub, stop);
  CCodecShims_jpeg_memory_destination_attach(destination, sub);
  sub->image_width = width;
  sub->image_height = height;
  sub->input_components = pixel_components;
  sub->in_color_space = pixel_components == 1 ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_set_defaults(sub);
  jpeg_set_colorspace(sub, source->jpeg_color_space);
  if (sub->num_components != source->num_components) ERREXIT(sub, JERR_BAD_J_COLORSPACE);
  for (int t = 0; t < NUM_QUANT_TBLS; t++) {
    if (!source->quant_tbl_ptrs[t]) continue;
    if (!sub->quant_tbl_ptrs[t]) sub->quant_tbl_ptrs[t] = jpeg_alloc_quant_table((j_common_ptr)sub);
    memcpy(sub->quant_tbl_ptrs[t]->quantval, source->quant_tbl_ptrs[t]->quantval,
           sizeof(source->quant_tbl_ptrs[t]->quantval));
    sub->quant_tbl_ptrs[t]->sent_table = FALSE;
  }
  for (int c = 0; c < source->num_components; c++) {
    sub->comp_info[c].component_id = source->comp_info[c].component_id;
    sub->comp_info[c].h_samp_factor = source->comp_info[c].h_samp_factor;
    sub->comp_info[c].v_samp_factor = source->comp_info[c].v_samp_factor;
    sub->comp_info[c].quant_tbl_no = source->comp_info[c].quant_tbl_no;
  }
  sub->dct_method = JDCT_ISLOW;
  sub->write_JFIF_header = FALSE;
  sub->write_Adobe_marker = FALSE;
  jpeg_start_compress(sub, TRUE);
  size_t stride = (size_t)width * (size_t)pixel_components;
  while (sub->next_scanline < sub->image_height) {
    JSAMPROW row = (JSAMPROW)(pixels + (size_t)sub->next_scanline * stride);
    jpeg_write_scanlines(sub, &row, 1);
  }
  jpeg_finish_compress(sub);
}

/// Copies the flagged blocks of `replacement` (the rectangle's own grid, starting at block
/// column/row `origin`) over the source's.
static void CCodecShims_jpeg_copy_flagged(struct jpeg_decompress_struct *source, jvirt_barray_ptr *target,
                                          struct jpeg_decompress_struct *replacement, jvirt_barray_ptr *blocks,
                                          uint32_t x, uint32_t y, const uint8_t *const *touched) {
  for (int c = 0; c < source->num_components; c++) {
    jpeg_component_info *info = &source->comp_info[c];
    jpeg_component_info *sub = &replacement->comp_info[c];
    // x and y are whole MCUs, so they are whole blocks of every component.
    JDIMENSION column0 = x * info->h_samp_factor / (DCTSIZE * source->max_h_samp_factor);
    JDIMENSION row0 = y * info->v_samp_factor / (DCTSIZE * source->max_v_samp_factor);
    for (JDIMENSION row = 0; row < sub->height_in_blocks && row0 + row < info->height_in_blocks; row++) {
      const uint8_t *flags = touched[c] + (size_t)(row0 + row) * info->width_in_blocks;
      JBLOCKARRAY from = NULL;
      JBLOCKARRAY to = NULL;
      for (JDIMENSION column = 0; column < sub->width_in_blocks && column0 + column < info->width_in_blocks;
           column++) {
        if (!flags[column0 + column]) continue;
        if (!from) {
          from = (*replacement->mem->access_virt_barray)((j_common_ptr)replacement, blocks[c], row, 1, FALSE);
          to = (*source->mem->access_virt_barray)((j_common_ptr)source, target[c], row0 + row, 1, TRUE);
        }
        memcpy(to[0][column0 + column], from[0][column], sizeof(JBLOCK));
      }
    }
  }
}

CCodecShims_status CCodecShims_jpeg_transcoder_splice(CCodecShims_jpeg_transcoder *transcoder, const uint8_t *pixels,
                                                      uint32_t x, uint32_t y, uint32_t width, uint32_t height,
                                                      int32_t pixel_components, const uint8_t *const *touched,
                                                      uint8_t **output, unsigned long *output_length,
                                                      CCodecShims_stop_function stop) {
  struct jpeg_decompress_struct *source = &transcoder->base.cinfo;
  if (!transcoder->coefficients) return CCodecShims_status_failed;
  struct jpeg_compress_struct sub;
  struct jpeg_decompress_struct back;
  struct jpeg_compress_struct out;
  memset(&sub, 0, sizeof(sub));
  memset(&back, 0, sizeof(back));
  memset(&out, 0, sizeof(out));
  sub.err = &transcoder->base.error.pub;
  back.err = &transcoder->base.error.pub;
  out.err = &transcoder->base.error.pub;
  // Both destinations change after setjmp: they live on the heap, and their pointers do not change.
  CCodecShims_jpeg_memory_destination *encoded = CCodecShims_jpeg_memory_destination_allocate();
  CCodecShims_jpeg_memory_destination *result = CCodecShims_jpeg_memory_destination_allocate();
  if (!encoded || !result) {
    CCodecShims_jpeg_memory_destination_release(encoded);
    CCodecShims_jpeg_memory_destination_release(result);
    return CCodecShims_status_failed;
  }
  CCodecShims_jpeg_stop_monitor monitor;
  memset(&monitor, 0, sizeof(monitor));
  if (setjmp(transcoder->base.error.jump)) {
    jpeg_destroy_compress(&sub);
    jpeg_destroy_decompress(&back);
    jpeg_destroy_compress(&out);
    CCodecShims_jpeg_memory_destination_release(encoded);
    CCodecShims_jpeg_memory_destination_release(result);
    return monitor.stopped ? CCodecShims_status_stopped : CCodecShims_status_failed;
  }
  if (width > 0 && height > 0) {
    CCodecShims_jpeg_encode_like(source, &sub, pixels, width, height, pixel_components, encoded, &monitor, stop);
    jpeg_create_decompress(&back);
    jpeg_mem_src(&back, encoded->buffer, encoded->length);
    jpeg_read_header(&back, TRUE);
    jvirt_barray_ptr *blocks = jpeg_read_coefficients(&back);
    CCodecShims_jpeg_copy_flagged(source, transcoder->coefficients, &back, blocks, x, y, touched);
  }
  jpeg_create_compress(&out);
  // The Huffman coding of every block happens in jpeg_finish_compress, one row of blocks at a time.
  CCodecShims_jpeg_stop_monitor_attach(&monitor, &out, stop);
  CCodecShims_jpeg_memory_destination_attach(result, &out);
  jpeg_copy_critical_parameters(source, &out);
  out.write_JFIF_header = FALSE;  // the source's own APP0 and APP14 are copied below, verbatim
  out.write_Adobe_marker = FALSE;
  out.restart_interval = source->restart_interval;
  out.arith_code = source->arith_code;
  // Standard Huffman tables (libjpeg-turbo writes them fast; a progressive file gets optimised
  // tables anyway, as libjpeg requires).
  if (source->progressive_mode) jpeg_simple_progression(&out);
  jpeg_write_coefficients(&out, transcoder->coefficients);
  for (jpeg_saved_marker_ptr m = source->marker_list; m; m = m->next) {
    jpeg_write_marker(&out, m->marker, m->data, m->data_length);
  }
  jpeg_finish_compress(&out);
  jpeg_destroy_compress(&out);
  jpeg_destroy_decompress(&back);
  jpeg_destroy_compress(&sub);
  CCodecShims_jpeg_memory_destination_release(encoded);
  CCodecShims_jpeg_memory_destination_take(result, output, output_length);
  return CCodecShims_status_ok;
}
