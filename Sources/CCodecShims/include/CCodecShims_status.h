// The outcome of every fallible CCodecShims call (see CCodecShims.h).
#ifndef CCODECSHIMS_STATUS_H
#define CCODECSHIMS_STATUS_H

#include <stdint.h>

/// Whether a call succeeded; on failure the message is where the function's comment says.
typedef enum __attribute__((enum_extensibility(closed))) CCodecShims_status : int32_t {
  /// The call did what it says.
  CCodecShims_status_ok = 0,
  /// The call failed (libpng/libjpeg error, zlib error, the sink refused bytes, out of memory).
  CCodecShims_status_failed = 1,
} CCodecShims_status;

#endif
