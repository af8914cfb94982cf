#include "CSecretShims.h"

static const SecretSchema deglare_schema = {
  "org.deglare.ApiKey",
  SECRET_SCHEMA_NONE,
  {
    {"provider", SECRET_SCHEMA_ATTRIBUTE_STRING},
    {NULL, 0},
  },
};

const SecretSchema *csecret_schema(void) { return &deglare_schema; }

gboolean csecret_store(const char *provider, const char *label, const char *secret, GCancellable *cancellable,
                       GError **error) {
  return secret_password_store_sync(&deglare_schema, SECRET_COLLECTION_DEFAULT, label, secret, cancellable, error,
                                    "provider", provider, NULL);
}

gchar *csecret_lookup(const char *provider, GCancellable *cancellable, GError **error) {
  return secret_password_lookup_sync(&deglare_schema, cancellable, error, "provider", provider, NULL);
}

gboolean csecret_clear(const char *provider, GCancellable *cancellable, GError **error) {
  return secret_password_clear_sync(&deglare_schema, cancellable, error, "provider", provider, NULL);
}

int csecret_default_collection_state(GCancellable *cancellable, GError **error) {
  SecretService *service = secret_service_get_sync(SECRET_SERVICE_NONE, cancellable, error);
  if (!service) return -2;
  SecretCollection *collection =
    secret_collection_for_alias_sync(service, SECRET_COLLECTION_DEFAULT, SECRET_COLLECTION_NONE, cancellable, error);
  g_object_unref(service);
  if (!collection) return (error && *error) ? -2 : -1;
  int state = secret_collection_get_locked(collection) ? 0 : 1;
  g_object_unref(collection);
  return state;
}
