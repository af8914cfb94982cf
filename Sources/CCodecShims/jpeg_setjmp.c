// libjpeg(-turbo) under setjmp: see include/CCodecShims.h for why this file exists and
// include/CCodecShims_jpeg.h for the functions.
// Decoding keeps libjpeg's defaults (JDCT_ISLOW, fancy upsampling) so pixels match djpeg and
// Pillow. libjpeg only *warns* about corrupt or truncated data and fills the rest with grey; the
// warnings that mean "the picture is not all there" are turned into errors (jpeg_error.c).
#include "CCodecShims_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#include "jpeg_error.h"

// MARK: - Decoding

struct CCodecShims_jpeg_decoder {
  CCodecShims_jpeg_decompressor base;  // first: CCodecShims_jpeg_decompressor_allocate relies on it
};
_Static_assert(offsetof(struct CCodecShims_jpeg_decoder, base) == 0, "the decompressor comes first");

CCodecShims_jpeg_decoder *CCodecShims_jpeg_decoder_create(void) {
  return CCodecShims_jpeg_decompressor_allocate(sizeof(CCodecShims_jpeg_decoder));
}

void CCodecShims_jpeg_decoder_free(CCodecShims_jpeg_decoder *decoder) { CCodecShims_jpeg_decompressor_free(decoder); }

const char *CCodecShims_jpeg_decoder_message(const CCodecShims_jpeg_decoder *decoder) { return decoder->base.message; }

CCodecShims_status CCodecShims_jpeg_read_header(CCodecShims_jpeg_decoder *decoder, const uint8_t *data, size_t length,
                                                CCodecShims_jpeg_header *header) {
  struct jpeg_decompress_struct *cinfo = &decoder->base.cinfo;
  if (setjmp(decoder->base.error.jump)) return CCodecShims_status_failed;
  jpeg_mem_src(cinfo, data, (unsigned long)length);
  jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);
  jpeg_save_markers(cinfo, JPEG_APP0 + 2, 0xFFFF);
  jpeg_read_header(cinfo, TRUE);
  header->width = cinfo->image_width;
  header->height = cinfo->image_height;
  header->components = cinfo->num_components;
  header->color_family = CCodecShims_jpeg_color_family_of(cinfo->jpeg_color_space);
  header->saw_jfif = cinfo->saw_JFIF_marker;
  switch (cinfo->density_unit) {
  case 1: header->density_unit = CCodecShims_jpeg_density_inch; break;
  case 2: header->density_unit = CCodecShims_jpeg_density_centimetre; break;
  default: header->density_unit = CCodecShims_jpeg_density_aspect; break;
  }
  header->x_density = cinfo->X_density;
  header->y_density = cinfo->Y_density;
  return CCodecShims_status_ok;
}

int32_t CCodecShims_jpeg_marker_count(CCodecShims_jpeg_decoder *decoder) {
  int32_t count = 0;
  for (jpeg_saved_marker_ptr m = decoder->base.cinfo.marker_list; m; m = m->next) count++;
  return count;
}

bool CCodecShims_jpeg_marker(CCodecShims_jpeg_decoder *decoder, int32_t index, int32_t *code, const uint8_t **data,
                             uint32_t *length) {
  int32_t i = 0;
  for (jpeg_saved_marker_ptr m = decoder->base.cinfo.marker_list; m; m = m->next, i++) {
    if (i == index) {
      *code = m->marker;
      *data = m->data;
      *length = m->data_length;
      return true;
    }
  }
  return false;
}

bool CCodecShims_jpeg_read_icc(CCodecShims_jpeg_decoder *decoder, uint8_t **profile, uint32_t *length) {
  JOCTET *icc = NULL;
  unsigned int len = 0;
  if (setjmp(decoder->base.error.jump)) return false;
  if (!jpeg_read_icc_profile(&decoder->base.cinfo, &icc, &len) || !icc) return false;
  *profile = icc;
  *length = len;
  return true;
}

CCodecShims_status CCodecShims_jpeg_start(CCodecShims_jpeg_decoder *decoder, bool gray, uint32_t *width,
                                          uint32_t *height, int32_t *components) {
  struct jpeg_decompress_struct *cinfo = &decoder->base.cinfo;
  if (setjmp(decoder->base.error.jump)) return CCodecShims_status_failed;
  cinfo->out_color_space = gray ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_start_decompress(cinfo);
  *width = cinfo->output_width;
  *height = cinfo->output_height;
  *components = cinfo->output_components;
  return CCodecShims_status_ok;
}

CCodecShims_status CCodecShims_jpeg_read_rows(CCodecShims_jpeg_decoder *decoder, uint8_t **rows, uint32_t count,
                                              uint32_t *read) {
  struct jpeg_decompress_struct *cinfo = &decoder->base.cinfo;
  volatile uint32_t done = 0;  // volatile: changed after setjmp
  if (setjmp(decoder->base.error.jump)) {
    *read = done;
    return CCodecShims_status_failed;
  }
  while (done < count && cinfo->output_scanline < cinfo->output_height) {
    done += jpeg_read_scanlines(cinfo, rows + done, count - done);
  }
  *read = done;
  return CCodecShims_status_ok;
}

CCodecShims_status CCodecShims_jpeg_finish(CCodecShims_jpeg_decoder *decoder) {
  if (setjmp(decoder->base.error.jump)) return CCodecShims_status_failed;
  jpeg_finish_decompress(&decoder->base.cinfo);
  return CCodecShims_status_ok;
}

// MARK: - Encoding

static const char CCodecShims_jpeg_exif_prefix[6] = {'E', 'x', 'i', 'f', 0, 0};
static const char CCodecShims_jpeg_xmp_prefix[] = "http://ns.adobe.com/xap/1.0/";  // written with its NUL

static void CCodecShims_jpeg_write_app1(j_compress_ptr cinfo, const char *prefix, unsigned prefix_length,
                                        CCodecShims_bytes payload) {
  if (prefix_length + payload.length > 65533) return;  // does not fit one segment: dropped
  jpeg_write_m_header(cinfo, JPEG_APP0 + 1, prefix_length + payload.length);
  for (unsigned i = 0; i < prefix_length; i++) jpeg_write_m_byte(cinfo, (unsigned char)prefix[i]);
  for (uint32_t i = 0; i < payload.length; i++) jpeg_write_m_byte(cinfo, payload.data[i]);
}

CCodecShims_status CCodecShims_jpeg_encode(uint32_t width, uint32_t height, int32_t components, const uint8_t *pixels,
                                           size_t stride, const CCodecShims_jpeg_options *options,
                                           const CCodecShims_jpeg_write_meta *meta, uint8_t **output,
                                           unsigned long *output_length, char *err, size_t err_length) {
  struct jpeg_compress_struct cinfo;
  CCodecShims_jpeg_error_state error;
  memset(&cinfo, 0, sizeof(cinfo));
  memset(&error, 0, sizeof(error));
  CCodecShims_jpeg_error_setup(&error, err, err_length);
  CCodecShims_jpeg_memory_destination *destination = CCodecShims_jpeg_memory_destination_allocate();
  if (!destination) return CCodecShims_status_failed;
  CCodecShims_jpeg_stop_monitor monitor;
  memset(&monitor, 0, sizeof(monitor));
  cinfo.err = &error.pub;
  if (setjmp(error.jump)) {
    jpeg_destroy_compress(&cinfo);
    CCodecShims_jpeg_memory_destination_release(destination);
    return monitor.stopped ? CCodecShims_status_stopped : CCodecShims_status_failed;
  }
  jpeg_create_compress(&cinfo);
  CCodecShims_jpeg_stop_monitor_attach(&monitor, &cinfo, options->stop);
  CCodecShims_jpeg_memory_destination_attach(destination, &cinfo);
  cinfo.image_width = width;
  cinfo.image_height = height;
  cinfo.input_components = components;
  cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, options->quality, TRUE);
  if (components == 3 && options->full_chroma) {
    for (int c = 0; c < 3; c++) {
      cinfo.comp_info[c].h_samp_factor = 1;
      cinfo.comp_info[c].v_samp_factor = 1;
    }
  }
  if (options->progressive) jpeg_simple_progression(&cinfo);
  if (meta && meta->has_density) {
    cinfo.density_unit = (UINT8)meta->density_unit;
    cinfo.X_density = (UINT16)meta->x_density;
    cinfo.Y_density = (UINT16)meta->y_density;
  }
  jpeg_start_compress(&cinfo, TRUE);
  if (meta) {
    if (meta->exif.data && meta->exif.length) {
      CCodecShims_jpeg_write_app1(&cinfo, CCodecShims_jpeg_exif_prefix, 6, meta->exif);
    }
    if (meta->icc.data && meta->icc.length) jpeg_write_icc_profile(&cinfo, meta->icc.data, meta->icc.length);
    if (meta->xmp.data && meta->xmp.length) {
      CCodecShims_jpeg_write_app1(&cinfo, CCodecShims_jpeg_xmp_prefix, sizeof(CCodecShims_jpeg_xmp_prefix), meta->xmp);
    }
  }
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  CCodecShims_jpeg_memory_destination_take(destination, output, output_length);
  return CCodecShims_status_ok;
}
