// libjpeg(-turbo) under setjmp: see include/CCodecShims.h for why this file exists.
// Decoding keeps libjpeg's defaults (JDCT_ISLOW, fancy upsampling) so pixels match djpeg and
// Pillow. libjpeg only *warns* about corrupt or truncated data and fills the rest with grey; the
// warnings that mean "the picture is not all there" are turned into errors here.
#include "CCodecShims.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

typedef struct {
  struct jpeg_error_mgr pub;
  jmp_buf jump;
  char *message;
  size_t message_length;
} cjpeg_error_state;

static void cjpeg_on_error(j_common_ptr cinfo) {
  cjpeg_error_state *state = (cjpeg_error_state *)cinfo->err;
  char text[JMSG_LENGTH_MAX];
  (*cinfo->err->format_message)(cinfo, text);
  snprintf(state->message, state->message_length, "%s", text);
  longjmp(state->jump, 1);
}

// Warnings that mean missing or damaged image data are fatal; the rest (an unknown JFIF
// revision, extraneous bytes between markers, a bogus ICC chunk) are ignored silently.
static void cjpeg_on_message(j_common_ptr cinfo, int level) {
  if (level != -1) return;
  switch (cinfo->err->msg_code) {
  case JWRN_JPEG_EOF:
  case JWRN_HIT_MARKER:
  case JWRN_MUST_RESYNC:
  case JWRN_HUFF_BAD_CODE:
  case JWRN_NOT_SEQUENTIAL:
  case JWRN_BOGUS_PROGRESSION:
    cjpeg_on_error(cinfo);
    break;
  default:
    break;
  }
}

// MARK: - Decoding

struct cjpeg_decoder {
  struct jpeg_decompress_struct cinfo;
  cjpeg_error_state error;
  char message[JMSG_LENGTH_MAX + 64];
  int created;
};

cjpeg_decoder *cjpeg_decoder_create(void) {
  cjpeg_decoder *decoder = calloc(1, sizeof(cjpeg_decoder));
  if (!decoder) return NULL;
  decoder->error.message = decoder->message;
  decoder->error.message_length = sizeof(decoder->message);
  decoder->cinfo.err = jpeg_std_error(&decoder->error.pub);
  decoder->error.pub.error_exit = cjpeg_on_error;
  decoder->error.pub.emit_message = cjpeg_on_message;
  if (setjmp(decoder->error.jump)) {
    free(decoder);
    return NULL;
  }
  jpeg_create_decompress(&decoder->cinfo);
  decoder->created = 1;
  return decoder;
}

void cjpeg_decoder_destroy(cjpeg_decoder *decoder) {
  if (!decoder) return;
  if (decoder->created) jpeg_destroy_decompress(&decoder->cinfo);
  free(decoder);
}

const char *cjpeg_decoder_message(const cjpeg_decoder *decoder) { return decoder->message; }

int cjpeg_read_header(cjpeg_decoder *decoder, const uint8_t *data, size_t length, cjpeg_header *header) {
  struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
  if (setjmp(decoder->error.jump)) return 1;
  jpeg_mem_src(cinfo, data, (unsigned long)length);
  jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);
  jpeg_save_markers(cinfo, JPEG_APP0 + 2, 0xFFFF);
  jpeg_read_header(cinfo, TRUE);
  header->width = cinfo->image_width;
  header->height = cinfo->image_height;
  header->components = cinfo->num_components;
  switch (cinfo->jpeg_color_space) {
  case JCS_GRAYSCALE: header->color_family = 0; break;
  case JCS_YCbCr:
  case JCS_RGB: header->color_family = 1; break;
  case JCS_CMYK:
  case JCS_YCCK: header->color_family = 2; break;
  default: header->color_family = 3; break;
  }
  header->progressive = cinfo->progressive_mode ? 1 : 0;
  header->saw_jfif = cinfo->saw_JFIF_marker ? 1 : 0;
  header->density_unit = cinfo->density_unit;
  header->x_density = cinfo->X_density;
  header->y_density = cinfo->Y_density;
  return 0;
}

int cjpeg_marker_count(cjpeg_decoder *decoder) {
  int count = 0;
  for (jpeg_saved_marker_ptr m = decoder->cinfo.marker_list; m; m = m->next) count++;
  return count;
}

int cjpeg_marker(cjpeg_decoder *decoder, int index, int *code, const uint8_t **data, unsigned *length) {
  int i = 0;
  for (jpeg_saved_marker_ptr m = decoder->cinfo.marker_list; m; m = m->next, i++) {
    if (i == index) {
      *code = m->marker;
      *data = m->data;
      *length = m->data_length;
      return 1;
    }
  }
  return 0;
}

int cjpeg_read_icc(cjpeg_decoder *decoder, uint8_t **profile, unsigned *length) {
  JOCTET *icc = NULL;
  unsigned int len = 0;
  if (setjmp(decoder->error.jump)) return 0;
  if (!jpeg_read_icc_profile(&decoder->cinfo, &icc, &len) || !icc) return 0;
  *profile = icc;
  *length = len;
  return 1;
}

int cjpeg_start(cjpeg_decoder *decoder, int gray, uint32_t *width, uint32_t *height, int *components) {
  struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
  if (setjmp(decoder->error.jump)) return 1;
  cinfo->out_color_space = gray ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_start_decompress(cinfo);
  *width = cinfo->output_width;
  *height = cinfo->output_height;
  *components = cinfo->output_components;
  return 0;
}

int cjpeg_read_rows(cjpeg_decoder *decoder, uint8_t **rows, unsigned count, unsigned *read) {
  struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
  volatile unsigned done = 0;  // volatile: changed after setjmp
  if (setjmp(decoder->error.jump)) {
    *read = done;
    return 1;
  }
  while (done < count && cinfo->output_scanline < cinfo->output_height) {
    done += jpeg_read_scanlines(cinfo, rows + done, count - done);
  }
  *read = done;
  return 0;
}

int cjpeg_finish(cjpeg_decoder *decoder) {
  if (setjmp(decoder->error.jump)) return 1;
  jpeg_finish_decompress(&decoder->cinfo);
  return 0;
}

// MARK: - Encoding

static const char exif_prefix[6] = {'E', 'x', 'i', 'f', 0, 0};
static const char xmp_prefix[] = "http://ns.adobe.com/xap/1.0/";  // written with its NUL

static void cjpeg_write_app1(j_compress_ptr cinfo, const char *prefix, unsigned prefix_length,
                             const uint8_t *payload, unsigned payload_length) {
  if (prefix_length + payload_length > 65533) return;  // does not fit one segment: dropped
  jpeg_write_m_header(cinfo, JPEG_APP0 + 1, prefix_length + payload_length);
  for (unsigned i = 0; i < prefix_length; i++) jpeg_write_m_byte(cinfo, (unsigned char)prefix[i]);
  for (unsigned i = 0; i < payload_length; i++) jpeg_write_m_byte(cinfo, payload[i]);
}

int cjpeg_encode(uint32_t width, uint32_t height, int components, const uint8_t *pixels,
                 size_t stride, int quality, int chroma_444, int progressive,
                 const cjpeg_write_meta *meta, uint8_t **output, unsigned long *output_length,
                 char *err, size_t err_length) {
  struct jpeg_compress_struct cinfo;
  cjpeg_error_state error;
  memset(&cinfo, 0, sizeof(cinfo));
  memset(&error, 0, sizeof(error));
  error.message = err;
  error.message_length = err_length;
  unsigned char *volatile buffer = NULL;  // volatile: changed after setjmp
  unsigned long volatile buffer_length = 0;
  cinfo.err = jpeg_std_error(&error.pub);
  error.pub.error_exit = cjpeg_on_error;
  error.pub.emit_message = cjpeg_on_message;
  if (setjmp(error.jump)) {
    jpeg_destroy_compress(&cinfo);
    free(buffer);
    return 1;
  }
  jpeg_create_compress(&cinfo);
  jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, (unsigned long *)&buffer_length);
  cinfo.image_width = width;
  cinfo.image_height = height;
  cinfo.input_components = components;
  cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, quality, TRUE);
  if (components == 3 && chroma_444) {
    for (int c = 0; c < 3; c++) {
      cinfo.comp_info[c].h_samp_factor = 1;
      cinfo.comp_info[c].v_samp_factor = 1;
    }
  }
  if (progressive) jpeg_simple_progression(&cinfo);
  if (meta && meta->density_unit >= 0) {
    cinfo.density_unit = (UINT8)meta->density_unit;
    cinfo.X_density = (UINT16)meta->x_density;
    cinfo.Y_density = (UINT16)meta->y_density;
  }
  jpeg_start_compress(&cinfo, TRUE);
  if (meta) {
    if (meta->exif && meta->exif_length) cjpeg_write_app1(&cinfo, exif_prefix, 6, meta->exif, meta->exif_length);
    if (meta->icc && meta->icc_length) jpeg_write_icc_profile(&cinfo, meta->icc, meta->icc_length);
    if (meta->xmp && meta->xmp_length) {
      cjpeg_write_app1(&cinfo, xmp_prefix, sizeof(xmp_prefix), meta->xmp, meta->xmp_length);
    }
  }
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  *output = buffer;
  *output_length = buffer_length;
  return 0;
}
