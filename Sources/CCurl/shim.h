#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
/* libcurl from Debian's libcurl4-openssl-dev. Only CCurlShim includes this
   module: Swift cannot call curl_easy_setopt's variadic form, so the shim
   wraps each option type in a typed function. */
#include <curl/curl.h>
#endif
