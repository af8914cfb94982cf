// Why this C target exists: libsecret's password functions and secret_schema_new are variadic,
// which Swift cannot call, and a SecretSchema (a 32-element attribute array) is awkward to build
// from Swift. deglare's schema is defined once here; the wrappers have fixed arity.
#ifndef CSECRETSHIMS_H
#define CSECRETSHIMS_H
#include <libsecret/secret.h>

/// deglare's schema: "org.deglare.ApiKey" with one string attribute, "provider".
const SecretSchema *csecret_schema(void);

/// Stores `secret` in the default collection under provider=`provider`. TRUE on success.
gboolean csecret_store(const char *provider, const char *label, const char *secret, GCancellable *cancellable,
                       GError **error);

/// Looks up the secret for provider=`provider`; NULL when absent (check *error). Free the
/// result with secret_password_free (it wipes the memory first).
gchar *csecret_lookup(const char *provider, GCancellable *cancellable, GError **error);

/// Removes the secret for provider=`provider`. TRUE when something was removed.
gboolean csecret_clear(const char *provider, GCancellable *cancellable, GError **error);

/// 1 when the default collection exists and is unlocked, 0 when it is locked, -1 when there is
/// no default collection; never prompts. On a D-Bus failure returns -2 with *error set.
int csecret_default_collection_state(GCancellable *cancellable, GError **error);

#endif
