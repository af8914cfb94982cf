// The error manager and the decompressor shared by jpeg_setjmp.c and jpeg_transcode.c (internal to
// CCodecShims).
#ifndef CCODECSHIMS_JPEG_ERROR_H
#define CCODECSHIMS_JPEG_ERROR_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
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

/// libjpeg's progress monitor, used to abandon a long compression when the caller's stop function
/// says stop: libjpeg calls it for every row written and for every row of blocks of each pass in
/// jpeg_finish_compress (a progressive encode, a transcode); on stop it records the fact and
/// longjmps through the error state, whose handler returns `CCodecShims_status_stopped`.
typedef struct {
  struct jpeg_progress_mgr pub;
  CCodecShims_stop_function stop;
  volatile bool stopped;  // read after the longjmp
} CCodecShims_jpeg_stop_monitor;

/// Installs `monitor` (calling `stop`, which may be NULL) on the compressor `cinfo`.
void CCodecShims_jpeg_stop_monitor_attach(CCodecShims_jpeg_stop_monitor *monitor, j_compress_ptr cinfo,
                                          CCodecShims_stop_function stop);

/// A growable in-memory destination for a compressor, whose buffer the caller can always free.
/// libjpeg's own jpeg_mem_dest frees its buffer each time it grows it and hands the new one to
/// the caller only when the compression finishes: after an error or a stop the caller's pointer
/// may already be freed (a double free), and the live buffer leaks. Allocate it on the heap
/// before setjmp (it changes after), attach it, and release it on every path but success.
typedef struct {
  struct jpeg_destination_mgr pub;
  unsigned char *buffer;  // NULL until the compression starts
  size_t capacity;
  size_t length;  // the bytes written, once the compression has finished
} CCodecShims_jpeg_memory_destination;

/// A zeroed destination (calloc), or NULL when out of memory.
CCodecShims_jpeg_memory_destination *CCodecShims_jpeg_memory_destination_allocate(void);

/// Makes `destination` the compressor's destination.
void CCodecShims_jpeg_memory_destination_attach(CCodecShims_jpeg_memory_destination *destination,
                                                j_compress_ptr cinfo);

/// Hands the finished buffer over (the caller frees it with free()) and frees the destination.
void CCodecShims_jpeg_memory_destination_take(CCodecShims_jpeg_memory_destination *destination,
                                              uint8_t **output, unsigned long *output_length);

/// Frees the destination and whatever buffer it holds (NULL does nothing).
void CCodecShims_jpeg_memory_destination_release(CCodecShims_jpeg_memory_destination *destination);

/// A libjpeg decompressor with deglare's error manager and the buffer its messages go to: the
/// common part of the decoder (jpeg_setjmp.c) and the transcoder (jpeg_transcode.c).
typedef struct {
  struct jpeg_decompress_struct cinfo;
  CCodecShims_jpeg_error_state error;
  char message[JMSG_LENGTH_MAX + 64];
  bool created;
} CCodecShims_jpeg_decompressor;

/// Allocates a zeroed decoder or transcoder of `size` bytes, whose first member is its
/// CCodecShims_jpeg_decompressor, and creates that decompressor; NULL when out of memory.
void *CCodecShims_jpeg_decompressor_allocate(size_t size);

/// Destroys the decompressor of an object made by CCodecShims_jpeg_decompressor_allocate and frees
/// it (NULL does nothing).
void CCodecShims_jpeg_decompressor_free(void *owner);

/// How deglare groups a JPEG colour space.
CCodecShims_jpeg_color_family CCodecShims_jpeg_color_family_of(J_COLOR_SPACE space);

#endif
