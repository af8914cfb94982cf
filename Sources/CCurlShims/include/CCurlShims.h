// Typed, non-variadic wrappers for libcurl's variadic setters and getters, which Swift cannot
// call (curl_easy_setopt, curl_easy_getinfo, curl_multi_setopt), and the CURLVERSION_NOW macro.
#ifndef CCURLSHIMS_H
#define CCURLSHIMS_H
#include <curl/curl.h>

#endif
