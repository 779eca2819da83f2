/* Cutting a large plain XMLTV file into parts that are parsed on several
   threads (xmltv_source_split in the public header).

   A cut is the start of a line holding a `<programme` start tag. The cut
   itself is only found by looking at bytes; what makes it safe is that
   every part is parsed inside the file's own prolog and root start tag and
   closed with the root's end tag: a part before a false cut (inside a
   comment, a CDATA section, an attribute value or an unclosed element)
   cannot parse without error, and the caller then parses the file as one
   stream. Entities would make a part depend on what came before it, so a
   DOCTYPE with an internal subset (the only place they can be declared,
   as external DTDs are never read) is never cut. */
#include "CXMLTVReader.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

enum {
  PROLOG_WINDOW = 1 << 16, /* the prolog must end within the first 64 KiB */
  CUT_WINDOW = 1 << 16,    /* bytes read at a time looking for a cut */
  CUT_LOOKAHEAD = 64,      /* bytes a window overlaps the next one */
  CUT_SEARCH = 1 << 20,    /* how far past its target a cut is looked for */
};

static int is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

static int starts_with(const unsigned char *p, size_t n, size_t i, const char *literal) {
  size_t length = strlen(literal);
  return i + length <= n && memcmp(p + i, literal, length) == 0;
}

/* Offset just past `literal` found at or after `i`, or 0. */
static size_t past(const unsigned char *p, size_t n, size_t i, const char *literal) {
  size_t length = strlen(literal);
  for (; i + length <= n; i++)
    if (memcmp(p + i, literal, length) == 0) return i + length;
  return 0;
}

/* Offset just past the '>' that ends a tag or declaration starting at `i`,
   skipping quoted values, or 0. With `forbid` set, 0 if that byte occurs
   outside quotes (a DOCTYPE's '[' opens its internal subset). */
static size_t past_tag(const unsigned char *p, size_t n, size_t i, unsigned char forbid) {
  unsigned char quote = 0;
  for (; i < n; i++) {
    unsigned char c = p[i];
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (forbid && c == forbid) {
      return 0;
    } else if (c == '>') {
      return i + 1;
    }
  }
  return 0;
}

/* Reads the prolog: XML declaration, comments, processing instructions,
   white space and at most a DOCTYPE without internal subset, then the root
   start tag. 0 when it is anything else. */
static int scan_prolog(const unsigned char *p, size_t n, xmltv_prolog *prolog) {
  size_t i = 0;
  int doctype = 0;
  if (n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) i = 3;
  for (;;) {
    while (i < n && is_space(p[i])) i++;
    if (i >= n || p[i] != '<') return 0;
    if (starts_with(p, n, i, "<?")) {
      i = past(p, n, i + 2, "?>");
    } else if (starts_with(p, n, i, "<!--")) {
      i = past(p, n, i + 4, "-->");
    } else if (starts_with(p, n, i, "<!DOCTYPE")) {
      if (doctype++) return 0;
      i = past_tag(p, n, i + 9, '[');
    } else {
      size_t name = i + 1, end = name;
      if (end >= n) return 0;
      unsigned char c = p[end];
      if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == ':' || c >= 0x80))
        return 0;
      while (end < n && !is_space(p[end]) && p[end] != '/' && p[end] != '>') end++;
      if (end - name >= sizeof prolog->root) return 0;
      size_t close = past_tag(p, n, end, 0);
      if (!close || p[close - 2] == '/') return 0; /* no end, or an empty root */
      memcpy(prolog->root, p + name, end - name);
      prolog->root[end - name] = 0;
      prolog->length = close;
      prolog->newlines = 0;
      for (size_t k = 0; k < close; k++)
        if (p[k] == '\n') prolog->newlines++;
      return 1;
    }
    if (!i) return 0;
  }
}

/* The first cut at or after `from` and before `limit`: the offset just
   after a LF that is followed by spaces or tabs and `<programme` and a
   space, '>' or '/'. -1 if none (or on a read error). */
static int64_t find_cut(int fd, int64_t from, int64_t limit, unsigned char *window) {
  static const char tag[] = "<programme";
  const size_t tag_length = sizeof tag - 1;
  int64_t at = from;
  while (at < limit) {
    int64_t want = limit - at + CUT_LOOKAHEAD;
    if (want > CUT_WINDOW) want = CUT_WINDOW;
    ssize_t got = xmltv_internal_pread(fd, window, (size_t)want, at);
    if (got <= 0) return -1;
    size_t n = (size_t)got;
    size_t scan = n > CUT_LOOKAHEAD ? n - CUT_LOOKAHEAD : n;
    for (size_t i = 0; i < scan; i++) {
      const unsigned char *lf = memchr(window + i, '\n', scan - i);
      if (!lf) break;
      i = (size_t)(lf - window);
      if (at + (int64_t)i + 1 >= limit) return -1;
      size_t j = i + 1;
      while (j < n && (window[j] == ' ' || window[j] == '\t')) j++;
      if (j + tag_length < n && memcmp(window + j, tag, tag_length) == 0) {
        unsigned char c = window[j + tag_length];
        if (is_space(c) || c == '>' || c == '/') return at + (int64_t)i + 1;
      }
    }
    if (n < (size_t)want) return -1; /* end of file */
    at += (int64_t)scan;
  }
  return -1;
}

int xmltv_source_split(xmltv_source *source, int64_t part_size, xmltv_prolog *prolog,
                       int64_t *starts, int capacity) {
  memset(prolog, 0, sizeof *prolog);
  if (capacity < 1) return 0;
  starts[0] = 0;
  int fd = xmltv_internal_plain_file(source);
  int64_t size = fd >= 0 ? xmltv_source_size(source) : 0;
  if (fd < 0 || part_size <= 0 || size < 2 * part_size || capacity < 2) return 1;
  unsigned char *window = malloc(PROLOG_WINDOW > CUT_WINDOW ? PROLOG_WINDOW : CUT_WINDOW);
  if (!window) return 1;
  int count = 1;
  ssize_t got = xmltv_internal_pread(fd, window, PROLOG_WINDOW, 0);
  if (got > 0 && xmltv_internal_decoded_here(window, (size_t)got) &&
      scan_prolog(window, (size_t)got, prolog)) {
    int64_t parts = size / part_size;
    if (parts > capacity) parts = capacity;
    int64_t body = size - (int64_t)prolog->length;
    for (int64_t k = 1; k < parts; k++) {
      int64_t target = (int64_t)prolog->length + body / parts * k;
      if (target <= starts[count - 1]) target = starts[count - 1] + 1;
      int64_t limit = target + CUT_SEARCH < size ? target + CUT_SEARCH : size;
      int64_t cut = find_cut(fd, target, limit, window);
      if (cut > starts[count - 1] && cut < size) starts[count++] = cut;
    }
  }
  free(window);
  return count;
}
