// The error manager shared by jpeg_setjmp.c and jpeg_transcode.c (internal to CCodecShims).
#ifndef CCODECSHIMS_JPEG_ERROR_H
#define CCODECSHIMS_JPEG_ERROR_H

#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>

#include <jpeglib.h>

#include "CCodecShims_jpeg.h"

/// libjpeg's error manager, plus where the error handler jumps to and writes the message.
typedef struct {
  struct jpeg_error_mgr pub;
  jmp_buf jump;
  char *message;
  size_t message_length;
} CCodecShims_jpeg_error_state;

/// jpeg_std_error with deglare's handlers: errors longjmp to `state->jump` with the message in
/// `message`; the warnings that mean damaged or missing data are errors, the rest are silent.
void CCodecShims_jpeg_error_setup(CCodecShims_jpeg_error_state *state, char *message, size_t message_length);

/// How deglare groups a JPEG colour space.
CCodecShims_jpeg_color_family CCodecShims_jpeg_color_family_of(J_COLOR_SPACE space);

#endif
