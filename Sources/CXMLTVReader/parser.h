#ifndef CXMLTVREADER_PARSER_H
#define CXMLTVREADER_PARSER_H
/* The reader's state, shared by its two readers of XML syntax: libxml2's
   SAX2 parser (reader.c) and the plain scanner for parts of a large file
   (plain.c). Both hand the same element and text events to the record
   building in reader.c. Not part of the public header. */
#include "internal.h"

#include <libxml/parser.h>
#include <stdint.h>
#include <string.h>

/* Word-at-a-time helpers (SWAR): bytes of a 64-bit word. */
#define ONES 0x0101010101010101ULL
#define HIGH_BITS 0x8080808080808080ULL
#define LOW_BITS 0x7F7F7F7F7F7F7F7FULL

/* 0x80 in exactly the bytes of `w` that are zero. */
static inline uint64_t zero_bytes(uint64_t w) {
  uint64_t y = (w & LOW_BITS) + LOW_BITS;
  return ~(y | w | LOW_BITS);
}

/* The length (2 to 4) of the UTF-8 sequence at b[0..n) (b[0] >= 0x80) when
   it is one of a character XML allows (not a surrogate, U+FFFE or U+FFFF,
   not overlong); 0 when it is not; -1 when the bytes there, all of them
   continuation bytes, begin one that n cuts short. */
static inline int utf8_character(const unsigned char *b, size_t n) {
  unsigned c = b[0], cp, min;
  size_t need;
  if (c >= 0xC2 && c <= 0xDF) {
    need = 2, cp = c & 0x1F, min = 0x80;
  } else if (c >= 0xE0 && c <= 0xEF) {
    need = 3, cp = c & 0x0F, min = 0x800;
  } else if (c >= 0xF0 && c <= 0xF4) {
    need = 4, cp = c & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  for (size_t k = 1; k < need; k++) {
    if (k >= n) return -1;
    if ((b[k] & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b[k] & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xFFFE ||
      cp == 0xFFFF)
    return 0;
  return (int)need;
}

/* Writes code point `cp` (at most U+10FFFF) as UTF-8 into `out`; returns
   its length, 1 to 4 bytes. */
static inline size_t utf8_encode(unsigned cp, unsigned char out[4]) {
  if (cp < 0x80) {
    out[0] = (unsigned char)cp;
    return 1;
  }
  if (cp < 0x800) {
    out[0] = (unsigned char)(0xC0 | (cp >> 6));
    out[1] = (unsigned char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = (unsigned char)(0xE0 | (cp >> 12));
    out[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
    out[2] = (unsigned char)(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = (unsigned char)(0xF0 | (cp >> 18));
  out[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
  out[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
  out[3] = (unsigned char)(0x80 | (cp & 0x3F));
  return 4;
}

/* The character one of XML's five predefined entities (`lt`, `gt`, `amp`,
   `quot`, `apos`; `length` bytes of name) stands for, or 0. */
static inline char predefined_entity(const unsigned char *name, size_t length) {
  static const struct {
    const char *name;
    size_t length;
    char value;
  } entities[] = {{"lt", 2, '<'}, {"gt", 2, '>'}, {"amp", 3, '&'}, {"quot", 4, '"'},
                  {"apos", 4, '\''}};
  for (size_t k = 0; k < sizeof entities / sizeof entities[0]; k++)
    if (entities[k].length == length && memcmp(name, entities[k].name, length) == 0)
      return entities[k].value;
  return 0;
}

/* A growable byte buffer; `failed` once an allocation failed. */
typedef struct {
  char *bytes;
  size_t length;
  size_t capacity;
  int failed;
} buffer_t;

enum decode_mode { DECODE_UTF8, DECODE_CP1252, DECODE_PASS };

enum { RAW_CHUNK = 1 << 16, RAW_SLACK = 1024, MAX_LINE_REPORTS = XMLTV_LINE_REPORTS };

typedef struct field_offsets {
  int kind;
  size_t qualifier_offset, qualifier_length;
  size_t text_offset, text_length;
  size_t extra_offset, extra_length;
  int has_qualifier;
  /* The arena's length before the field's first byte: a field left out
     (past XMLTV_FIELD_LIMIT) gives its bytes back. */
  size_t arena_start;
} field_offsets;

typedef struct {
  xmltv_source *source;
  const xmltv_callbacks *callbacks;
  xmltv_result *result;
  xmlParserCtxtPtr ctxt;
  int stopped;

  /* decoding */
  enum decode_mode mode;
  unsigned char raw[RAW_CHUNK + RAW_SLACK];
  size_t carry; /* bytes of an incomplete UTF-8 sequence kept at raw[0…] */
  unsigned char *out;
  size_t out_length, out_offset;
  int input_done;
  long out_line;            /* line of the decoded output so far */
  long reported_bad_line;   /* last line given an invalid-bytes diagnostic */
  long reported_control_line; /* last line given a control-character diagnostic */
  long bad_on_line;
  int line_reports;
  long quiet_lines; /* lines 1…quiet_lines report and count nothing (a part's prolog) */

  /* structure */
  int depth;
  int record_kind; /* 0 when outside channel/programme */
  int record_depth;
  long record_line, record_column;
  /* Where the start tag being reported ends, when the plain scanner
     (plain.c) rather than libxml2 (ctxt NULL) reads the input. */
  long plain_line, plain_column;
  size_t id_offset, start_offset, stop_offset, clump_offset;
  long id_length, start_length, stop_length, clump_length; /* -1 absent */
  /* current captured field */
  int capture_kind;
  int capture_depth;
  int pending_space;
  field_offsets capture;
  /* Its text: the most bytes kept (XMLTV_TEXT_LIMIT or XMLTV_DESC_LIMIT),
     whether it was cut there, and the bytes of text it was given. */
  size_t capture_limit;
  int capture_cut;
  int64_t capture_seen;
  /* The arena's length after the last field kept, and fields of the
     record left out (past XMLTV_FIELD_LIMIT). */
  size_t arena_kept;
  long fields_cut;
  int value_parent_kind; /* rating / star-rating waiting for <value> */
  int in_credits;        /* inside the programme's <credits> */
  int group_kind;        /* XMLTV_FIELD_AUDIO / _VIDEO inside <audio> / <video> */
  buffer_t arena;
  field_offsets *fields;
  size_t field_count, field_capacity;
  /* The fields as handed to the record callback; as long as `fields`,
     grown with it, so that emitting a record never allocates. */
  xmltv_field *emit_fields;

  /* Repairs (libxml2's recovery, reader.c; never set by the plain
     scanner). */
  int root_seen;              /* the root element's start tag was read */
  int restore_well_formed;    /* an error was repaired: libxml2's wellFormed is set again */
  int tag_repaired;           /* an attribute value of the start tag being read was repaired */
  int64_t last_repair_position; /* input position of the last repair: one mistake, one repair */
  long repair_reports;        /* XMLTV_DIAG_REPAIR diagnostics given */
  /* The first end tag repaired, named when the parse fails later on. */
  long structural_line, structural_column;
  char structural_message[256];
  /* Attributes of a repaired start tag read again from its bytes. */
  buffer_t rescan;
  const xmlChar **rescan_attributes;
  size_t rescan_capacity;
} parser_t;

/* The record building's events, in SAX2's form (reader.c). `attributes`
   holds five pointers per attribute: local name (NUL-terminated), prefix,
   URI, value, value end; values are as libxml2 gives them without entity
   substitution (references still written, decoded by the reader). The end
   event's names are not read (the plain scanner passes NULL). */
void xmltv_internal_start_element(void *context, const xmlChar *localname, const xmlChar *prefix,
                                  const xmlChar *uri, int nb_namespaces,
                                  const xmlChar **namespaces, int nb_attributes, int nb_defaulted,
                                  const xmlChar **attributes);
void xmltv_internal_end_element(void *context, const xmlChar *localname, const xmlChar *prefix,
                                const xmlChar *uri);
void xmltv_internal_characters(void *context, const xmlChar *text, int length);

/* The code point of a character reference's body (`#38`, `#x26`), or -1
   when it is not one or names a character XML does not allow. */
long xmltv_internal_char_reference(const xmlChar *name, size_t length);

/* Frees what the record building allocated in `p` (not `p` itself). */
void xmltv_internal_free_records(parser_t *p);

#endif
