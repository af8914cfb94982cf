// deglare's Secret Service schema, defined in C because SecretSchema's 32-element attribute array
// is awkward to build from Swift.
#ifndef CSECRETSHIMS_H
#define CSECRETSHIMS_H
#include <libsecret/secret.h>

#endif
