#include "CMicroHTTPDShims.h"

struct MHD_Daemon *CMicroHTTPDShims_start_daemon(
  unsigned int flags, int listen_socket, MHD_AccessHandlerCallback handler, void *handler_context,
  MHD_RequestCompletedCallback completed, void *completed_context, unsigned int connection_limit,
  unsigned int timeout_seconds) {
  return MHD_start_daemon(
    flags, 0, NULL, NULL, handler, handler_context,
    MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket,
    MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
    MHD_OPTION_CONNECTION_LIMIT, connection_limit,
    MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
    MHD_OPTION_END);
}
