// A typed, non-variadic wrapper for libmicrohttpd's variadic MHD_start_daemon, which Swift cannot
// call. It fixes the options deglare's workbench uses: an already bound and listening socket
// (so the caller controls the address, 127.0.0.1, and sees bind errors itself), the
// request-completed notifier, a connection limit and an idle timeout. This header is the only C
// added for libmicrohttpd.
#ifndef CMICROHTTPDSHIMS_H
#define CMICROHTTPDSHIMS_H
#include <stddef.h>
#include <microhttpd.h>

/// MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
///   MHD_OPTION_LISTEN_SOCKET, listen_socket, MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
///   MHD_OPTION_CONNECTION_LIMIT, connection_limit, MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
///   MHD_OPTION_END). Returns NULL when the daemon cannot start.
struct MHD_Daemon *CMicroHTTPDShims_start_daemon(
  unsigned int flags, int listen_socket, MHD_AccessHandlerCallback handler, void *handler_context,
  MHD_RequestCompletedCallback completed, void *completed_context, unsigned int connection_limit,
  unsigned int timeout_seconds);

#endif
