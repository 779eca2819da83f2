/* Typed wrappers for libcurl's variadic calls; see include/CCurlShim.h. */
#define _GNU_SOURCE /* pipe2 */
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>
#include "CCurlShim.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>

int tvg_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

static pthread_once_t global_once = PTHREAD_ONCE_INIT;
static CURLcode global_result = CURLE_OK;

static void global_init(void) { global_result = curl_global_init(CURL_GLOBAL_DEFAULT); }

int tvg_curl_global_init(void) {
  pthread_once(&global_once, global_init);
  return (int)global_result;
}

/* libcurl 7.88 makes its connection sockets without close-on-exec; this
   makes them with it, atomically (SOCK_CLOEXEC), so no player or command
   tvgrid starts inherits one. */
static curl_socket_t open_socket_cloexec(void *context, curlsocktype purpose,
                                         struct curl_sockaddr *address) {
  (void)context;
  (void)purpose;
  return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

tvg_curl *tvg_curl_easy_init(void) {
  CURL *curl = curl_easy_init();
  if (curl) curl_easy_setopt(curl, CURLOPT_OPENSOCKETFUNCTION, open_socket_cloexec);
  return curl;
}
void tvg_curl_easy_cleanup(tvg_curl *curl) {
  if (!curl) return;
  void *box = NULL;
  curl_easy_getinfo(curl, CURLINFO_PRIVATE, (char **)&box);
  curl_easy_cleanup(curl);
  free(box);
}
int tvg_curl_perform(tvg_curl *curl) { return (int)curl_easy_perform(curl); }
const char *tvg_curl_strerror(int code) { return curl_easy_strerror((CURLcode)code); }

void *tvg_curl_list_append(void *list, const char *header) {
  return curl_slist_append((struct curl_slist *)list, header);
}

void tvg_curl_list_free(void *list) { curl_slist_free_all((struct curl_slist *)list); }

int tvg_curl_set_headers(tvg_curl *curl, void *list) {
  return (int)curl_easy_setopt(curl, CURLOPT_HTTPHEADER, (struct curl_slist *)list);
}

int tvg_curl_set_post_body(tvg_curl *curl, const char *bytes, long length) {
  CURLcode code = curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, length);
  if (code != CURLE_OK) return (int)code;
  return (int)curl_easy_setopt(curl, CURLOPT_COPYPOSTFIELDS, bytes);
}

int tvg_curl_set_write(tvg_curl *curl, tvg_curl_data_callback callback, void *context) {
  CURLcode code = curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, callback);
  if (code != CURLE_OK) return (int)code;
  return (int)curl_easy_setopt(curl, CURLOPT_WRITEDATA, context);
}

int tvg_curl_set_header_callback(tvg_curl *curl, tvg_curl_data_callback callback, void *context) {
  CURLcode code = curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, callback);
  if (code != CURLE_OK) return (int)code;
  return (int)curl_easy_setopt(curl, CURLOPT_HEADERDATA, context);
}

struct progress_box {
  tvg_curl_progress_callback callback;
  void *context;
};

static int progress_trampoline(void *box, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
                               curl_off_t ulnow) {
  (void)ultotal;
  (void)ulnow;
  struct progress_box *b = box;
  return b->callback(b->context, (int64_t)dltotal, (int64_t)dlnow);
}

int tvg_curl_set_progress(tvg_curl *curl, tvg_curl_progress_callback callback, void *context) {
  /* The box lives as long as the handle: attached as CURLOPT_PRIVATE. */
  struct progress_box *box = NULL;
  curl_easy_getinfo(curl, CURLINFO_PRIVATE, (char **)&box);
  if (!box) {
    box = calloc(1, sizeof *box);
    if (!box) return (int)CURLE_OUT_OF_MEMORY;
    curl_easy_setopt(curl, CURLOPT_PRIVATE, box);
  }
  box->callback = callback;
  box->context = context;
  CURLcode code = curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, progress_trampoline);
  if (code != CURLE_OK) return (int)code;
  code = curl_easy_setopt(curl, CURLOPT_XFERINFODATA, box);
  if (code != CURLE_OK) return (int)code;
  return (int)curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
}

long tvg_curl_response_code(tvg_curl *curl) {
  long code = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
  return code;
}

long tvg_curl_redirect_count(tvg_curl *curl) {
  long count = 0;
  curl_easy_getinfo(curl, CURLINFO_REDIRECT_COUNT, &count);
  return count;
}

int tvg_curl_set(tvg_curl *curl, int tvg_option, const char *string, int64_t number) {
  switch (tvg_option) {
  case TVG_OPT_URL: return (int)curl_easy_setopt(curl, CURLOPT_URL, string);
  case TVG_OPT_FOLLOWLOCATION: return (int)curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, (long)number);
  case TVG_OPT_MAXREDIRS: return (int)curl_easy_setopt(curl, CURLOPT_MAXREDIRS, (long)number);
  case TVG_OPT_USERAGENT: return (int)curl_easy_setopt(curl, CURLOPT_USERAGENT, string);
  case TVG_OPT_CAINFO: return (int)curl_easy_setopt(curl, CURLOPT_CAINFO, string);
  case TVG_OPT_CONNECTTIMEOUT: return (int)curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, (long)number);
  case TVG_OPT_LOW_SPEED_LIMIT: return (int)curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, (long)number);
  case TVG_OPT_LOW_SPEED_TIME: return (int)curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, (long)number);
  case TVG_OPT_ACCEPT_ENCODING: return (int)curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, string);
  case TVG_OPT_MAXFILESIZE_LARGE:
    return (int)curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)number);
  case TVG_OPT_USERNAME: return (int)curl_easy_setopt(curl, CURLOPT_USERNAME, string);
  case TVG_OPT_PASSWORD: return (int)curl_easy_setopt(curl, CURLOPT_PASSWORD, string);
  case TVG_OPT_HTTPAUTH_ANY: return (int)curl_easy_setopt(curl, CURLOPT_HTTPAUTH, (long)CURLAUTH_ANY);
  case TVG_OPT_PROTOCOLS_HTTP: {
    CURLcode code = curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    if (code != CURLE_OK) return (int)code;
    return (int)curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  }
  case TVG_OPT_NOSIGNAL: return (int)curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  case TVG_OPT_TIMEOUT: return (int)curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, (long)number);
  case TVG_OPT_FAILONERROR: return (int)curl_easy_setopt(curl, CURLOPT_FAILONERROR, (long)number);
  default: return (int)CURLE_UNKNOWN_OPTION;
  }
}

/* Our error numbers are libcurl's. */
_Static_assert(TVG_ERR_COULDNT_RESOLVE_HOST == CURLE_COULDNT_RESOLVE_HOST, "curl error");
_Static_assert(TVG_ERR_COULDNT_CONNECT == CURLE_COULDNT_CONNECT, "curl error");
_Static_assert(TVG_ERR_PARTIAL_FILE == CURLE_PARTIAL_FILE, "curl error");
_Static_assert(TVG_ERR_WRITE_ERROR == CURLE_WRITE_ERROR, "curl error");
_Static_assert(TVG_ERR_OPERATION_TIMEDOUT == CURLE_OPERATION_TIMEDOUT, "curl error");
_Static_assert(TVG_ERR_ABORTED_BY_CALLBACK == CURLE_ABORTED_BY_CALLBACK, "curl error");
_Static_assert(TVG_ERR_TOO_MANY_REDIRECTS == CURLE_TOO_MANY_REDIRECTS, "curl error");
_Static_assert(TVG_ERR_GOT_NOTHING == CURLE_GOT_NOTHING, "curl error");
_Static_assert(TVG_ERR_RECV_ERROR == CURLE_RECV_ERROR, "curl error");
_Static_assert(TVG_ERR_PEER_FAILED_VERIFICATION == CURLE_PEER_FAILED_VERIFICATION, "curl error");
_Static_assert(TVG_ERR_BAD_CONTENT_ENCODING == CURLE_BAD_CONTENT_ENCODING, "curl error");
_Static_assert(TVG_ERR_FILESIZE_EXCEEDED == CURLE_FILESIZE_EXCEEDED, "curl error");
_Static_assert(TVG_ERR_SSL_CACERT_BADFILE == CURLE_SSL_CACERT_BADFILE, "curl error");
_Static_assert(TVG_ERR_LOGIN_DENIED == CURLE_LOGIN_DENIED, "curl error");
