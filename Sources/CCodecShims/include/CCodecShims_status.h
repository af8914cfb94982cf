// The outcome of every fallible CCodecShims call (see CCodecShims.h).
#ifndef CCODECSHIMS_STATUS_H
#define CCODECSHIMS_STATUS_H

#include <stdint.h>

/// Declares a closed C enum with 32-bit values, which Swift imports as a Swift enum with cases
/// (the pattern of CoreFoundation's CF_CLOSED_ENUM).
#define CCODECSHIMS_ENUM(name) enum __attribute__((enum_extensibility(closed))) name : int32_t

/// Whether a call succeeded; on failure the message is where the function's comment says.
typedef CCODECSHIMS_ENUM(CCodecShims_status) {
  CCodecShims_status_ok = 0,  ///< The call did what it says.
  CCodecShims_status_failed = 1,  ///< The call failed (library error, sink refused, no memory).
} CCodecShims_status;

#endif
