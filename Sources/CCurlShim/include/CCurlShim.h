#ifndef CCURLSHIM_H
#define CCURLSHIM_H
/* Typed wrappers for libcurl's variadic calls (curl_easy_setopt and
   curl_easy_getinfo), so Swift can set options. Each returns libcurl's
   CURLcode as an int (0 = CURLE_OK). */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void tvg_curl; /* a CURL easy handle */

/* Called with each piece of the body as it arrives; return `size * count`
   to go on, anything else to stop the transfer. */
typedef size_t (*tvg_curl_data_callback)(char *data, size_t size, size_t count, void *context);
/* Called about once a second and on every chunk: bytes expected (0 when
   unknown) and received so far. Return nonzero to stop the transfer. */
typedef int (*tvg_curl_progress_callback)(void *context, int64_t total, int64_t received);

/* curl_global_init, once per process (thread-safe). Returns 0 on success. */
int tvg_curl_global_init(void);

tvg_curl *tvg_curl_easy_init(void);
void tvg_curl_easy_cleanup(tvg_curl *curl);
int tvg_curl_perform(tvg_curl *curl);
const char *tvg_curl_strerror(int code);

/* Request headers: a list built with tvg_curl_list_append (NULL to start),
   freed with tvg_curl_list_free after the transfer. */
void *tvg_curl_list_append(void *list, const char *header);
void tvg_curl_list_free(void *list);
int tvg_curl_set_headers(tvg_curl *curl, void *list);
/* POST body (copied by libcurl). */
int tvg_curl_set_post_body(tvg_curl *curl, const char *bytes, long length);

int tvg_curl_set_write(tvg_curl *curl, tvg_curl_data_callback callback, void *context);
int tvg_curl_set_header_callback(tvg_curl *curl, tvg_curl_data_callback callback, void *context);
int tvg_curl_set_progress(tvg_curl *curl, tvg_curl_progress_callback callback, void *context);

long tvg_curl_response_code(tvg_curl *curl);
/* The number of redirects followed. */
long tvg_curl_redirect_count(tvg_curl *curl);

/* pipe2(fds, O_CLOEXEC), which Glibc's Swift module does not show: a
   pipe whose ends no launched player inherits. 0 on success. */
int tvg_pipe_cloexec(int fds[2]);

/* Options Swift sets, by our own numbers (curl.h's are macros and enums
   Swift should not see). `string` or `number` is used as the option needs;
   TVG_OPT_HTTPAUTH_ANY, _PROTOCOLS_HTTP and _NOSIGNAL take neither. There is
   deliberately no CURLOPT_NETRC: tvgrid reads .netrc itself, for the URL's
   own host (libcurl would look up every host a redirect leads to). */
enum {
  TVG_OPT_URL = 1,
  TVG_OPT_FOLLOWLOCATION,
  TVG_OPT_MAXREDIRS,
  TVG_OPT_USERAGENT,
  TVG_OPT_CAINFO,
  TVG_OPT_CONNECTTIMEOUT,
  TVG_OPT_LOW_SPEED_LIMIT,
  TVG_OPT_LOW_SPEED_TIME,
  TVG_OPT_ACCEPT_ENCODING,
  TVG_OPT_MAXFILESIZE_LARGE,
  TVG_OPT_USERNAME,
  TVG_OPT_PASSWORD,
  TVG_OPT_HTTPAUTH_ANY,
  TVG_OPT_PROTOCOLS_HTTP,
  TVG_OPT_NOSIGNAL,
  TVG_OPT_FAILONERROR,
  TVG_OPT_TIMEOUT, /* the whole transfer, in milliseconds */
};

int tvg_curl_set(tvg_curl *curl, int tvg_option, const char *string, int64_t number);

/* libcurl's error numbers (CURLcode) that tvgrid explains. */
enum {
  TVG_ERR_OK = 0,
  TVG_ERR_COULDNT_RESOLVE_HOST = 6,
  TVG_ERR_COULDNT_CONNECT = 7,
  TVG_ERR_PARTIAL_FILE = 18,
  TVG_ERR_WRITE_ERROR = 23,
  TVG_ERR_OPERATION_TIMEDOUT = 28,
  TVG_ERR_ABORTED_BY_CALLBACK = 42,
  TVG_ERR_TOO_MANY_REDIRECTS = 47,
  TVG_ERR_GOT_NOTHING = 52,
  TVG_ERR_RECV_ERROR = 56,
  TVG_ERR_PEER_FAILED_VERIFICATION = 60,
  TVG_ERR_BAD_CONTENT_ENCODING = 61,
  TVG_ERR_FILESIZE_EXCEEDED = 63,
  TVG_ERR_SSL_CACERT_BADFILE = 77,
  TVG_ERR_LOGIN_DENIED = 67,
};

#ifdef __cplusplus
}
#endif
#endif
