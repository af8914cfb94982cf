// What every part of CCodecShims shares: the enum declaration, the status of a fallible call,
// a span of bytes (see CCodecShims.h).
#ifndef CCODECSHIMS_TYPES_H
#define CCODECSHIMS_TYPES_H

#include <stdbool.h>
#include <stdint.h>

/// Declares a closed C enum with 32-bit values, which Swift imports as a Swift enum with cases
/// (the pattern of CoreFoundation's CF_CLOSED_ENUM).
#define CCODECSHIMS_ENUM(name) enum __attribute__((enum_extensibility(closed))) name : int32_t

/// Whether a call succeeded; on failure the message is where the function's comment says.
typedef CCODECSHIMS_ENUM(CCodecShims_status) {
  CCodecShims_status_ok = 0,  ///< The call did what it says.
  CCodecShims_status_failed = 1,  ///< The call failed (library error, sink refused, no memory).
  CCodecShims_status_stopped = 2,  ///< The caller's stop function said stop; the work was abandoned.
} CCodecShims_status;

/// Asked by a long call now and then (every few dozen rows): true abandons the call, which then
/// returns `CCodecShims_status_stopped`. Runs on the calling thread.
typedef bool (*CCodecShims_stop_function)(void);

/// Bytes the caller owns, for the length of one call (an ICC profile, EXIF, XMP); a NULL `data`
/// or a zero `length` means "absent".
typedef struct {
  const uint8_t *data;
  uint32_t length;
} CCodecShims_bytes;

#endif
