// CCodecShims: the C that the codec adapter (DeglareCodecs) needs, and why each piece is C.
//
// - CCodecShims_png.h, png_setjmp.c and CCodecShims_jpeg.h, jpeg_setjmp.c: libpng and libjpeg
//   report a fatal error by longjmp-ing out of the failing call (with no jump buffer set, libpng
//   aborts the process and libjpeg calls exit(1)), and Swift cannot call setjmp. Every libpng and
//   libjpeg call that can fail runs in these two files under a setjmp frame of its own and comes
//   back to Swift as a CCodecShims_status plus a message. They hold no policy: which rows,
//   chunks and options to write is decided by PNGCodec_libpng.swift and JPEGCodec_libjpeg.swift,
//   the only callers. jpeg_error.c holds the libjpeg error manager both JPEG files use.
// - CCodecShims_jpeg_transcode.h, jpeg_transcode.c: libjpeg at the level of DCT coefficients
//   (jpeg_read_coefficients, jpeg_write_coefficients), under setjmp for the same reason: the
//   lossless-where-untouched JPEG output keeps every block a removal does not reach and encodes
//   the others afresh. Which blocks and from which pixels is decided in DeglareCodecs/JPEG; the C
//   moves blocks.
// - CCodecShims_png_bands.h, png_bands.c: the fast PNG setting filters rows itself and deflates
//   horizontal bands of them on several threads (pigz-style), because libpng compresses IDAT on
//   one thread. It is C because it drives zlib, whose deflateInit2 is a function-like macro Swift
//   cannot import, and its per-byte filter loop runs over every sample of the output. The Swift
//   side hands it each row (with the repainted crop already pasted in, by DeglareCore's
//   PastedRows) and writes the finished bands with CCodecShims_png_writer_write_band.
//
// Nothing here decides which pixels are written: the paste of a removal's repainted crop into
// the written rows is Swift (DeglareCore, Operations/RegionOverlay.swift).
//
// Conventions: every exported name starts with CCodecShims_png_ or CCodecShims_jpeg_, except the
// shared CCodecShims_types.h (CCodecShims_status, CCodecShims_bytes, CCODECSHIMS_ENUM); statuses
// and options are closed C enums, which Swift imports as enums; fallible functions return a
// CCodecShims_status, the message then being in the object's message
// (CCodecShims_png_reader_message, CCodecShims_png_writer_message,
// CCodecShims_jpeg_decoder_message, CCodecShims_jpeg_transcoder_message) or in the caller's `err`
// buffer; getters of optional data
// return true when the data is present.
#ifndef CCODECSHIMS_H
#define CCODECSHIMS_H

#include "CCodecShims_types.h"
#include "CCodecShims_png_bands.h"
#include "CCodecShims_png.h"
#include "CCodecShims_jpeg.h"
#include "CCodecShims_jpeg_transcode.h"

#endif
