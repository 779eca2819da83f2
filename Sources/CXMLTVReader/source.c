/* Input sources: a read-only file or standard input, gzip-decompressed
   through the system zlib when the content starts with gzip's magic bytes.
   zlib is loaded with dlopen so that building needs no zlib headers. */
#define _GNU_SOURCE
#include "CXMLTVReader.h"
#include "internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- zlib's inflate, looked up at run time ---- */

/* zlib's z_stream; its layout is part of zlib 1.x's stable ABI. */
typedef struct {
  const unsigned char *next_in;
  unsigned avail_in;
  unsigned long total_in;
  unsigned char *next_out;
  unsigned avail_out;
  unsigned long total_out;
  const char *msg;
  void *state;
  void *zalloc;
  void *zfree;
  void *opaque;
  int data_type;
  unsigned long adler;
  unsigned long reserved;
} z_stream_abi;

static struct {
  int (*inflateInit2_)(z_stream_abi *, int, const char *, int);
  int (*inflate)(z_stream_abi *, int);
  int (*inflateEnd)(z_stream_abi *);
  int (*inflateReset)(z_stream_abi *);
  const char *(*zlibVersion)(void);
  int available;
} zlib;
static pthread_once_t zlib_once = PTHREAD_ONCE_INIT;

static void zlib_load(void) {
  void *lib = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) lib = dlopen("libz.so", RTLD_NOW | RTLD_LOCAL);
  if (!lib) return;
  zlib.inflateInit2_ = (int (*)(z_stream_abi *, int, const char *, int))dlsym(lib, "inflateInit2_");
  zlib.inflate = (int (*)(z_stream_abi *, int))dlsym(lib, "inflate");
  zlib.inflateEnd = (int (*)(z_stream_abi *))dlsym(lib, "inflateEnd");
  zlib.inflateReset = (int (*)(z_stream_abi *))dlsym(lib, "inflateReset");
  zlib.zlibVersion = (const char *(*)(void))dlsym(lib, "zlibVersion");
  zlib.available = zlib.inflateInit2_ && zlib.inflate && zlib.inflateEnd && zlib.inflateReset &&
                   zlib.zlibVersion;
}

/* ---- the source ---- */

enum { PEEK_SIZE = 4096, RAW_SIZE = 1 << 17 };

struct xmltv_source {
  int fd;
  int owns_fd;
  /* memory input instead of fd (fd is then -1) */
  const unsigned char *memory;
  size_t memory_length, memory_offset;
  int is_gzip;
  int64_t size;
  int64_t raw_position; /* bytes of the file read so far */
  /* gzip: compressed input buffer and inflate state. */
  z_stream_abi z;
  int z_ready;
  int z_member_done; /* the current gzip member ended */
  unsigned char *raw;
  int raw_end; /* the file is exhausted */
  /* Content read ahead to sniff it, served before further reads. */
  unsigned char peek[PEEK_SIZE];
  size_t peek_length;
  size_t peek_offset;
  int peeked;
  int at_end;
  char error[256];
  /* A part of a file (xmltv_source_open_part): the prolog and a newline,
     the file's bytes part_offset..<part_end read with pread on `fd` (owned
     by the whole file's source), then the root's end tag. */
  int is_part;
  unsigned char *part_prefix;
  size_t prefix_length, prefix_offset;
  int64_t part_offset, part_end;
  char part_suffix[132];
  size_t suffix_length, suffix_offset;
  /* Content bytes (decompressed) handed out so far, and the most that may
     be (0: no limit); `over_limit` once a read went past it. */
  int64_t content_read;
  int64_t limit;
  int over_limit;
};

static void set_error(char *error, size_t size, const char *message) {
  if (error && size) snprintf(error, size, "%s", message);
}

static ssize_t read_memory(xmltv_source *source, unsigned char *buffer, size_t length) {
  size_t left = source->memory_length - source->memory_offset;
  size_t n = left < length ? left : length;
  memcpy(buffer, source->memory + source->memory_offset, n);
  source->memory_offset += n;
  return (ssize_t)n;
}

static ssize_t read_fully_from(xmltv_source *source, unsigned char *buffer, size_t length) {
  if (source->fd < 0) return read_memory(source, buffer, length);
  int fd = source->fd;
  size_t total = 0;
  while (total < length) {
    ssize_t got = read(fd, buffer + total, length - total);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return -1;
    if (got == 0) break;
    total += (size_t)got;
  }
  return (ssize_t)total;
}

static xmltv_source *fail_open(xmltv_source *source, char *error, size_t size,
                               const char *message) {
  set_error(error, size, message);
  xmltv_source_close(source);
  return NULL;
}

static xmltv_source *source_start(xmltv_source *source, char *error, size_t error_size);

xmltv_source *xmltv_source_open(const char *path, char *error, size_t error_size) {
  if (!path) {
    set_error(error, error_size, "no file name");
    return NULL;
  }
  int use_stdin = strcmp(path, "-") == 0;
  int fd = use_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    set_error(error, error_size, strerror(errno));
    return NULL;
  }
  xmltv_source *source = calloc(1, sizeof *source);
  if (!source) {
    if (!use_stdin) close(fd);
    set_error(error, error_size, "out of memory");
    return NULL;
  }
  source->fd = fd;
  source->owns_fd = !use_stdin;
  struct stat st;
  if (fstat(fd, &st) != 0) return fail_open(source, error, error_size, strerror(errno));
  if (S_ISDIR(st.st_mode))
    return fail_open(source, error, error_size, "is a directory, not a guide file");
  if (S_ISREG(st.st_mode) && st.st_size == 0)
    return fail_open(source, error, error_size, "empty file");
  source->size = S_ISREG(st.st_mode) ? (int64_t)st.st_size : 0;
  return source_start(source, error, error_size);
}

xmltv_source *xmltv_source_open_memory(const unsigned char *bytes, size_t length) {
  xmltv_source *source = calloc(1, sizeof *source);
  if (!source) return NULL;
  source->fd = -1;
  source->memory = bytes;
  source->memory_length = length;
  source->size = (int64_t)length;
  char error[8];
  if (length == 0) {
    source->at_end = 1;
    source->peeked = 1;
    return source;
  }
  return source_start(source, error, sizeof error);
}

static xmltv_source *source_start(xmltv_source *source, char *error, size_t error_size) {
  /* Read the first bytes raw; they tell whether this is gzip (1f 8b). */
  ssize_t got = read_fully_from(source, source->peek, 2);
  if (got < 0) return fail_open(source, error, error_size, strerror(errno));
  if (got == 0) return fail_open(source, error, error_size, "empty input");
  source->raw_position = got;
  source->peek_length = (size_t)got;
  if (got == 2 && source->peek[0] == 0x1f && source->peek[1] == 0x8b) {
    pthread_once(&zlib_once, zlib_load);
    if (!zlib.available)
      return fail_open(source, error, error_size,
                       "gzip-compressed, but zlib (libz.so.1) is not available");
    source->raw = malloc(RAW_SIZE);
    if (!source->raw) return fail_open(source, error, error_size, "out of memory");
    source->raw[0] = 0x1f;
    source->raw[1] = 0x8b;
    memset(&source->z, 0, sizeof source->z);
    source->z.next_in = source->raw;
    source->z.avail_in = 2;
    /* 15 + 16: a gzip wrapper. */
    if (zlib.inflateInit2_(&source->z, 15 + 16, zlib.zlibVersion(), (int)sizeof source->z) != 0)
      return fail_open(source, error, error_size, "cannot start gzip decompression");
    source->z_ready = 1;
    source->is_gzip = 1;
    source->peek_length = 0;
  } else {
    source->content_read = got;
  }
  return source;
}

static long gzip_read(xmltv_source *source, unsigned char *buffer, size_t length) {
  z_stream_abi *z = &source->z;
  if (length > (1u << 30)) length = 1u << 30;
  z->next_out = buffer;
  z->avail_out = (unsigned)length;
  while (z->avail_out == length) {
    if (z->avail_in == 0 && !source->raw_end) {
      ssize_t got = read_fully_from(source, source->raw, RAW_SIZE);
      if (got < 0) {
        snprintf(source->error, sizeof source->error, "%s", strerror(errno));
        return -1;
      }
      if (got == 0) source->raw_end = 1;
      source->raw_position += got;
      z->next_in = source->raw;
      z->avail_in = (unsigned)got;
    }
    if (source->z_member_done) {
      /* Another gzip member follows, or trailing bytes that are ignored. */
      if (z->avail_in == 0 && source->raw_end) return 0;
      if (z->avail_in == 0) continue;
      if (z->next_in[0] != 0x1f) {
        z->avail_in = 0;
        source->raw_end = 1;
        return 0;
      }
      zlib.inflateReset(z);
      source->z_member_done = 0;
    }
    if (z->avail_in == 0 && source->raw_end) {
      snprintf(source->error, sizeof source->error,
               "gzip data cut short (unexpected end of compressed file)");
      return -1;
    }
    int status = zlib.inflate(z, 0 /* Z_NO_FLUSH */);
    if (status == 1 /* Z_STREAM_END */) {
      source->z_member_done = 1;
    } else if (status != 0 && status != -5 /* Z_BUF_ERROR: needs input */) {
      snprintf(source->error, sizeof source->error, "gzip data corrupt (%s)",
               z->msg ? z->msg : "bad compressed data");
      return -1;
    }
  }
  return (long)(length - z->avail_out);
}

ssize_t xmltv_internal_pread(int fd, unsigned char *buffer, size_t length, int64_t offset) {
  size_t total = 0;
  while (total < length) {
    ssize_t got = pread(fd, buffer + total, length - total, (off_t)(offset + (int64_t)total));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return -1;
    if (got == 0) break;
    total += (size_t)got;
  }
  return (ssize_t)total;
}

int xmltv_internal_plain_file(const xmltv_source *source) {
  if (source->fd < 0 || !source->owns_fd || source->is_gzip || source->is_part ||
      source->size <= 0)
    return -1;
  return source->fd;
}

xmltv_source *xmltv_source_open_part(xmltv_source *whole, const xmltv_prolog *prolog,
                                     int64_t start, int64_t length, char *error,
                                     size_t error_size) {
  int fd = xmltv_internal_plain_file(whole);
  if (fd < 0 || start < 0 || length <= 0 || start + length > whole->size) {
    set_error(error, error_size, "not a part of a plain file");
    return NULL;
  }
  xmltv_source *source = calloc(1, sizeof *source);
  if (!source) {
    set_error(error, error_size, "out of memory");
    return NULL;
  }
  source->fd = fd;
  source->owns_fd = 0;
  source->is_part = 1;
  source->peeked = 1; /* no peek buffer: reads go to part_read */
  source->size = length;
  source->part_offset = start;
  source->part_end = start + length;
  if (start > 0) {
    source->part_prefix = malloc(prolog->length + 1);
    if (!source->part_prefix) return fail_open(source, error, error_size, "out of memory");
    ssize_t got = xmltv_internal_pread(fd, source->part_prefix, prolog->length, 0);
    if (got != (ssize_t)prolog->length)
      return fail_open(source, error, error_size, got < 0 ? strerror(errno) : "file changed");
    source->part_prefix[prolog->length] = '\n';
    source->prefix_length = prolog->length + 1;
  }
  if (start + length < whole->size) {
    int n = snprintf(source->part_suffix, sizeof source->part_suffix, "</%s>", prolog->root);
    if (n < 0 || (size_t)n >= sizeof source->part_suffix)
      return fail_open(source, error, error_size, "root name too long");
    source->suffix_length = (size_t)n;
  }
  return source;
}

int xmltv_source_part_read(const xmltv_source *source) {
  return source->is_part && source->part_offset >= source->part_end;
}

/* Reads a part: prefix, own bytes, suffix. */
static long part_read(xmltv_source *source, unsigned char *buffer, size_t length) {
  if (source->prefix_offset < source->prefix_length) {
    size_t n = source->prefix_length - source->prefix_offset;
    if (n > length) n = length;
    memcpy(buffer, source->part_prefix + source->prefix_offset, n);
    source->prefix_offset += n;
    return (long)n;
  }
  if (source->part_offset < source->part_end) {
    int64_t left = source->part_end - source->part_offset;
    size_t n = (int64_t)length < left ? length : (size_t)left;
    ssize_t got = xmltv_internal_pread(source->fd, buffer, n, source->part_offset);
    if (got < 0) {
      snprintf(source->error, sizeof source->error, "%s", strerror(errno));
      return -1;
    }
    if (got == 0) {
      snprintf(source->error, sizeof source->error, "the file became shorter while it was read");
      return -1;
    }
    source->part_offset += got;
    source->raw_position += got;
    return (long)got;
  }
  size_t n = source->suffix_length - source->suffix_offset;
  if (n > length) n = length;
  memcpy(buffer, source->part_suffix + source->suffix_offset, n);
  source->suffix_offset += n;
  return (long)n;
}

/* Reads content bytes, bypassing the peek buffer. */
static long source_read_direct(xmltv_source *source, unsigned char *buffer, size_t length) {
  if (source->over_limit) return -1;
  if (source->at_end || length == 0) return 0;
  if (source->limit > 0 && !source->is_part) {
    /* One byte past the limit is asked for, so that content of exactly the
       limit still ends normally. */
    int64_t room = source->limit - source->content_read + 1;
    if ((int64_t)length > room) length = (size_t)room;
  }
  long got;
  if (source->is_part) {
    got = part_read(source, buffer, length);
  } else if (source->is_gzip) {
    got = gzip_read(source, buffer, length);
  } else {
    ssize_t n;
    if (source->fd < 0)
      n = read_memory(source, buffer, length);
    else
      do {
        n = read(source->fd, buffer, length);
      } while (n < 0 && errno == EINTR);
    if (n < 0) snprintf(source->error, sizeof source->error, "%s", strerror(errno));
    if (n > 0) source->raw_position += n;
    got = (long)n;
  }
  if (got == 0) source->at_end = 1;
  if (got > 0 && !source->is_part) {
    source->content_read += got;
    if (source->limit > 0 && source->content_read > source->limit) {
      source->over_limit = 1;
      snprintf(source->error, sizeof source->error, "larger than the limit of %lld bytes",
               (long long)source->limit);
      return -1;
    }
  }
  return got;
}

static int source_fill_peek(xmltv_source *source) {
  if (source->peeked) return 0;
  source->peeked = 1;
  while (source->peek_length < PEEK_SIZE) {
    long got = source_read_direct(source, source->peek + source->peek_length,
                                  PEEK_SIZE - source->peek_length);
    if (got < 0) return -1;
    if (got == 0) break;
    source->peek_length += (size_t)got;
  }
  return 0;
}

int xmltv_source_first_byte(xmltv_source *source) {
  if (source_fill_peek(source) != 0) return -2;
  size_t i = source->peek_offset;
  if (source->peek_length - i >= 3 && source->peek[i] == 0xEF && source->peek[i + 1] == 0xBB &&
      source->peek[i + 2] == 0xBF)
    i += 3;
  for (; i < source->peek_length; i++) {
    unsigned char c = source->peek[i];
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return c;
  }
  return -1;
}

long xmltv_source_read(xmltv_source *source, unsigned char *buffer, size_t length) {
  if (source_fill_peek(source) != 0) return -1;
  if (source->peek_offset < source->peek_length) {
    size_t left = source->peek_length - source->peek_offset;
    size_t n = left < length ? left : length;
    memcpy(buffer, source->peek + source->peek_offset, n);
    source->peek_offset += n;
    return (long)n;
  }
  return source_read_direct(source, buffer, length);
}

int xmltv_source_set_limit(xmltv_source *source, int64_t max_bytes) {
  source->limit = max_bytes > 0 ? max_bytes : 0;
  /* A plain file's size is its content's: refused before reading it. */
  if (source->limit > 0 && !source->is_gzip && !source->is_part && source->size > source->limit) {
    source->over_limit = 1;
    snprintf(source->error, sizeof source->error, "larger than the limit of %lld bytes",
             (long long)source->limit);
    return -1;
  }
  /* What was read ahead to sniff the content may be past it already. */
  if (source->limit > 0 && source->content_read > source->limit) {
    source->over_limit = 1;
    snprintf(source->error, sizeof source->error, "larger than the limit of %lld bytes",
             (long long)source->limit);
    return -1;
  }
  return 0;
}

int xmltv_source_over_limit(const xmltv_source *source) { return source->over_limit; }

const char *xmltv_source_error(const xmltv_source *source) { return source->error; }

int64_t xmltv_source_position(const xmltv_source *source) { return source->raw_position; }

int64_t xmltv_source_size(const xmltv_source *source) { return source->size; }

void xmltv_source_close(xmltv_source *source) {
  if (!source) return;
  if (source->z_ready) zlib.inflateEnd(&source->z);
  free(source->raw);
  free(source->part_prefix);
  if (source->owns_fd && source->fd >= 0) close(source->fd);
  free(source);
}
