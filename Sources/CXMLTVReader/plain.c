/* The plain scanner: reads a part of a large file (xmltv_source_split)
   without libxml2 when the part's bytes keep to the plain subset of XML
   that XMLTV files are written in, and hands the record building in
   reader.c the events libxml2's SAX2 parser would give for them.

   It never decides that a file is wrong, only that a part is plainly
   right: on anything outside the subset, and on anything not well-formed,
   it gives up, and the caller parses the part with libxml2, whose errors
   and findings are then the file's.

   The subset:
   - UTF-8 without C0 controls other than TAB and LF (so no CR, which
     libxml2 turns into LF), without U+FFFE and U+FFFF;
   - element and attribute names of ASCII letters, digits and `_.-` (no
     colon: no namespaces), no attribute named xmlns, no attribute twice;
   - attribute values without TAB or LF (libxml2 turns them into spaces)
     and without references to white-space characters (libxml2 decodes
     them before the reader trims the value);
   - references only to the five predefined entities and to characters;
   - comments; no CDATA section, processing instruction or DOCTYPE;
   - at most MAX_DEPTH open elements, names and values of bounded length
     (far inside libxml2's own limits). */
#define _GNU_SOURCE /* memmem */
#include "CXMLTVReader.h"
#include "parser.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

enum {
  MAX_DEPTH = 200,
  MAX_ATTRIBUTES = 32,
  MAX_NAME = 1000,
  MAX_VALUE = 1 << 20,
  MAX_COMMENT = 1 << 20,
  /* Room for one tag's names, each NUL-terminated. */
  NAMES_SIZE = (MAX_ATTRIBUTES + 1) * 64,
};

/* Whether b[0..n) is UTF-8 of XML characters without CR; counts the LFs. */
static int plain_bytes(const unsigned char *b, size_t n, long *newlines) {
  long lines = 0;
  size_t i = 0;
  while (i < n) {
#ifdef __SSE2__
    /* sixteen ASCII bytes at a time: no control but TAB and LF */
    const __m128i space = _mm_set1_epi8(0x20), lf = _mm_set1_epi8('\n'),
                  tab = _mm_set1_epi8('\t');
    while (i + 16 <= n) {
      __m128i v = _mm_loadu_si128((const __m128i *)(b + i));
      if (_mm_movemask_epi8(v)) break;
      __m128i is_lf = _mm_cmpeq_epi8(v, lf);
      __m128i control = _mm_andnot_si128(_mm_or_si128(is_lf, _mm_cmpeq_epi8(v, tab)),
                                         _mm_cmplt_epi8(v, space));
      if (_mm_movemask_epi8(control)) return 0;
      lines += __builtin_popcount((unsigned)_mm_movemask_epi8(is_lf));
      i += 16;
    }
#endif
    while (i + 8 <= n) {
      uint64_t w;
      memcpy(&w, b + i, 8);
      if (w & HIGH_BITS) break;
      uint64_t below_space = ~((w & LOW_BITS) + ONES * 0x60) & HIGH_BITS;
      if (below_space) {
        uint64_t lf = zero_bytes(w ^ (ONES * '\n'));
        if (below_space & ~(lf | zero_bytes(w ^ (ONES * '\t')))) return 0;
        lines += __builtin_popcountll(lf);
      }
      i += 8;
    }
    if (i >= n) break;
    unsigned char c = b[i];
    if (c < 0x80) {
      if (c == '\n')
        lines++;
      else if (c < 0x20 && c != '\t')
        return 0;
      i++;
      continue;
    }
    int need = utf8_character(b + i, n - i);
    if (need <= 0) return 0;
    i += (size_t)need;
  }
  *newlines = lines;
  return 1;
}

typedef struct {
  const unsigned char *b;
  size_t n;
  parser_t *p;
  /* Lines: `line` is the line of byte `counted`, `line_start` where that
     line starts. */
  long line;
  size_t counted, line_start;
} scan_t;

static inline int is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n'; }

/* Bytes of plain names: 1 may start one, 2 may follow. */
static const unsigned char name_bytes[256] = {
    ['-'] = 2, ['.'] = 2, ['0'] = 2, ['1'] = 2, ['2'] = 2, ['3'] = 2, ['4'] = 2, ['5'] = 2,
    ['6'] = 2, ['7'] = 2, ['8'] = 2, ['9'] = 2, ['_'] = 3,
    ['A'] = 3, ['B'] = 3, ['C'] = 3, ['D'] = 3, ['E'] = 3, ['F'] = 3, ['G'] = 3, ['H'] = 3,
    ['I'] = 3, ['J'] = 3, ['K'] = 3, ['L'] = 3, ['M'] = 3, ['N'] = 3, ['O'] = 3, ['P'] = 3,
    ['Q'] = 3, ['R'] = 3, ['S'] = 3, ['T'] = 3, ['U'] = 3, ['V'] = 3, ['W'] = 3, ['X'] = 3,
    ['Y'] = 3, ['Z'] = 3,
    ['a'] = 3, ['b'] = 3, ['c'] = 3, ['d'] = 3, ['e'] = 3, ['f'] = 3, ['g'] = 3, ['h'] = 3,
    ['i'] = 3, ['j'] = 3, ['k'] = 3, ['l'] = 3, ['m'] = 3, ['n'] = 3, ['o'] = 3, ['p'] = 3,
    ['q'] = 3, ['r'] = 3, ['s'] = 3, ['t'] = 3, ['u'] = 3, ['v'] = 3, ['w'] = 3, ['x'] = 3,
    ['y'] = 3, ['z'] = 3,
};

static inline int is_name_start(unsigned char c) { return name_bytes[c] & 1; }

static inline int is_name_char(unsigned char c) { return name_bytes[c] & 2; }

/* The end of the name at b[i] (i itself when there is none), or 0 when it
   is not a plain name (a colon, a byte that is not ASCII, too long). */
static size_t name_end(const scan_t *s, size_t i) {
  if (i >= s->n || !is_name_start(s->b[i])) return 0;
  size_t j = i + 1;
#ifdef __SSE2__
  /* sixteen bytes at a time: letters, digits, '-', '.', '_' */
  while (j + 16 <= s->n) {
    __m128i v = _mm_loadu_si128((const __m128i *)(s->b + j));
    __m128i lower = _mm_or_si128(v, _mm_set1_epi8(0x20));
    __m128i letter = _mm_and_si128(_mm_cmpgt_epi8(lower, _mm_set1_epi8('a' - 1)),
                                   _mm_cmplt_epi8(lower, _mm_set1_epi8('z' + 1)));
    __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
                                  _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
    __m128i mark = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('-')), _mm_cmpeq_epi8(v, _mm_set1_epi8('.'))),
        _mm_cmpeq_epi8(v, _mm_set1_epi8('_')));
    unsigned other =
        ~(unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(letter, digit), mark)) & 0xFFFF;
    if (other) {
      j += (size_t)__builtin_ctz(other);
      goto found;
    }
    j += 16;
  }
#endif
  while (j < s->n && is_name_char(s->b[j])) j++;
#ifdef __SSE2__
found:
#endif
  if (j >= s->n || s->b[j] == ':' || s->b[j] >= 0x80 || j - i > MAX_NAME) return 0;
  return j;
}

/* Sets the parser's position to byte `at`: its line, and its column in
   characters (as libxml2 counts them), 1-based. */
static void locate(scan_t *s, size_t at) {
  if (s->counted < at) {
    const unsigned char *last = memrchr(s->b + s->counted, '\n', at - s->counted);
    if (last) {
      size_t k = s->counted, end = (size_t)(last - s->b) + 1;
#ifdef __SSE2__
      for (; k + 16 <= end; k += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(s->b + k));
        s->line += __builtin_popcount(
            (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))));
      }
#endif
      for (; k < end; k++) s->line += s->b[k] == '\n';
      s->line_start = end;
    }
    s->counted = at;
  }
  /* one column per byte that does not continue a UTF-8 sequence */
  long column = 1 + (long)(at - s->line_start);
  size_t k = s->line_start;
#ifdef __SSE2__
  for (; k + 16 <= at; k += 16) {
    __m128i v = _mm_loadu_si128((const __m128i *)(s->b + k));
    __m128i continuing =
        _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8((char)0xC0)), _mm_set1_epi8((char)0x80));
    column -= __builtin_popcount((unsigned)_mm_movemask_epi8(continuing));
  }
#endif
  for (; k < at; k++)
    if ((s->b[k] & 0xC0) == 0x80) column--;
  s->p->plain_line = s->line;
  s->p->plain_column = column;
}

/* Reads the reference at b[i] ('&'); writes its UTF-8 into `out` (at most
   4 bytes) and returns the index after it, or 0 when it is not a plain
   reference. `in_value`: a reference to a white-space character is not
   plain there. */
static size_t reference(const scan_t *s, size_t i, unsigned char *out, size_t *out_length,
                        int in_value) {
  size_t limit = s->n - i < 24 ? s->n - i : 24;
  const unsigned char *semicolon = memchr(s->b + i, ';', limit);
  if (!semicolon) return 0;
  const unsigned char *body = s->b + i + 1;
  size_t length = (size_t)(semicolon - body);
  size_t next = (size_t)(semicolon - s->b) + 1;
  if (length >= 2 && body[0] == '#') {
    long cp = xmltv_internal_char_reference(body, length);
    if (cp < 0) return 0;
    if (in_value && (cp == 0x9 || cp == 0xA || cp == 0xD || cp == 0x20)) return 0;
    *out_length = utf8_encode((unsigned)cp, out);
    return next;
  }
  char value = predefined_entity(body, length);
  if (!value) return 0;
  out[0] = (unsigned char)value;
  *out_length = 1;
  return next;
}

/* The first of b[i..n) that is '<', '&' or ']' (what ends a run of plain
   text), or n: eight bytes at a time. */
static inline size_t text_end(const unsigned char *b, size_t i, size_t n) {
#ifdef __SSE2__
  const __m128i lt = _mm_set1_epi8('<'), amp = _mm_set1_epi8('&'), bracket = _mm_set1_epi8(']');
  while (i + 16 <= n) {
    __m128i v = _mm_loadu_si128((const __m128i *)(b + i));
    unsigned hit = (unsigned)_mm_movemask_epi8(_mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(v, lt), _mm_cmpeq_epi8(v, amp)), _mm_cmpeq_epi8(v, bracket)));
    if (hit) return i + (size_t)__builtin_ctz(hit);
    i += 16;
  }
#endif
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  while (i + 8 <= n) {
    uint64_t w;
    memcpy(&w, b + i, 8);
    uint64_t hit = zero_bytes(w ^ (ONES * '<')) | zero_bytes(w ^ (ONES * '&')) |
                   zero_bytes(w ^ (ONES * ']'));
    if (hit) return i + (size_t)(__builtin_ctzll(hit) >> 3);
    i += 8;
  }
#endif
  while (i < n && b[i] != '<' && b[i] != '&' && b[i] != ']') i++;
  return i;
}

/* Hands over the text b[from..to) (no markup or reference in it); 0 when
   it is not plain. `only_space`: anything but white space is not (after
   the root's end tag). */
static int characters(scan_t *s, size_t from, size_t to, int only_space) {
  if (to <= from) return 1;
  if (only_space) {
    for (size_t k = from; k < to; k++)
      if (!is_space(s->b[k])) return 0;
    return 1;
  }
  xmltv_internal_characters(s->p, s->b + from, (int)(to - from));
  return 1;
}

/* The end of the attribute value starting at b[i], closed by `quote`: the
   index of the closing quote, or 0 when the value is not plain (no '<',
   TAB or LF; plain references only) or not closed. */
static size_t value_end(const scan_t *s, size_t i, unsigned char quote) {
  size_t limit = s->n - i > MAX_VALUE ? i + MAX_VALUE : s->n;
  for (;;) {
#ifdef __SSE2__
    /* sixteen bytes at a time to the first that ends or may spoil it */
    while (i + 16 <= limit) {
      __m128i v = _mm_loadu_si128((const __m128i *)(s->b + i));
      __m128i hit = _mm_or_si128(
          _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)quote)),
                       _mm_cmpeq_epi8(v, _mm_set1_epi8('&'))),
          _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('<')),
                       _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)))); /* TAB, LF (and >= 0x80) */
      unsigned mask = (unsigned)_mm_movemask_epi8(hit);
      if (mask) {
        i += (size_t)__builtin_ctz(mask);
        break;
      }
      i += 16;
    }
#endif
    while (i < limit) {
      unsigned char c = s->b[i];
      if (c == quote || c == '&' || c == '<' || c == '\t' || c == '\n') break;
      i++;
    }
    if (i >= limit) return 0;
    unsigned char c = s->b[i];
    if (c == quote) return i;
    if (c == '&') {
      unsigned char decoded[4];
      size_t length;
      size_t next = reference(s, i, decoded, &length, 1);
      if (!next) return 0;
      i = next;
      continue;
    }
    if (c == '<' || c == '\t' || c == '\n') return 0;
    i++; /* a byte >= 0x80, part of a character */
  }
}

/* Reads the start tag at b[i] ('<' then a name start); hands it over and
   returns the index after it, or 0 when it is not plain. `*empty`: the tag
   closed itself. Its name is b[i+1..*name_end). */
static size_t start_tag(scan_t *s, size_t i, int *empty, size_t *name_stop) {
  const unsigned char *b = s->b;
  size_t stop = name_end(s, i + 1);
  if (!stop) return 0;
  *name_stop = stop;
  char names[NAMES_SIZE];
  size_t used = 0;
  const xmlChar *attributes[5 * MAX_ATTRIBUTES];
  size_t name_starts[MAX_ATTRIBUTES], name_lengths[MAX_ATTRIBUTES];
  int count = 0;
  if (stop - (i + 1) + 1 > NAMES_SIZE) return 0;
  memcpy(names, b + i + 1, stop - (i + 1));
  names[stop - (i + 1)] = 0;
  used = stop - (i + 1) + 1;
  size_t k = stop;
  for (;;) {
    size_t spaced = k;
    while (k < s->n && is_space(b[k])) k++;
    if (k >= s->n) return 0;
    if (b[k] == '>' || b[k] == '/') {
      if (b[k] == '/' && (k + 1 >= s->n || b[k + 1] != '>')) return 0;
      *empty = b[k] == '/';
      if (!s->p->record_kind) locate(s, k);
      xmltv_internal_start_element(s->p, (const xmlChar *)names, NULL, NULL, 0, NULL, count, 0,
                                   attributes);
      return k + (*empty ? 2 : 1);
    }
    if (k == spaced || count == MAX_ATTRIBUTES) return 0;
    size_t attribute_stop = name_end(s, k);
    if (!attribute_stop) return 0;
    size_t length = attribute_stop - k;
    if (length == 5 && memcmp(b + k, "xmlns", 5) == 0) return 0;
    for (int a = 0; a < count; a++)
      if (name_lengths[a] == length && memcmp(b + name_starts[a], b + k, length) == 0) return 0;
    if (used + length + 1 > NAMES_SIZE) return 0;
    name_starts[count] = k;
    name_lengths[count] = length;
    memcpy(names + used, b + k, length);
    names[used + length] = 0;
    size_t name_at = used;
    used += length + 1;
    k = attribute_stop;
    while (k < s->n && is_space(b[k])) k++;
    if (k >= s->n || b[k] != '=') return 0;
    k++;
    while (k < s->n && is_space(b[k])) k++;
    if (k >= s->n || (b[k] != '"' && b[k] != '\'')) return 0;
    size_t value = k + 1, close = value_end(s, value, b[k]);
    if (!close) return 0;
    const xmlChar **a = attributes + 5 * count;
    a[0] = (const xmlChar *)names + name_at;
    a[1] = NULL;
    a[2] = NULL;
    a[3] = b + value;
    a[4] = b + close;
    count++;
    k = close + 1;
  }
}

/* Reads the end tag at b[i] ("</") of the element named `name` (`length`
   bytes); returns the index after it, or 0 when it is not plain or names
   another element. */
static size_t end_tag(const scan_t *s, size_t i, const void *name, size_t length) {
  size_t k = i + 2 + length;
  if (k >= s->n || memcmp(s->b + i + 2, name, length) != 0) return 0;
  while (k < s->n && is_space(s->b[k])) k++;
  if (k >= s->n || s->b[k] != '>') return 0;
  return k + 1;
}

/* Reads the comment at b[i] ("<!"); returns the index after it, or 0. */
static size_t comment(const scan_t *s, size_t i) {
  if (i + 4 > s->n || memcmp(s->b + i, "<!--", 4) != 0) return 0;
  size_t limit = s->n - (i + 4) < MAX_COMMENT ? s->n - (i + 4) : MAX_COMMENT;
  const unsigned char *dashes = memmem(s->b + i + 4, limit, "--", 2);
  if (!dashes || dashes + 2 >= s->b + s->n || dashes[2] != '>') return 0;
  return (size_t)(dashes - s->b) + 3;
}

/* Reads b[0..n): the children of the root, and its end tag when `root` is
   not NULL. 1 when read (or stopped by a callback), 0 when not plain. */
static int scan(scan_t *s, const char *root) {
  const unsigned char *b = s->b;
  size_t starts[MAX_DEPTH], stops[MAX_DEPTH];
  int depth = 0;
  int closed = 0; /* the root's end tag was read */
  size_t i = 0;
  size_t text = 0; /* where the text not yet handed over starts */
  for (;;) {
    size_t k = text_end(b, i, s->n);
    if (k < s->n && b[k] == ']') {
      if (k + 2 < s->n && b[k + 1] == ']' && b[k + 2] == '>') return 0;
      i = k + 1;
      continue;
    }
    if (!characters(s, text, k, closed)) return 0;
    if (k >= s->n) break;
    i = k;
    size_t next, name_stop;
    if (b[i] == '&') {
      unsigned char decoded[4];
      size_t length;
      next = closed ? 0 : reference(s, i, decoded, &length, 0);
      if (!next) return 0;
      xmltv_internal_characters(s->p, decoded, (int)length);
      i = text = next;
      continue;
    }
    if (i + 1 >= s->n) return 0;
    unsigned char c = b[i + 1];
    if (c == '!') {
      next = comment(s, i);
    } else if (closed) {
      return 0;
    } else if (c == '/') {
      if (depth == 0) {
        if (!root) return 0;
        next = end_tag(s, i, root, strlen(root));
        if (!next) return 0;
        closed = 1;
      } else {
        depth--;
        next = end_tag(s, i, b + starts[depth], stops[depth] - starts[depth]);
        if (!next) return 0;
        xmltv_internal_end_element(s->p, NULL, NULL, NULL);
      }
    } else {
      int empty = 0;
      next = start_tag(s, i, &empty, &name_stop);
      if (!next) return 0;
      if (empty) {
        xmltv_internal_end_element(s->p, NULL, NULL, NULL);
      } else {
        if (depth == MAX_DEPTH) return 0;
        starts[depth] = i + 1;
        stops[depth] = name_stop;
        depth++;
      }
    }
    if (!next) return 0;
    if (s->p->stopped) return 1;
    i = text = next;
  }
  return depth == 0 && closed == (root != NULL);
}

int xmltv_parse_plain(const unsigned char *bytes, size_t length, long first_line,
                      const char *root, const xmltv_callbacks *callbacks, xmltv_result *result) {
  memset(result, 0, sizeof *result);
  long newlines;
  if (!plain_bytes(bytes, length, &newlines)) return 0;
  parser_t *p = calloc(1, sizeof *p);
  if (!p) return 0;
  p->callbacks = callbacks;
  p->result = result;
  /* Inside the root: its children are at depth 2, as libxml2 counts. */
  p->depth = 1;
  scan_t s = {bytes, length, p, first_line, 0, 0};
  int plain = scan(&s, root);
  xmltv_internal_free_records(p);
  free(p);
  if (!plain) {
    memset(result, 0, sizeof *result);
    return 0;
  }
  result->newlines = newlines;
  result->decoded_bytes = (int64_t)length;
  return 1;
}

int xmltv_parse_plain_part(xmltv_source *whole, const xmltv_prolog *prolog, int64_t start,
                           int64_t length, unsigned char *bytes,
                           const xmltv_callbacks *callbacks, xmltv_result *result) {
  memset(result, 0, sizeof *result);
  int fd = xmltv_internal_plain_file(whole);
  int64_t size = xmltv_source_size(whole);
  if (fd < 0 || start <= 0 || length <= 0 || start + length > size) return 0;
  /* The prolog: UTF-8 (declared or by default), and no namespace. */
  if (strchr(prolog->root, ':') || prolog->length > (1 << 20)) return 0;
  unsigned char *head = malloc(prolog->length);
  if (!head) return 0;
  ssize_t got = xmltv_internal_pread(fd, head, prolog->length, 0);
  int plain_prolog = got == (ssize_t)prolog->length &&
                     xmltv_internal_utf8(head, prolog->length) &&
                     !memmem(head, prolog->length, "xmlns", 5);
  free(head);
  if (!plain_prolog) return 0;
  if (!bytes) return 0;
  got = xmltv_internal_pread(fd, bytes, (size_t)length, start);
  int plain = 0;
  if (got == (ssize_t)length) {
    if (callbacks->progress &&
        callbacks->progress(callbacks->context, length, length) != 0) {
      result->status = XMLTV_CANCELLED;
      snprintf(result->message, sizeof result->message, "cancelled");
      plain = 1;
    } else {
      const char *root = start + length == size ? prolog->root : NULL;
      plain = xmltv_parse_plain(bytes, (size_t)length, prolog->newlines + 2, root, callbacks,
                                result);
      if (plain) result->newlines += prolog->newlines + 1;
    }
  }
  return plain;
}
