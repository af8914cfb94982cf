// The libjpeg error manager and decompressor of CCodecShims (see jpeg_error.h), shared by
// jpeg_setjmp.c and jpeg_transcode.c.
#include "jpeg_error.h"

#include <jerror.h>
#include <stdlib.h>
#include <string.h>

static void CCodecShims_jpeg_on_error(j_common_ptr cinfo) {
  CCodecShims_jpeg_error_state *state = (CCodecShims_jpeg_error_state *)cinfo->err;
  char text[JMSG_LENGTH_MAX];
  (*cinfo->err->format_message)(cinfo, text);
  snprintf(state->message, state->message_length, "%s", text);
  longjmp(state->jump, 1);
}

// Warnings that mean missing or damaged image data are fatal; the rest (an unknown JFIF
// revision, extraneous bytes between markers, a bogus ICC chunk) are ignored silently.
static void CCodecShims_jpeg_on_message(j_common_ptr cinfo, int level) {
  if (level != -1) return;
  switch (cinfo->err->msg_code) {
  case JWRN_JPEG_EOF:
  case JWRN_HIT_MARKER:
  case JWRN_MUST_RESYNC:
  case JWRN_HUFF_BAD_CODE:
  case JWRN_NOT_SEQUENTIAL:
  case JWRN_BOGUS_PROGRESSION:
    CCodecShims_jpeg_on_error(cinfo);
    break;
  default:
    break;
  }
}

void CCodecShims_jpeg_error_setup(CCodecShims_jpeg_error_state *state, char *message, size_t message_length) {
  state->message = message;
  state->message_length = message_length;
  jpeg_std_error(&state->pub);
  state->pub.error_exit = CCodecShims_jpeg_on_error;
  state->pub.emit_message = CCodecShims_jpeg_on_message;
}

static void CCodecShims_jpeg_check_stop(j_common_ptr cinfo) {
  CCodecShims_jpeg_stop_monitor *monitor = (CCodecShims_jpeg_stop_monitor *)cinfo->progress;
  if (!monitor->stop || !monitor->stop()) return;
  monitor->stopped = true;
  longjmp(((CCodecShims_jpeg_error_state *)cinfo->err)->jump, 1);
}

void CCodecShims_jpeg_stop_monitor_attach(CCodecShims_jpeg_stop_monitor *monitor, j_compress_ptr cinfo,
                                          CCodecShims_stop_function stop) {
  memset(monitor, 0, sizeof(*monitor));
  monitor->pub.progress_monitor = CCodecShims_jpeg_check_stop;
  monitor->stop = stop;
  cinfo->progress = &monitor->pub;
}

// MARK: - Memory destination

enum { CCodecShims_jpeg_first_capacity = 64 * 1024 };

static void CCodecShims_jpeg_memory_init(j_compress_ptr cinfo) {
  CCodecShims_jpeg_memory_destination *destination = (CCodecShims_jpeg_memory_destination *)cinfo->dest;
  if (!destination->buffer) {
    destination->buffer = malloc(CCodecShims_jpeg_first_capacity);
    if (!destination->buffer) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    destination->capacity = CCodecShims_jpeg_first_capacity;
  }
  destination->pub.next_output_byte = destination->buffer;
  destination->pub.free_in_buffer = destination->capacity;
}

static boolean CCodecShims_jpeg_memory_grow(j_compress_ptr cinfo) {
  CCodecShims_jpeg_memory_destination *destination = (CCodecShims_jpeg_memory_destination *)cinfo->dest;
  // libjpeg calls this only with the buffer full. On failure the old buffer stays the
  // destination's, to be released by the caller after the error exit.
  size_t capacity = destination->capacity * 2;
  unsigned char *grown = realloc(destination->buffer, capacity);
  if (!grown) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 11);
  destination->pub.next_output_byte = grown + destination->capacity;
  destination->pub.free_in_buffer = capacity - destination->capacity;
  destination->buffer = grown;
  destination->capacity = capacity;
  return TRUE;
}

static void CCodecShims_jpeg_memory_term(j_compress_ptr cinfo) {
  CCodecShims_jpeg_memory_destination *destination = (CCodecShims_jpeg_memory_destination *)cinfo->dest;
  destination->length = destination->capacity - destination->pub.free_in_buffer;
}

CCodecShims_jpeg_memory_destination *CCodecShims_jpeg_memory_destination_allocate(void) {
  return calloc(1, sizeof(CCodecShims_jpeg_memory_destination));
}

void CCodecShims_jpeg_memory_destination_attach(CCodecShims_jpeg_memory_destination *destination,
                                                j_compress_ptr cinfo) {
  destination->pub.init_destination = CCodecShims_jpeg_memory_init;
  destination->pub.empty_output_buffer = CCodecShims_jpeg_memory_grow;
  destination->pub.term_destination = CCodecShims_jpeg_memory_term;
  cinfo->dest = &destination->pub;
}

void CCodecShims_jpeg_memory_destination_take(CCodecShims_jpeg_memory_destination *destination,
                                              uint8_t **output, unsigned long *output_length) {
  *output = destination->buffer;
  *output_length = (unsigned long)destination->length;
  free(destination);
}

void CCodecShims_jpeg_memory_destination_release(CCodecShims_jpeg_memory_destination *destination) {
  if (!destination) return;
  free(destination->buffer);
  free(destination);
}

CCodecShims_jpeg_color_family CCodecShims_jpeg_color_family_of(J_COLOR_SPACE space) {
  switch (space) {
  case JCS_GRAYSCALE: return CCodecShims_jpeg_color_gray;
  case JCS_YCbCr:
  case JCS_RGB: return CCodecShims_jpeg_color_rgb;
  case JCS_CMYK:
  case JCS_YCCK: return CCodecShims_jpeg_color_cmyk;
  default: return CCodecShims_jpeg_color_other;
  }
}

// Sets up the error manager of `decompressor` (zeroed memory) and creates its libjpeg
// decompressor; false when libjpeg fails (out of memory).
static bool CCodecShims_jpeg_decompressor_create(CCodecShims_jpeg_decompressor *decompressor) {
  CCodecShims_jpeg_error_setup(&decompressor->error, decompressor->message, sizeof(decompressor->message));
  decompressor->cinfo.err = &decompressor->error.pub;
  if (setjmp(decompressor->error.jump)) return false;
  jpeg_create_decompress(&decompressor->cinfo);
  decompressor->created = true;
  return true;
}

void *CCodecShims_jpeg_decompressor_allocate(size_t size) {
  CCodecShims_jpeg_decompressor *decompressor = calloc(1, size);
  if (!decompressor) return NULL;
  if (!CCodecShims_jpeg_decompressor_create(decompressor)) {
    free(decompressor);
    return NULL;
  }
  return decompressor;
}

void CCodecShims_jpeg_decompressor_free(void *owner) {
  if (!owner) return;
  CCodecShims_jpeg_decompressor *decompressor = owner;
  if (decompressor->created) jpeg_destroy_decompress(&decompressor->cinfo);
  free(owner);
}
