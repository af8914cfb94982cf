// Typed, non-variadic wrappers for libcurl's variadic setters and getters, which Swift cannot
// call (curl_easy_setopt, curl_easy_getinfo, curl_multi_setopt), and the CURLVERSION_NOW macro.
//
// Each wrapper passes its argument straight through; the option decides the type libcurl reads,
// so the caller must pick the wrapper whose parameter type matches the option's documented type
// (long, char *, void *, curl_off_t or a callback). This header is the only C added for libcurl.
#ifndef CCURLSHIMS_H
#define CCURLSHIMS_H
#include <curl/curl.h>

/// curl_easy_setopt for options that take a `long`.
CURLcode CCurlShims_easy_setopt_long(CURL *handle, CURLoption option, long value);
/// curl_easy_setopt for options that take a `char *` (libcurl copies the string).
CURLcode CCurlShims_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
/// curl_easy_setopt for options that take a pointer (CURLOPT_WRITEDATA, CURLOPT_HTTPHEADER, ...).
CURLcode CCurlShims_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
/// curl_easy_setopt for options that take a `curl_off_t`.
CURLcode CCurlShims_easy_setopt_offset(CURL *handle, CURLoption option, curl_off_t value);
/// curl_easy_setopt for CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
CURLcode CCurlShims_easy_setopt_write_function(CURL *handle, CURLoption option, curl_write_callback callback);
/// curl_easy_setopt for CURLOPT_XFERINFOFUNCTION.
CURLcode CCurlShims_easy_setopt_xferinfo_function(CURL *handle, curl_xferinfo_callback callback);

/// curl_easy_getinfo for values returned as `long`.
CURLcode CCurlShims_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
/// curl_easy_getinfo for values returned as `curl_off_t`.
CURLcode CCurlShims_easy_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value);

/// curl_multi_setopt for options that take a `long`.
CURLMcode CCurlShims_multi_setopt_long(CURLM *handle, CURLMoption option, long value);

/// curl_version_info(CURLVERSION_NOW): CURLVERSION_NOW is a macro Swift does not import.
curl_version_info_data *CCurlShims_version_info(void);

#endif
