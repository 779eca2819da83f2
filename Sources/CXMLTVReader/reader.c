/* The XMLTV reader: libxml2's SAX2 parser over an xmltv_source, with its
   own decoding of UTF-8 / ISO-8859-1 / Windows-1252 (bad bytes become
   U+FFFD and are counted) and compact records handed to the caller.

   Safety: no network (XML_PARSE_NONET), no external DTD or entity is ever
   loaded (no DTDLOAD, no NOENT, a refusing entity loader and resolver),
   and libxml2's own entity-amplification limits stay on (no XML_PARSE_HUGE). */
#include "CXMLTVReader.h"
#include "parser.h"

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlversion.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* ---------------- global set-up ---------------- */

static xmlParserInputPtr refuse_entity(const char *url, const char *id, xmlParserCtxtPtr ctxt) {
  (void)url;
  (void)id;
  (void)ctxt;
  return NULL;
}

static pthread_once_t setup_once = PTHREAD_ONCE_INIT;
static void setup(void) {
  xmlInitParser();
  xmlSetExternalEntityLoader(refuse_entity);
}

/* ---------------- growable byte buffer ---------------- */


static int buffer_reserve(buffer_t *b, size_t extra) {
  if (b->length + extra <= b->capacity) return 1;
  size_t capacity = b->capacity ? b->capacity : 4096;
  while (capacity < b->length + extra) capacity *= 2;
  char *bytes = realloc(b->bytes, capacity);
  if (!bytes) {
    b->failed = 1;
    return 0;
  }
  b->bytes = bytes;
  b->capacity = capacity;
  return 1;
}

static void buffer_append(buffer_t *b, const void *bytes, size_t length) {
  if (!buffer_reserve(b, length)) return;
  memcpy(b->bytes + b->length, bytes, length);
  b->length += length;
}

/* ---------------- decoding ---------------- */

static const unsigned short cp1252_high[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178,
};

/* Finds `encoding="…"` in the XML declaration at the start of `p`. */
static enum decode_mode sniff_mode(const unsigned char *p, size_t n) {
  if (n >= 2 && ((p[0] == 0xFE && p[1] == 0xFF) || (p[0] == 0xFF && p[1] == 0xFE)))
    return DECODE_PASS; /* UTF-16 */
  if (n >= 2 && (p[0] == 0 || p[1] == 0)) return DECODE_PASS; /* UTF-16/32 without BOM */
  size_t i = 0;
  if (n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) i = 3;
  if (n - i < 5 || memcmp(p + i, "<?xml", 5) != 0) return DECODE_UTF8;
  size_t end = i;
  while (end + 1 < n && end < i + 512 && !(p[end] == '?' && p[end + 1] == '>')) end++;
  for (size_t k = i; k + 8 < end; k++) {
    if (memcmp(p + k, "encoding", 8) != 0) continue;
    size_t j = k + 8;
    while (j < end && (p[j] == ' ' || p[j] == '\t' || p[j] == '\r' || p[j] == '\n')) j++;
    if (j >= end || p[j] != '=') return DECODE_UTF8;
    j++;
    while (j < end && (p[j] == ' ' || p[j] == '\t' || p[j] == '\r' || p[j] == '\n')) j++;
    if (j >= end || (p[j] != '"' && p[j] != '\'')) return DECODE_UTF8;
    unsigned char quote = p[j++];
    char name[40];
    size_t len = 0;
    while (j < end && p[j] != quote && len + 1 < sizeof name) {
      unsigned char c = p[j++];
      name[len++] = (char)((c >= 'A' && c <= 'Z') ? c + 32 : c);
    }
    name[len] = 0;
    static const char *const utf8_names[] = {"utf-8", "utf8", "us-ascii", "ascii", NULL};
    static const char *const cp1252_names[] = {
        "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1",   "latin-1", "l1",
        "windows-1252", "cp1252",  "x-cp1252",  "ibm819",   "cp819",   NULL};
    for (int m = 0; utf8_names[m]; m++)
      if (strcmp(name, utf8_names[m]) == 0) return DECODE_UTF8;
    for (int m = 0; cp1252_names[m]; m++)
      if (strcmp(name, cp1252_names[m]) == 0) return DECODE_CP1252;
    return DECODE_PASS; /* libxml2 converts it (iconv) */
  }
  return DECODE_UTF8;
}

int xmltv_internal_decoded_here(const unsigned char *bytes, size_t length) {
  return sniff_mode(bytes, length) != DECODE_PASS;
}

int xmltv_internal_utf8(const unsigned char *bytes, size_t length) {
  return sniff_mode(bytes, length) == DECODE_UTF8;
}

/* ---------------- parser state ---------------- */


static void diag(parser_t *p, int kind, long line, long column, const char *message) {
  if (line >= 1 && line <= p->quiet_lines) return;
  if (p->callbacks->diagnostic)
    p->callbacks->diagnostic(p->callbacks->context, kind, line, column, message);
}

static void note_bad(parser_t *p) {
  long line = p->out_line + 1;
  if (line <= p->quiet_lines) return;
  p->result->invalid_bytes++;
  if (line != p->reported_bad_line) {
    p->reported_bad_line = line;
    if (p->line_reports < MAX_LINE_REPORTS) {
      p->line_reports++;
      diag(p, XMLTV_DIAG_INVALID_BYTES, line, 0,
           "bytes not valid in the declared encoding replaced by U+FFFD");
    }
  }
}

static inline void put_fffd(parser_t *p, unsigned char **o) {
  (*o)[0] = 0xEF;
  (*o)[1] = 0xBF;
  (*o)[2] = 0xBD;
  *o += 3;
  note_bad(p);
}

/* A C0 control character, which XML 1.0 does not allow: replaced by U+FFFD,
   counted, and reported once a line by its name (it is valid in every
   encoding, so it is not an invalid byte). */
static void put_control(parser_t *p, unsigned char **o, unsigned char c) {
  static const char *const names[32] = {
      "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS",  "HT",  "LF",
      "VT",  "FF",  "CR",  "SO",  "SI",  "DLE", "DC1", "DC2", "DC3", "DC4", "NAK",
      "SYN", "ETB", "CAN", "EM",  "SUB", "ESC", "FS",  "GS",  "RS",  "US"};
  (*o)[0] = 0xEF;
  (*o)[1] = 0xBF;
  (*o)[2] = 0xBD;
  *o += 3;
  long line = p->out_line + 1;
  if (line <= p->quiet_lines) return;
  p->result->control_characters++;
  if (line != p->reported_control_line) {
    p->reported_control_line = line;
    if (p->line_reports < MAX_LINE_REPORTS) {
      p->line_reports++;
      char message[96];
      snprintf(message, sizeof message,
               "control character U+%04X (%s) replaced by U+FFFD", c, names[c & 31]);
      diag(p, XMLTV_DIAG_CONTROL_CHARACTER, line, 0, message);
    }
  }
}

/* Bytes not allowed in XML 1.0 (C0 controls other than TAB, LF, CR). */
static inline int is_bad_control(unsigned char c) {
  return c < 0x20 && c != 0x09 && c != 0x0A && c != 0x0D;
}


/* Decodes raw[0..n) into p->out (UTF-8). `final` means no more input. */
static void decode(parser_t *p, size_t n, int final) {
  unsigned char *src = p->raw;
  unsigned char *o = p->out;
  size_t i = 0;
  p->carry = 0;
  if (p->mode == DECODE_PASS) {
    memcpy(o, src, n);
    p->out_length = n;
    p->out_offset = 0;
    return;
  }
  if (p->mode == DECODE_CP1252) {
    for (; i < n; i++) {
      unsigned char c = src[i];
      if (c < 0x80) {
        if (c == '\n') p->out_line++;
        if (is_bad_control(c))
          put_control(p, &o, c);
        else
          *o++ = c;
      } else {
        unsigned cp = c < 0xA0 ? cp1252_high[c - 0x80] : c;
        if (cp == 0) {
          put_fffd(p, &o);
        } else {
          o += utf8_encode(cp, o);
        }
      }
    }
  } else {
    while (i < n) {
      unsigned char c = src[i];
      if (c < 0x80) {
        /* fast path over ASCII, eight bytes at a time */
        size_t j = i;
        while (j + 8 <= n) {
          uint64_t w;
          memcpy(&w, src + j, 8);
          if (w & HIGH_BITS) break;
          uint64_t below_space = ~((w & LOW_BITS) + ONES * 0x60) & HIGH_BITS;
          if (below_space) {
            uint64_t newlines = zero_bytes(w ^ (ONES * '\n'));
            uint64_t allowed = newlines | zero_bytes(w ^ (ONES * '\t')) | zero_bytes(w ^ (ONES * '\r'));
            if (below_space & ~allowed) break;
            p->out_line += __builtin_popcountll(newlines);
          }
          j += 8;
        }
        while (j < n && src[j] < 0x80 && !is_bad_control(src[j])) {
          if (src[j] == '\n') p->out_line++;
          j++;
        }
        memcpy(o, src + i, j - i);
        o += j - i;
        i = j;
        if (i < n && src[i] < 0x80) {
          put_control(p, &o, src[i]);
          i++;
        }
        continue;
      }
      int need = utf8_character(src + i, n - i);
      if (need < 0 && !final) {
        /* what is there could still be valid: carried to the next read */
        p->carry = n - i;
        memmove(p->raw, src + i, p->carry);
        break;
      }
      if (need <= 0) {
        put_fffd(p, &o);
        i++;
        continue;
      }
      memcpy(o, src + i, (size_t)need);
      o += need;
      i += (size_t)need;
    }
  }
  p->out_length = (size_t)(o - p->out);
  p->out_offset = 0;
}

static int read_callback(void *context, char *buffer, int length) {
  parser_t *p = context;
  if (p->stopped) return -1;
  while (p->out_offset >= p->out_length) {
    if (p->input_done) return 0;
    long got = xmltv_source_read(p->source, p->raw + p->carry, RAW_CHUNK);
    if (got < 0) {
      p->result->status = XMLTV_READ_ERROR;
      snprintf(p->result->message, sizeof p->result->message, "%s",
               xmltv_source_error(p->source));
      p->stopped = 1;
      return -1;
    }
    if (p->callbacks->progress &&
        p->callbacks->progress(p->callbacks->context, xmltv_source_position(p->source),
                               xmltv_source_size(p->source)) != 0) {
      p->result->status = XMLTV_CANCELLED;
      snprintf(p->result->message, sizeof p->result->message, "cancelled");
      p->stopped = 1;
      return -1;
    }
    if (got == 0) p->input_done = 1;
    decode(p, p->carry + (size_t)got, got == 0);
  }
  size_t n = p->out_length - p->out_offset;
  if (n > (size_t)length) n = (size_t)length;
  memcpy(buffer, p->out + p->out_offset, n);
  p->out_offset += n;
  p->result->decoded_bytes += (int64_t)n;
  return (int)n;
}

static int close_callback(void *context) {
  (void)context;
  return 0;
}

/* ---------------- records ---------------- */

static inline int name_is(const xmlChar *name, const char *literal) {
  /* strcmp, inlined: names are compared against literals at every element */
  size_t i = 0;
  for (; literal[i]; i++)
    if (name[i] != (xmlChar)literal[i]) return 0;
  return name[i] == 0;
}

static int field_kind_for(int record_kind, const xmlChar *name) {
  if (record_kind == XMLTV_RECORD_CHANNEL) {
    if (name_is(name, "display-name")) return XMLTV_FIELD_DISPLAY_NAME;
    if (name_is(name, "icon")) return XMLTV_FIELD_ICON;
    if (name_is(name, "lcn")) return XMLTV_FIELD_LCN;
    return 0;
  }
  switch (name[0]) {
  case 't':
    if (name_is(name, "title")) return XMLTV_FIELD_TITLE;
    break;
  case 's':
    if (name_is(name, "sub-title")) return XMLTV_FIELD_SUB_TITLE;
    if (name_is(name, "star-rating")) return XMLTV_FIELD_STAR_RATING;
    if (name_is(name, "subtitles")) return XMLTV_FIELD_SUBTITLES;
    break;
  case 'a':
    if (name_is(name, "audio")) return XMLTV_FIELD_AUDIO;
    if (name_is(name, "audio-described")) return XMLTV_FIELD_AUDIO_DESCRIBED;
    break;
  case 'v':
    if (name_is(name, "video")) return XMLTV_FIELD_VIDEO;
    break;
  case 'u':
    if (name_is(name, "url")) return XMLTV_FIELD_URL;
    break;
  case 'i':
    if (name_is(name, "icon")) return XMLTV_FIELD_ICON;
    if (name_is(name, "image")) return XMLTV_FIELD_IMAGE;
    break;
  case 'd':
    if (name_is(name, "desc")) return XMLTV_FIELD_DESC;
    if (name_is(name, "date")) return XMLTV_FIELD_DATE;
    break;
  case 'c':
    if (name_is(name, "category")) return XMLTV_FIELD_CATEGORY;
    break;
  case 'e':
    if (name_is(name, "episode-num")) return XMLTV_FIELD_EPISODE_NUM;
    break;
  case 'r':
    if (name_is(name, "rating")) return XMLTV_FIELD_RATING;
    if (name_is(name, "review")) return XMLTV_FIELD_REVIEW;
    break;
  case 'l':
    if (name_is(name, "length")) return XMLTV_FIELD_LENGTH;
    if (name_is(name, "last-chance")) return XMLTV_FIELD_LAST_CHANCE;
    if (name_is(name, "live")) return XMLTV_FIELD_LIVE;
    break;
  case 'n':
    if (name_is(name, "new")) return XMLTV_FIELD_NEW;
    break;
  case 'p':
    if (name_is(name, "premiere")) return XMLTV_FIELD_PREMIERE;
    if (name_is(name, "previously-shown")) return XMLTV_FIELD_PREVIOUSLY_SHOWN;
    break;
  default:
    break;
  }
  return 0;
}

/* Finds an attribute (SAX2 layout: localname, prefix, URI, value, end). */
static int find_attribute(int count, const xmlChar **attributes, const char *name,
                          const xmlChar **value, size_t *length) {
  for (int i = 0; i < count; i++) {
    const xmlChar **a = attributes + i * 5;
    if (a[1] == NULL && name_is(a[0], name)) {
      *value = a[3];
      *length = (size_t)(a[4] - a[3]);
      return 1;
    }
  }
  return 0;
}

/* Attribute references: how deep internal entities are expanded, and the
   most bytes one attribute's expansion may add (past it, references stay). */
enum { MAX_ENTITY_DEPTH = 8, MAX_EXPANSION = 1 << 16 };

/* Appends code point `cp` as UTF-8. */
static void append_code_point(buffer_t *b, unsigned cp) {
  unsigned char u[4];
  buffer_append(b, u, utf8_encode(cp, u));
}

/* The code point of a character reference's body (`#38`, `#x26`), or -1
   when it is not one or names a character XML does not allow. */
long xmltv_internal_char_reference(const xmlChar *name, size_t length) {
  if (length < 2 || name[0] != '#') return -1;
  int hex = name[1] == 'x';
  size_t i = hex ? 2 : 1;
  if (i >= length) return -1;
  long cp = 0;
  for (; i < length; i++) {
    int c = name[i], digit;
    if (c >= '0' && c <= '9')
      digit = c - '0';
    else if (hex && c >= 'a' && c <= 'f')
      digit = c - 'a' + 10;
    else if (hex && c >= 'A' && c <= 'F')
      digit = c - 'A' + 10;
    else
      return -1;
    cp = cp * (hex ? 16 : 10) + digit;
    if (cp > 0x10FFFF) return -1;
  }
  int allowed = cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) ||
                (cp >= 0xE000 && cp <= 0xFFFD) || cp >= 0x10000;
  return allowed ? cp : -1;
}

/* The length of the reference body at value[i..n) just after a '&' (the
   bytes up to, not including, its ';'), or -1 when no ';' closes a name or
   `#…` there: the '&' is then a bare one. */
static long reference_body(const xmlChar *value, size_t i, size_t n) {
  size_t limit = n - i < 256 ? n - i : 256;
  for (size_t k = 0; k < limit; k++) {
    xmlChar c = value[i + k];
    if (c == ';') return k > 0 ? (long)k : -1;
    if (c == '&' || c == '<' || c == '"' || c == '\'' || c == ' ' || c == '\t' || c == '\n' ||
        c == '\r' || c == '=' || c == '/' || c == '?')
      return -1;
  }
  return -1;
}

/* Appends an attribute value with its references replaced. Without entity
   substitution (no XML_PARSE_NOENT, on purpose) libxml2 hands attribute
   values over with `&` written as `&#38;` and internal entities as `&name;`;
   character references, the five predefined entities and internal (never
   external) entities are decoded here, within MAX_ENTITY_DEPTH and
   `*budget` bytes. A numeric reference to a character XML does not allow
   becomes U+FFFD; anything else, and a '&' that starts no reference (in a
   value read again after a repair), is kept as written. */
static void append_decoded(parser_t *p, const xmlChar *value, size_t length, int depth,
                           size_t *budget) {
  size_t i = 0;
  while (i < length) {
    const xmlChar *amp = memchr(value + i, '&', length - i);
    size_t plain = amp ? (size_t)(amp - value) - i : length - i;
    buffer_append(&p->arena, value + i, plain);
    i += plain;
    if (i >= length) break;
    long body = reference_body(value, i + 1, length);
    if (body < 0) {
      buffer_append(&p->arena, value + i, 1);
      i++;
      continue;
    }
    const xmlChar *name = value + i + 1;
    size_t name_length = (size_t)body;
    size_t reference_length = name_length + 2;
    long cp = xmltv_internal_char_reference(name, name_length);
    char predefined = predefined_entity(name, name_length);
    if (cp >= 0) {
      append_code_point(&p->arena, (unsigned)cp);
    } else if (name[0] == '#') {
      append_code_point(&p->arena, 0xFFFD);
    } else if (predefined) {
      buffer_append(&p->arena, &predefined, 1);
    } else {
      xmlEntityPtr entity = NULL;
      if (name_length > 0 && name_length < 256 && depth < MAX_ENTITY_DEPTH && p->ctxt) {
        char key[256];
        memcpy(key, name, name_length);
        key[name_length] = 0;
        entity = xmlSAX2GetEntity(p->ctxt, (const xmlChar *)key);
      }
      size_t content_length =
          entity && entity->content ? strlen((const char *)entity->content) : 0;
      if (entity && entity->etype == XML_INTERNAL_GENERAL_ENTITY && entity->content &&
          content_length <= *budget) {
        *budget -= content_length;
        append_decoded(p, entity->content, content_length, depth + 1, budget);
      } else {
        buffer_append(&p->arena, value + i, reference_length);
      }
    }
    i += reference_length;
  }
}

/* The length of the longest start of bytes[0..length) that is at most
   `limit` bytes and ends at a character boundary, without trailing
   spaces. */
static size_t cut_length(const char *bytes, size_t length, size_t limit) {
  if (length <= limit) return length;
  size_t n = limit;
  /* back over continuation bytes to the start of the character cut */
  while (n > 0 && ((unsigned char)bytes[n] & 0xC0) == 0x80) n--;
  while (n > 0 && bytes[n - 1] == ' ') n--;
  return n;
}

/* The name of a field kind in messages: its element as XMLTV writes it. */
static const char *field_name(int kind) {
  switch (kind) {
  case XMLTV_FIELD_TITLE: return "title";
  case XMLTV_FIELD_SUB_TITLE: return "sub-title";
  case XMLTV_FIELD_DESC: return "desc";
  case XMLTV_FIELD_CATEGORY: return "category";
  case XMLTV_FIELD_EPISODE_NUM: return "episode-num";
  case XMLTV_FIELD_DATE: return "date";
  case XMLTV_FIELD_RATING: return "rating";
  case XMLTV_FIELD_STAR_RATING: return "star-rating";
  case XMLTV_FIELD_LENGTH: return "length";
  case XMLTV_FIELD_DISPLAY_NAME: return "display-name";
  case XMLTV_FIELD_LCN: return "lcn";
  case XMLTV_FIELD_CREDIT: return "credits";
  case XMLTV_FIELD_AUDIO: return "audio";
  case XMLTV_FIELD_VIDEO: return "video";
  case XMLTV_FIELD_REVIEW: return "review";
  case XMLTV_FIELD_URL: return "url";
  case XMLTV_FIELD_IMAGE: return "image";
  default: return "text";
  }
}

/* "4 KiB", "64 KiB". */
static void format_limit(char *out, size_t size, size_t limit) {
  snprintf(out, size, "%zu KiB", limit >> 10);
}

/* A text cut (XMLTV_DIAG_TRUNCATED at the record's start tag). Cold: kept
   out of the record building's hot paths. */
__attribute__((cold, noinline)) static void note_cut(parser_t *p, const char *what,
                                                     size_t limit, int64_t seen) {
  char size[32], message[160];
  format_limit(size, sizeof size, limit);
  if (seen > 0)
    snprintf(message, sizeof message, "%s longer than %s (%lld bytes); cut at %s", what, size,
             (long long)seen, size);
  else
    snprintf(message, sizeof message, "%s longer than %s; cut at %s", what, size, size);
  if (p->record_line > p->quiet_lines) p->result->truncations++;
  diag(p, XMLTV_DIAG_TRUNCATED, p->record_line, p->record_column, message);
}

/* Cuts the attribute value written at arena[offset...] to
   XMLTV_TEXT_LIMIT bytes and reports it (`length`: its bytes as given). */
__attribute__((cold, noinline)) static void cut_value(parser_t *p, size_t offset, size_t length,
                                                      const char *what) {
  p->arena.length = offset + cut_length(p->arena.bytes + offset, p->arena.length - offset,
                                        XMLTV_TEXT_LIMIT);
  char name[80];
  snprintf(name, sizeof name, "attribute %s", what);
  note_cut(p, name, XMLTV_TEXT_LIMIT, (int64_t)length);
}

/* Appends trimmed attribute text, references decoded, to the arena, cut
   to XMLTV_TEXT_LIMIT bytes (`what` names it in the message); returns its
   offset. */
static size_t arena_add_trimmed(parser_t *p, const xmlChar *value, size_t length, long *out_len,
                                const char *what) {
  while (length && (*value == ' ' || *value == '\t' || *value == '\n' || *value == '\r')) {
    value++;
    length--;
  }
  while (length && (value[length - 1] == ' ' || value[length - 1] == '\t' ||
                    value[length - 1] == '\n' || value[length - 1] == '\r'))
    length--;
  size_t offset = p->arena.length;
  if (memchr(value, '&', length)) {
    size_t budget = MAX_EXPANSION;
    append_decoded(p, value, length, 0, &budget);
  } else {
    buffer_append(&p->arena, value, length < XMLTV_TEXT_LIMIT + 4 ? length : XMLTV_TEXT_LIMIT + 4);
  }
  if (p->arena.length - offset > XMLTV_TEXT_LIMIT && !p->arena.failed)
    cut_value(p, offset, length, what);
  *out_len = (long)(p->arena.length - offset);
  return offset;
}

/* The captured field's text starts here: its limit by kind, nothing cut. */
static void start_text(parser_t *p) {
  p->capture.text_offset = p->arena.length;
  p->capture_limit = p->capture.kind == XMLTV_FIELD_DESC ? XMLTV_DESC_LIMIT : XMLTV_TEXT_LIMIT;
  p->capture_cut = 0;
  p->capture_seen = 0;
  p->pending_space = 0;
}

static void begin_capture(parser_t *p, int kind, int nb_attributes, const xmlChar **attributes) {
  p->capture_kind = kind;
  p->capture_depth = p->depth;
  p->pending_space = 0;
  memset(&p->capture, 0, sizeof p->capture);
  p->capture.kind = kind;
  p->capture.arena_start = p->arena.length;
  const char *qualifier = "lang";
  if (kind == XMLTV_FIELD_EPISODE_NUM || kind == XMLTV_FIELD_RATING ||
      kind == XMLTV_FIELD_STAR_RATING)
    qualifier = "system";
  else if (kind == XMLTV_FIELD_LENGTH)
    qualifier = "units";
  else if (kind == XMLTV_FIELD_REVIEW)
    qualifier = "type";
  const xmlChar *value;
  size_t length;
  if (find_attribute(nb_attributes, attributes, qualifier, &value, &length)) {
    long len;
    p->capture.qualifier_offset = arena_add_trimmed(p, value, length, &len, qualifier);
    p->capture.qualifier_length = (size_t)len;
    p->capture.has_qualifier = 1;
  }
  if (kind == XMLTV_FIELD_REVIEW) {
    /* extra: "reviewer, source", contiguous in the arena */
    long len = 0, len2 = 0;
    int has_reviewer = find_attribute(nb_attributes, attributes, "reviewer", &value, &length);
    size_t offset = p->arena.length;
    if (has_reviewer) arena_add_trimmed(p, value, length, &len, "reviewer");
    if (find_attribute(nb_attributes, attributes, "source", &value, &length)) {
      if (has_reviewer && len > 0) buffer_append(&p->arena, ", ", 2);
      arena_add_trimmed(p, value, length, &len2, "source");
    }
    p->capture.extra_offset = offset;
    p->capture.extra_length = p->arena.length - offset;
  }
  if (kind == XMLTV_FIELD_SUBTITLES) {
    /* Its text is the type attribute; a nested <language> is left out. */
    if (find_attribute(nb_attributes, attributes, "type", &value, &length)) {
      long len;
      p->capture.text_offset = arena_add_trimmed(p, value, length, &len, "type");
      p->capture.text_length = (size_t)len;
    }
    return;
  }
  if (kind == XMLTV_FIELD_ICON || kind == XMLTV_FIELD_RATING_ICON) {
    if (find_attribute(nb_attributes, attributes, "src", &value, &length)) {
      long len;
      p->capture.text_offset = arena_add_trimmed(p, value, length, &len, "src");
      p->capture.text_length = (size_t)len;
    }
    return;
  }
  start_text(p);
}

/* The person elements of <credits>. */
static int is_credit_role(const xmlChar *name) {
  static const char *const roles[] = {"director", "actor",     "writer",      "adapter",
                                      "producer", "composer",  "editor",      "presenter",
                                      "commentator", "guest"};
  for (size_t i = 0; i < sizeof roles / sizeof roles[0]; i++)
    if (name_is(name, roles[i])) return 1;
  return 0;
}

/* Starts capturing a credit: the element's name as the qualifier, an
   actor's role attribute as the extra. */
static void begin_credit(parser_t *p, const xmlChar *name, int nb_attributes,
                         const xmlChar **attributes) {
  p->capture_kind = XMLTV_FIELD_CREDIT;
  p->capture_depth = p->depth;
  p->pending_space = 0;
  memset(&p->capture, 0, sizeof p->capture);
  p->capture.kind = XMLTV_FIELD_CREDIT;
  p->capture.arena_start = p->arena.length;
  long len;
  p->capture.qualifier_offset =
      arena_add_trimmed(p, name, strlen((const char *)name), &len, "name");
  p->capture.qualifier_length = (size_t)len;
  p->capture.has_qualifier = 1;
  const xmlChar *value;
  size_t length;
  if (find_attribute(nb_attributes, attributes, "role", &value, &length)) {
    p->capture.extra_offset = arena_add_trimmed(p, value, length, &len, "role");
    p->capture.extra_length = (size_t)len;
  }
  start_text(p);
}

/* Whether a field's text comes from an attribute (set by begin_capture),
   not from the element's content. */
static int text_from_attribute(int kind) {
  return kind == XMLTV_FIELD_ICON || kind == XMLTV_FIELD_RATING_ICON ||
         kind == XMLTV_FIELD_SUBTITLES || kind == XMLTV_FIELD_AUDIO_DESCRIBED;
}

/* The captured field's text was cut: reported by the field's name (a
   credit's by its role). */
__attribute__((cold, noinline)) static void note_text_cut(parser_t *p) {
  char name[80];
  if (p->capture.kind == XMLTV_FIELD_CREDIT && p->capture.qualifier_length < 40)
    snprintf(name, sizeof name, "%.*s", (int)p->capture.qualifier_length,
             p->arena.bytes + p->capture.qualifier_offset);
  else
    snprintf(name, sizeof name, "%s", field_name(p->capture.kind));
  note_cut(p, name, p->capture_limit, p->capture_seen);
}

static void end_capture(parser_t *p) {
  if (!text_from_attribute(p->capture.kind))
    p->capture.text_length = p->arena.length - p->capture.text_offset;
  p->capture_kind = 0;
  if (p->field_count >= XMLTV_FIELD_LIMIT) {
    /* Left out, and its bytes given back (not those of a field kept
       since it began: a rating's icon). */
    p->fields_cut++;
    size_t back = p->capture.arena_start > p->arena_kept ? p->capture.arena_start : p->arena_kept;
    if (back < p->arena.length) p->arena.length = back;
    return;
  }
  if (p->field_count == p->field_capacity) {
    /* Out of memory: the record is reported as such when it ends
       (emit_record), never dropped silently. */
    size_t capacity = p->field_capacity ? p->field_capacity * 2 : 32;
    field_offsets *fields = realloc(p->fields, capacity * sizeof *fields);
    if (fields) p->fields = fields;
    xmltv_field *emit_fields =
        fields ? realloc(p->emit_fields, capacity * sizeof *emit_fields) : NULL;
    if (emit_fields) p->emit_fields = emit_fields;
    if (!fields || !emit_fields) {
      p->arena.failed = 1;
      return;
    }
    p->field_capacity = capacity;
  }
  if (p->capture_cut) note_text_cut(p);
  p->fields[p->field_count++] = p->capture;
  p->arena_kept = p->arena.length;
}

/* Appends text[0..length) to the captured text, white space collapsed. */
static void collapse_text(parser_t *p, const xmlChar *text, int length) {
  if (!buffer_reserve(&p->arena, (size_t)length + 1)) return;
  char *o = p->arena.bytes + p->arena.length;
  int has_text = p->arena.length > p->capture.text_offset;
  int pending = p->pending_space;
  for (int i = 0; i < length; i++) {
#ifdef __SSE2__
    /* Sixteen bytes at once once the text has begun, when their only
       white space is single spaces between other bytes: kept as they are. */
    while (i + 16 <= length && has_text && !pending) {
      __m128i v = _mm_loadu_si128((const __m128i *)(text + i));
      /* bytes <= 0x20 (signed compare: bytes >= 0x80 count as above) */
      unsigned white = (unsigned)_mm_movemask_epi8(
          _mm_andnot_si128(_mm_cmplt_epi8(v, _mm_setzero_si128()),
                           _mm_cmplt_epi8(v, _mm_set1_epi8(0x21))));
      unsigned spaces = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
      if ((white & ~spaces) || (white & (white >> 1)) || (white & 0x8000)) break;
      _mm_storeu_si128((__m128i *)o, v);
      o += 16;
      i += 16;
    }
#endif
    /* eight bytes without white space (nor other bytes <= 0x20) at once */
    while (i + 8 <= length) {
      uint64_t w;
      memcpy(&w, text + i, 8);
      uint64_t at_most_space = ~(((w & LOW_BITS) + ONES * 0x5F) | w) & HIGH_BITS;
      if (at_most_space) break;
      if (pending && has_text) *o++ = ' ';
      pending = 0;
      has_text = 1;
      memcpy(o, &w, 8);
      o += 8;
      i += 8;
    }
    if (i >= length) break;
    unsigned char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      pending = 1;
      continue;
    }
    if (pending && has_text) *o++ = ' ';
    pending = 0;
    has_text = 1;
    *o++ = (char)c;
  }
  /* A pending space may need one more byte than reserved: reserved +1. */
  p->arena.length = (size_t)(o - p->arena.bytes);
  p->pending_space = pending;
}

/* Bytes of text collapsed at a time once the limit is near: the text kept
   may pass the limit by this much before it is cut back. */
enum { TEXT_SLICE = 1 << 16 };

static void characters_near_limit(parser_t *p, const xmlChar *text, int length);

void xmltv_internal_characters(void *context, const xmlChar *text, int length) {
  parser_t *p = context;
  if (!p->capture_kind || text_from_attribute(p->capture_kind) || length <= 0) return;
  /* A credit's name is its own text, not that of its <image> or <url>. */
  if (p->capture_kind == XMLTV_FIELD_CREDIT && p->depth != p->capture_depth) return;
  p->capture_seen += length;
  if (p->capture_cut) return;
  /* Collapsing white space only shortens a text: one that fits whole
     cannot pass the limit. */
  size_t kept = p->arena.length - p->capture.text_offset;
  if ((size_t)length <= p->capture_limit - kept && kept <= p->capture_limit) {
    collapse_text(p, text, length);
    return;
  }
  characters_near_limit(p, text, length);
}

/* xmltv_internal_characters for a text that may pass its limit: never
   more than the limit and a slice is held, however long the text (the
   plain scanner hands a whole text over at once). */
__attribute__((noinline)) static void characters_near_limit(parser_t *p, const xmlChar *text,
                                                            int length) {
  while (length > 0) {
    size_t kept = p->arena.length - p->capture.text_offset;
    size_t room = p->capture_limit > kept ? p->capture_limit - kept : 0;
    int slice = length;
    if ((size_t)slice > room + TEXT_SLICE) slice = (int)(room + TEXT_SLICE);
    collapse_text(p, text, slice);
    text += slice;
    length -= slice;
    kept = p->arena.length - p->capture.text_offset;
    if (kept > p->capture_limit && !p->arena.failed) {
      p->arena.length = p->capture.text_offset +
                        cut_length(p->arena.bytes + p->capture.text_offset, kept,
                                   p->capture_limit);
      p->capture_cut = 1;
      p->pending_space = 0;
      return;
    }
  }
}

static void begin_record(parser_t *p, int kind, int nb_attributes, const xmlChar **attributes) {
  p->record_kind = kind;
  p->record_depth = p->depth;
  p->record_line = p->ctxt ? xmlSAX2GetLineNumber(p->ctxt) : p->plain_line;
  p->record_column = p->ctxt ? xmlSAX2GetColumnNumber(p->ctxt) : p->plain_column;
  p->arena.length = 0;
  p->arena.failed = 0;
  p->field_count = 0;
  p->fields_cut = 0;
  p->capture_kind = 0;
  p->value_parent_kind = 0;
  p->in_credits = 0;
  p->group_kind = 0;
  p->id_length = p->start_length = p->stop_length = p->clump_length = -1;
  const xmlChar *value;
  size_t length;
  const char *id_name = kind == XMLTV_RECORD_CHANNEL ? "id" : "channel";
  if (find_attribute(nb_attributes, attributes, id_name, &value, &length))
    p->id_offset = arena_add_trimmed(p, value, length, &p->id_length, id_name);
  if (kind == XMLTV_RECORD_PROGRAMME) {
    if (find_attribute(nb_attributes, attributes, "start", &value, &length))
      p->start_offset = arena_add_trimmed(p, value, length, &p->start_length, "start");
    if (find_attribute(nb_attributes, attributes, "stop", &value, &length))
      p->stop_offset = arena_add_trimmed(p, value, length, &p->stop_length, "stop");
    if (find_attribute(nb_attributes, attributes, "clumpidx", &value, &length))
      p->clump_offset = arena_add_trimmed(p, value, length, &p->clump_length, "clumpidx");
  }
  p->arena_kept = p->arena.length;
}

static xmltv_bytes bytes_at(parser_t *p, size_t offset, long length) {
  xmltv_bytes b = {NULL, 0};
  if (length >= 0) {
    b.bytes = p->arena.bytes ? p->arena.bytes + offset : "";
    b.length = (size_t)length;
  }
  return b;
}

/* Hands the finished record to the caller. Allocates nothing: a failed
   allocation while the record was read stops the parse as out of memory. */
static void emit_record(parser_t *p) {
  if (p->arena.failed) {
    snprintf(p->result->message, sizeof p->result->message, "out of memory");
    p->result->status = XMLTV_READ_ERROR;
    p->stopped = 1;
    if (p->ctxt) xmlStopParser(p->ctxt);
    return;
  }
  if (p->fields_cut) {
    char message[160];
    snprintf(message, sizeof message,
             "more than %d child elements; the other %ld left out", XMLTV_FIELD_LIMIT,
             p->fields_cut);
    if (p->record_line > p->quiet_lines) p->result->truncations++;
    diag(p, XMLTV_DIAG_TRUNCATED, p->record_line, p->record_column, message);
  }
  for (size_t i = 0; i < p->field_count; i++) {
    field_offsets *f = &p->fields[i];
    p->emit_fields[i].kind = f->kind;
    p->emit_fields[i].qualifier =
        bytes_at(p, f->qualifier_offset, f->has_qualifier ? (long)f->qualifier_length : 0);
    p->emit_fields[i].text = bytes_at(p, f->text_offset, (long)f->text_length);
    p->emit_fields[i].extra = bytes_at(p, f->extra_offset, (long)f->extra_length);
  }
  xmltv_record record;
  record.kind = p->record_kind;
  record.line = p->record_line;
  record.column = p->record_column;
  record.id = bytes_at(p, p->id_offset, p->id_length);
  record.start = bytes_at(p, p->start_offset, p->start_length);
  record.stop = bytes_at(p, p->stop_offset, p->stop_length);
  record.clumpidx = bytes_at(p, p->clump_offset, p->clump_length);
  record.fields = p->emit_fields;
  record.field_count = p->field_count;
  if (p->callbacks->record(p->callbacks->context, &record) != 0) {
    p->result->status = XMLTV_CANCELLED;
    snprintf(p->result->message, sizeof p->result->message, "cancelled");
    p->stopped = 1;
    if (p->ctxt) xmlStopParser(p->ctxt);
  }
}

static int is_name_space(xmlChar c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* The attributes of the start tag libxml2 has just read (its bytes end
   at the parser's position), read again from those bytes after one of its
   values was repaired: libxml2 leaves what it could not read out of the
   value (`a=1&b=2` would become `a=1=2`), here the value is as written,
   its references decoded later (append_decoded). Values are normalised
   as libxml2 does (TAB, LF, CR and CR LF become a space). Fills
   p->rescan_attributes (five pointers each, SAX2's layout) and returns
   their number, or -1 when the bytes do not read as the tag `name`. */
static int rescan_start_tag(parser_t *p, const xmlChar *localname, const xmlChar *prefix) {
  xmlParserInputPtr in = p->ctxt ? p->ctxt->input : NULL;
  if (!in || !in->cur || !in->base) return -1;
  const xmlChar *end = in->cur, *lt = end;
  while (lt > in->base && *lt != '<') lt--;
  if (*lt != '<') return -1;
  const xmlChar *k = lt + 1;
  size_t prefix_length = prefix ? strlen((const char *)prefix) : 0;
  size_t name_length = strlen((const char *)localname);
  if (prefix) {
    if ((size_t)(end - k) < prefix_length + 1 || memcmp(k, prefix, prefix_length) != 0 ||
        k[prefix_length] != ':')
      return -1;
    k += prefix_length + 1;
  }
  if ((size_t)(end - k) < name_length || memcmp(k, localname, name_length) != 0) return -1;
  k += name_length;
  /* First the names and values, each NUL-terminated, into the buffer;
     the pointers once it no longer moves. */
  buffer_t *b = &p->rescan;
  b->length = 0;
  b->failed = 0;
  int count = 0;
  for (;;) {
    while (k < end && is_name_space(*k)) k++;
    if (k >= end || *k == '/' || *k == '>') break;
    const xmlChar *name = k;
    while (k < end && !is_name_space(*k) && *k != '=' && *k != '/' && *k != '>') k++;
    const xmlChar *name_end = k;
    while (k < end && is_name_space(*k)) k++;
    if (k >= end || *k != '=' || name_end == name) return -1;
    k++;
    while (k < end && is_name_space(*k)) k++;
    if (k >= end || (*k != '"' && *k != '\'')) return -1;
    xmlChar quote = *k++;
    const xmlChar *value = k;
    while (k < end && *k != quote) k++;
    if (k >= end) return -1;
    const xmlChar *value_end = k++;
    buffer_append(b, name, (size_t)(name_end - name));
    buffer_append(b, "", 1);
    for (const xmlChar *v = value; v < value_end; v++) {
      xmlChar c = *v;
      if (c == '\r' && v + 1 < value_end && v[1] == '\n') continue;
      if (c == '\t' || c == '\n' || c == '\r') c = ' ';
      buffer_append(b, &c, 1);
    }
    buffer_append(b, "", 1);
    count++;
  }
  if (b->failed) return -1;
  if ((size_t)count * 5 > p->rescan_capacity) {
    size_t capacity = (size_t)count * 5 + 40;
    const xmlChar **grown = realloc(p->rescan_attributes, capacity * sizeof *grown);
    if (!grown) return -1;
    p->rescan_attributes = grown;
    p->rescan_capacity = capacity;
  }
  const xmlChar *cursor = (const xmlChar *)b->bytes;
  for (int i = 0; i < count; i++) {
    const xmlChar **a = p->rescan_attributes + 5 * i;
    const xmlChar *name = cursor;
    size_t length = strlen((const char *)name);
    const xmlChar *colon = memchr(name, ':', length);
    /* A prefixed name is one find_attribute never takes (as libxml2's). */
    a[0] = colon ? colon + 1 : name;
    a[1] = colon ? name : NULL;
    a[2] = NULL;
    cursor += length + 1;
    a[3] = cursor;
    length = strlen((const char *)cursor);
    a[4] = cursor + length;
    cursor += length + 1;
  }
  return count;
}

/* After an error was repaired, libxml2's own well-formed flag (cleared by
   every error, and read before each entity reference is expanded) is set
   again, so that `&amp;` after a bare '&' still reads as '&'. */
static inline void restore_well_formed(parser_t *p) {
  if (p->restore_well_formed) {
    p->restore_well_formed = 0;
    if (p->ctxt && p->result->status == XMLTV_OK) p->ctxt->wellFormed = 1;
  }
}

void xmltv_internal_start_element(void *context, const xmlChar *localname, const xmlChar *prefix,
                             const xmlChar *uri, int nb_namespaces, const xmlChar **namespaces,
                             int nb_attributes, int nb_defaulted, const xmlChar **attributes) {
  (void)uri;
  (void)nb_namespaces;
  (void)namespaces;
  (void)nb_defaulted;
  parser_t *p = context;
  p->depth++;
  if (p->tag_repaired) {
    p->tag_repaired = 0;
    int count = rescan_start_tag(p, localname, prefix);
    if (count >= 0) {
      nb_attributes = count;
      attributes = p->rescan_attributes;
    }
  }
  if (!p->root_seen && p->ctxt) {
    p->root_seen = 1;
    if (!name_is(localname, "tv")) {
      p->result->status = XMLTV_NOT_XMLTV;
      p->result->line = xmlSAX2GetLineNumber(p->ctxt);
      p->result->column = xmlSAX2GetColumnNumber(p->ctxt);
      snprintf(p->result->message, sizeof p->result->message,
               "not an XMLTV guide (root element %s%s%.100s)", prefix ? (const char *)prefix : "",
               prefix ? ":" : "", (const char *)localname);
      p->stopped = 1;
      xmlStopParser(p->ctxt);
      return;
    }
  }
  if (!p->record_kind) {
    if (name_is(localname, "programme"))
      begin_record(p, XMLTV_RECORD_PROGRAMME, nb_attributes, attributes);
    else if (name_is(localname, "channel"))
      begin_record(p, XMLTV_RECORD_CHANNEL, nb_attributes, attributes);
    return;
  }
  if (p->capture_kind) return; /* nested inside a kept field: text still counts */
  if (p->depth == p->record_depth + 1) {
    if (p->record_kind == XMLTV_RECORD_PROGRAMME && name_is(localname, "credits")) {
      p->in_credits = 1;
      return;
    }
    int kind = field_kind_for(p->record_kind, localname);
    if (kind == XMLTV_FIELD_RATING || kind == XMLTV_FIELD_STAR_RATING) {
      /* The value is in a <value> child; keep the system attribute now. */
      begin_capture(p, kind, nb_attributes, attributes);
      p->capture_kind = 0;
      p->value_parent_kind = kind;
    } else if (kind == XMLTV_FIELD_AUDIO || kind == XMLTV_FIELD_VIDEO) {
      p->group_kind = kind; /* its children are the fields */
    } else if (kind) {
      begin_capture(p, kind, nb_attributes, attributes);
      if (text_from_attribute(kind)) end_capture(p);
    }
  } else if (p->depth == p->record_depth + 2 && p->in_credits) {
    if (is_credit_role(localname)) begin_credit(p, localname, nb_attributes, attributes);
  } else if (p->depth == p->record_depth + 2 && p->group_kind) {
    /* <present>, <stereo>, <colour>, <aspect>, <quality>: the name is the
       qualifier. */
    int kind = p->group_kind;
    p->capture_kind = kind;
    p->capture_depth = p->depth;
    p->pending_space = 0;
    memset(&p->capture, 0, sizeof p->capture);
    p->capture.kind = kind;
    p->capture.arena_start = p->arena.length;
    long len;
    p->capture.qualifier_offset =
        arena_add_trimmed(p, localname, strlen((const char *)localname), &len, "name");
    p->capture.qualifier_length = (size_t)len;
    p->capture.has_qualifier = 1;
    start_text(p);
  } else if (p->depth == p->record_depth + 2 && p->value_parent_kind == XMLTV_FIELD_RATING &&
             name_is(localname, "icon")) {
    /* The rating's system stays in `capture` for a <value> that may follow. */
    field_offsets rating = p->capture;
    begin_capture(p, XMLTV_FIELD_RATING_ICON, nb_attributes, attributes);
    end_capture(p);
    p->capture = rating;
  } else if (p->depth == p->record_depth + 2 && p->value_parent_kind &&
             name_is(localname, "value")) {
    p->capture_kind = p->value_parent_kind;
    p->capture_depth = p->depth;
    start_text(p);
  }
}

void xmltv_internal_end_element(void *context, const xmlChar *localname, const xmlChar *prefix,
                           const xmlChar *uri) {
  (void)localname;
  (void)prefix;
  (void)uri;
  parser_t *p = context;
  if (p->record_kind) {
    if (p->capture_kind && p->depth == p->capture_depth) end_capture(p);
    if (p->value_parent_kind && p->depth == p->record_depth + 1) p->value_parent_kind = 0;
    if (p->in_credits && p->depth == p->record_depth + 1) p->in_credits = 0;
    if (p->group_kind && p->depth == p->record_depth + 1) p->group_kind = 0;
    if (p->depth == p->record_depth) {
      emit_record(p);
      p->record_kind = 0;
    }
  }
  p->depth--;
}

void xmltv_internal_free_records(parser_t *p) {
  free(p->arena.bytes);
  free(p->fields);
  free(p->emit_fields);
  free(p->rescan.bytes);
  free(p->rescan_attributes);
}

/* Whether the parser has used up the input (nothing but white space is
   left): an error there means the file was cut short. */
static int at_end_of_input(parser_t *p) {
  if (!p->input_done || p->out_offset < p->out_length || !p->ctxt || !p->ctxt->input) return 0;
  const xmlChar *cur = p->ctxt->input->cur, *end = p->ctxt->input->end;
  if (!cur || !end) return 0;
  while (cur < end && (*cur == ' ' || *cur == '\t' || *cur == '\n' || *cur == '\r')) cur++;
  return cur >= end;
}

/* ---------------- repairs ---------------- */

/* The reference that ends just before `cur` (after a name and maybe its
   ';', or after `&#` and digits): where its '&' is, or NULL. `numeric`:
   only a character reference will do. At most 256 bytes back, never
   before `base`. */
static const xmlChar *reference_start(const xmlChar *base, const xmlChar *cur, int numeric) {
  const xmlChar *k = cur;
  const xmlChar *stop = cur - base > 256 ? cur - 256 : base;
  if (k > stop && k[-1] == ';') k--;
  while (k > stop && k[-1] != '&') {
    xmlChar c = k[-1];
    if (c == ';' || c == '<' || c == '>' || c == '"' || c == '\'' || c == ' ' || c == '\t' ||
        c == '\n' || c == '\r')
      return NULL;
    k--;
  }
  if (k <= stop || k[-1] != '&') return NULL;
  k--;
  if (numeric && (cur - k < 2 || k[1] != '#')) return NULL;
  return k;
}

/* Characters (not continuation bytes) in bytes[0..n). */
static long characters_in(const xmlChar *bytes, size_t n) {
  long count = 0;
  for (size_t i = 0; i < n; i++) count += (bytes[i] & 0xC0) != 0x80;
  return count;
}

/* Where the parser is in the whole input. */
static int64_t input_position(xmlParserInputPtr in) {
  return (int64_t)in->consumed + (int64_t)(in->cur - in->base);
}

/* Makes good the error `error`, which libxml2 is recovering from, when it
   is one of those a guide has in one place (see xmltv_parse): gives the
   text libxml2 left out to the record building, reports it and returns 1;
   0 for any other error. */
static int repair(parser_t *p, xmlErrorPtr error, long line, long column) {
  xmlParserCtxtPtr ctxt = p->ctxt;
  if (!ctxt || error->ctxt != (void *)ctxt || ctxt->inputNr != 1 || !ctxt->input ||
      !ctxt->input->cur || !ctxt->input->base || error->domain != XML_FROM_PARSER)
    return 0;
  if (p->result->status != XMLTV_OK || p->stopped || at_end_of_input(p)) return 0;
  int in_value = ctxt->instate == XML_PARSER_ATTRIBUTE_VALUE;
  if (!in_value && ctxt->instate != XML_PARSER_CONTENT) return 0;
  xmlParserInputPtr in = ctxt->input;
  const xmlChar *cur = in->cur, *base = in->base, *start = NULL;
  int64_t position = input_position(in);
  char message[320];
  const char *why = error->message ? error->message : "";
  size_t why_length = strlen(why);
  while (why_length && (why[why_length - 1] == '\n' || why[why_length - 1] == ' ')) why_length--;
  /* What the text becomes: as written, or U+FFFD. */
  int replacement = 0;
  int structural = 0;
  switch (error->code) {
  case XML_ERR_NAME_REQUIRED:
    if (cur > base && cur[-1] == '&') {
      start = cur - 1;
      snprintf(message, sizeof message, "'&' that starts no reference kept as text (%.*s)",
               (int)why_length, why);
    } else if (!in_value && cur > base && cur[-1] == '<') {
      start = cur - 1;
      snprintf(message, sizeof message, "'<' that starts no tag kept as text (%.*s)",
               (int)why_length, why);
    }
    break;
  case XML_ERR_ENTITYREF_SEMICOL_MISSING:
    start = reference_start(base, cur, 0);
    if (start)
      snprintf(message, sizeof message, "'&%.*s' without ';' kept as text (%.*s)",
               (int)(cur - start - 1 > 40 ? 40 : cur - start - 1), (const char *)start + 1,
               (int)why_length, why);
    break;
  case XML_ERR_UNDECLARED_ENTITY:
    start = reference_start(base, cur, 0);
    if (start)
      snprintf(message, sizeof message, "unknown entity %.*s kept as text",
               (int)(cur - start > 40 ? 40 : cur - start), (const char *)start);
    break;
  case XML_ERR_INVALID_HEX_CHARREF:
  case XML_ERR_INVALID_DEC_CHARREF:
    start = reference_start(base, cur, 1);
    if (start)
      snprintf(message, sizeof message, "malformed character reference kept as text (%.*s)",
               (int)why_length, why);
    break;
  case XML_ERR_INVALID_CHAR:
    /* Only a character reference's (the raw character is an encoding
       error: those keep their rules). The second error of a malformed
       reference (value 0) is the same mistake. */
    if (position == p->last_repair_position) {
      xmlCtxtResetLastError(ctxt);
      return 1;
    }
    if (cur > base && cur[-1] == ';') start = reference_start(base, cur, 1);
    if (start) {
      replacement = 1;
      snprintf(message, sizeof message,
               "character reference %.*s to a character XML does not allow replaced by U+FFFD",
               (int)(cur - start > 40 ? 40 : cur - start), (const char *)start);
    }
    break;
  case XML_ERR_TAG_NAME_MISMATCH:
    if (in_value) break;
    /* the end tag just read ends at `cur`, which may be the next tag's '<' */
    start = cur > base ? cur - 1 : cur;
    while (start > base && *start != '<') start--;
    if (*start != '<') start = cur;
    structural = 1;
    snprintf(message, sizeof message, "end tag </%.100s> read as the end of <%.100s>",
             error->str2 ? error->str2 : "?", error->str1 ? error->str1 : "?");
    break;
  default:
    break;
  }
  if (!start) return 0;
  /* The text libxml2 left out goes where it was. */
  if (!structural && !in_value) {
    if (replacement)
      xmltv_internal_characters(p, (const xmlChar *)"\xEF\xBF\xBD", 3);
    else
      xmltv_internal_characters(p, start, (int)(cur - start));
  } else if (in_value) {
    p->tag_repaired = 1; /* the tag's values are read again from its bytes */
  }
  column -= characters_in(start, (size_t)(cur - start));
  if (column < 1) column = 1;
  p->last_repair_position = position;
  p->restore_well_formed = 1;
  /* libxml2 refuses an undeclared entity as an "entity loop" once more
     than 10,000 references were read when its last error is an undeclared
     entity: this one is repaired, and forgotten (`error` is that last
     error: not read after this). */
  xmlCtxtResetLastError(ctxt);
  if (line <= p->quiet_lines) return 1;
  p->result->repairs++;
  if (structural && p->result->structural_repairs++ == 0) {
    p->structural_line = line;
    p->structural_column = column;
    snprintf(p->structural_message, sizeof p->structural_message, "%s", message);
  }
  if (p->repair_reports < MAX_LINE_REPORTS) {
    p->repair_reports++;
    diag(p, XMLTV_DIAG_REPAIR, line, column, message);
  }
  return 1;
}

/* The name of the first element in the prolog bytes[0..n) (after the
   XML declaration, comments, processing instructions and a DOCTYPE),
   copied into `name`; 0 when there is none to read. */
static int first_element_name(const xmlChar *bytes, size_t n, char *name, size_t size) {
  size_t i = 0;
  if (n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) i = 3;
  for (;;) {
    while (i < n && is_name_space(bytes[i])) i++;
    if (i + 1 >= n || bytes[i] != '<') return 0;
    const char *close = NULL;
    if (bytes[i + 1] == '?') close = "?>";
    else if (i + 3 < n && memcmp(bytes + i, "<!--", 4) == 0) close = "-->";
    if (close) {
      size_t length = strlen(close), k = i + 2;
      while (k + length <= n && memcmp(bytes + k, close, length) != 0) k++;
      if (k + length > n) return 0;
      i = k + length;
      continue;
    }
    if (bytes[i + 1] == '!') {
      /* a DOCTYPE, its internal subset in brackets */
      size_t k = i + 2;
      int brackets = 0;
      xmlChar quote = 0;
      for (; k < n; k++) {
        xmlChar c = bytes[k];
        if (quote) {
          if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
          quote = c;
        } else if (c == '[') {
          brackets++;
        } else if (c == ']') {
          brackets--;
        } else if (c == '>' && brackets <= 0) {
          break;
        }
      }
      if (k >= n) return 0;
      i = k + 1;
      continue;
    }
    size_t k = i + 1, length = 0;
    while (k < n && !is_name_space(bytes[k]) && bytes[k] != '>' && bytes[k] != '/' &&
           length + 1 < size)
      name[length++] = (char)bytes[k++];
    name[length] = 0;
    return length > 0;
  }
}

static void on_structured_error(void *context, xmlErrorPtr error) {
  parser_t *p = context;
  if (!error) return;
  char message[400];
  snprintf(message, sizeof message, "%s", error->message ? error->message : "error");
  size_t n = strlen(message);
  while (n && (message[n - 1] == '\n' || message[n - 1] == ' ')) message[--n] = 0;
  long line = error->line;
  long column = error->int2;
  /* Inside an entity's text, point at the document position instead. */
  if (p->ctxt && p->ctxt->input && error->ctxt && error->ctxt != (void *)p->ctxt) {
    /* entity text parsed by a child parser */
    line = p->ctxt->input->line;
    column = p->ctxt->input->col;
  } else if (p->ctxt && p->ctxt->inputNr > 1 && p->ctxt->inputTab && p->ctxt->inputTab[0]) {
    line = p->ctxt->inputTab[0]->line;
    column = p->ctxt->inputTab[0]->col;
  }
  if (error->level == XML_ERR_FATAL) {
    if (p->result->status != XMLTV_OK) return; /* keep the first */
    if (p->stopped) return;                     /* read error or cancel already recorded */
    if (repair(p, error, line, column)) return;
    /* From here libxml2 goes on as without recovery: no more events. */
    if (p->ctxt) p->ctxt->recovery = 0;
    char root[128];
    xmlParserInputPtr in = p->ctxt ? p->ctxt->input : NULL;
    if (!p->root_seen && in && in->base && in->consumed == 0 && in->end > in->base &&
        first_element_name(in->base, (size_t)(in->end - in->base), root, sizeof root) &&
        strcmp(root, "tv") != 0) {
      /* The root start tag itself is not well-formed (an HTML page's
         `<html lang=en>`): it is not a guide either. */
      p->result->status = XMLTV_NOT_XMLTV;
      snprintf(p->result->message, sizeof p->result->message,
               "not an XMLTV guide (root element %.100s)", root);
      return;
    }
    p->result->status = XMLTV_SYNTAX_ERROR;
    p->result->line = line;
    p->result->column = column;
    p->result->ended_early = at_end_of_input(p);
    if (p->result->structural_repairs > 0) {
      /* An end tag read as another's may have put the rest out of step:
         it is the likely cause, and named first. */
      p->result->line = p->structural_line;
      p->result->column = p->structural_column;
      p->result->ended_early = 0;
      snprintf(p->result->message, sizeof p->result->message,
               "%.250s; the rest of the file cannot be read (%.200s)", p->structural_message,
               message);
      return;
    }
    snprintf(p->result->message, sizeof p->result->message, "%s", message);
    return;
  }
  diag(p, error->level == XML_ERR_WARNING ? XMLTV_DIAG_WARNING : XMLTV_DIAG_ERROR, line, column,
       message);
}

static xmlParserInputPtr refuse_resolve(void *context, const xmlChar *public_id,
                                        const xmlChar *system_id) {
  (void)context;
  (void)public_id;
  (void)system_id;
  return NULL;
}

/* Entity callbacks need the parser context, not our state. */
static parser_t *current_parser(void *context) { return context; }

static void on_start_document(void *context) { xmlSAX2StartDocument(current_parser(context)->ctxt); }
static void on_internal_subset(void *context, const xmlChar *name, const xmlChar *external_id,
                               const xmlChar *system_id) {
  xmlSAX2InternalSubset(current_parser(context)->ctxt, name, external_id, system_id);
}
static void on_entity_decl(void *context, const xmlChar *name, int type, const xmlChar *public_id,
                           const xmlChar *system_id, xmlChar *content) {
  xmlSAX2EntityDecl(current_parser(context)->ctxt, name, type, public_id, system_id, content);
}
/* Every entity reference is looked up here (XML_PARSE_OLDSAX: the five
   predefined ones too), just before libxml2 reads its flag of
   well-formedness to decide whether to expand it. */
static xmlEntityPtr on_get_entity(void *context, const xmlChar *name) {
  restore_well_formed(current_parser(context));
  return xmlSAX2GetEntity(current_parser(context)->ctxt, name);
}
static xmlEntityPtr on_get_parameter_entity(void *context, const xmlChar *name) {
  return xmlSAX2GetParameterEntity(current_parser(context)->ctxt, name);
}

void xmltv_parse(xmltv_source *source, const xmltv_callbacks *callbacks, xmltv_result *result) {
  xmltv_parse_part(source, callbacks, 0, result);
}

void xmltv_parse_part(xmltv_source *source, const xmltv_callbacks *callbacks, long quiet_lines,
                      xmltv_result *result) {
  memset(result, 0, sizeof *result);
  pthread_once(&setup_once, setup);
  parser_t *p = calloc(1, sizeof *p);
  if (!p) {
    result->status = XMLTV_READ_ERROR;
    snprintf(result->message, sizeof result->message, "out of memory");
    return;
  }
  p->source = source;
  p->callbacks = callbacks;
  p->result = result;
  p->quiet_lines = quiet_lines;
  /* Output can be three times the input (one byte → U+FFFD). */
  p->out = malloc(3 * (RAW_CHUNK + RAW_SLACK) + 16);
  if (!p->out) {
    free(p);
    result->status = XMLTV_READ_ERROR;
    snprintf(result->message, sizeof result->message, "out of memory");
    return;
  }
  /* Sniff the encoding declaration from the first bytes. */
  long first = xmltv_source_read(source, p->raw, 512);
  if (first < 0) {
    result->status = XMLTV_READ_ERROR;
    snprintf(result->message, sizeof result->message, "%s", xmltv_source_error(source));
    free(p->out);
    free(p);
    return;
  }
  p->mode = sniff_mode(p->raw, (size_t)first);
  p->carry = (size_t)first; /* served by the first read callback */

  xmlSAXHandler sax;
  memset(&sax, 0, sizeof sax);
  sax.initialized = XML_SAX2_MAGIC;
  sax.startDocument = on_start_document;
  sax.internalSubset = on_internal_subset;
  sax.entityDecl = on_entity_decl;
  sax.getEntity = on_get_entity;
  sax.getParameterEntity = on_get_parameter_entity;
  sax.resolveEntity = refuse_resolve;
  sax.startElementNs = xmltv_internal_start_element;
  sax.endElementNs = xmltv_internal_end_element;
  sax.characters = xmltv_internal_characters;
  sax.cdataBlock = xmltv_internal_characters;
  sax.serror = on_structured_error;

  xmlParserCtxtPtr ctxt = xmlCreateIOParserCtxt(&sax, p, read_callback, close_callback, p,
                                                XML_CHAR_ENCODING_NONE);
  if (!ctxt) {
    result->status = XMLTV_READ_ERROR;
    snprintf(result->message, sizeof result->message, "cannot create the XML parser");
    free(p->out);
    free(p);
    return;
  }
  p->ctxt = ctxt;
  /* Recovery, for the repairs (on_structured_error stops it at any other
     error); OLDSAX, so that every entity reference is looked up through
     on_get_entity. */
  int options = XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_RECOVER | XML_PARSE_OLDSAX;
  if (p->mode != DECODE_PASS) options |= XML_PARSE_IGNORE_ENC;
  xmlCtxtUseOptions(ctxt, options);
  ctxt->replaceEntities = 0;
  ctxt->loadsubset = 0;
  ctxt->validate = 0;
  xmlParseDocument(ctxt);
  if (result->status == XMLTV_OK && !ctxt->wellFormed && result->repairs == 0 &&
      !p->restore_well_formed) {
    result->status = XMLTV_SYNTAX_ERROR;
    snprintf(result->message, sizeof result->message, "the file is not well-formed XML");
  }
  result->newlines = p->out_line;
  if (ctxt->myDoc) xmlFreeDoc(ctxt->myDoc);
  ctxt->myDoc = NULL;
  xmlFreeParserCtxt(ctxt);
  xmltv_internal_free_records(p);
  free(p->out);
  free(p);
}
