#ifndef CXMLTVREADER_H
#define CXMLTVREADER_H
/* The public face of the XMLTV reader. It declares only our own types, so
   Swift modules that import it never see libxml2's (ICU-laden) headers.

   Use:  xmltv_source_open → (xmltv_source_first_byte to tell XML from JSON)
         → xmltv_parse (XML, streamed through libxml2's SAX2 interface)
           or xmltv_source_read (raw bytes, e.g. for JSON)
         → xmltv_source_close.

   The source is opened read-only. gzip input (by magic bytes, whatever the
   name) is decompressed with the system zlib, loaded at run time. Nothing
   is ever fetched: external entities and DTDs are refused. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* -------- Sources -------- */

/* An open input: a file ("-" is standard input), maybe gzip-compressed. */
typedef struct xmltv_source xmltv_source;

/* Opens `path` read-only. On failure returns NULL and writes a one-line
   message (no file name, no newline) into `error` (`error_size` bytes). */
xmltv_source *xmltv_source_open(const char *path, char *error, size_t error_size);

/* A source over `length` bytes in memory (not copied: they must outlive
   the source). gzip data is decompressed too. NULL (with no message) when
   out of memory, or when the bytes are gzip and zlib is not available or
   will not start; `length` 0 gives an empty source, not NULL. */
xmltv_source *xmltv_source_open_memory(const unsigned char *bytes, size_t length);

/* The first byte of the (decompressed) content that is not white space or
   a byte-order mark, or -1 if the content is empty, -2 on a read error. */
int xmltv_source_first_byte(xmltv_source *source);

/* Reads up to `length` decompressed bytes. Returns the count, 0 at the end,
   -1 on error (see xmltv_source_error). */
long xmltv_source_read(xmltv_source *source, unsigned char *buffer, size_t length);

/* The last read error as one line, or "" if none. */
const char *xmltv_source_error(const xmltv_source *source);

/* Bytes of the file (compressed if gzip) consumed so far, and its size
   (0 when unknown, e.g. a pipe). */
int64_t xmltv_source_position(const xmltv_source *source);
int64_t xmltv_source_size(const xmltv_source *source);

/* At most `max_bytes` of content (decompressed bytes for gzip) are read:
   a read past it fails with a message naming the limit, and
   xmltv_source_over_limit says so. Returns 0, or -1 (with that state)
   when the source is a plain file larger than the limit, refused at
   once. 0 (the default) means no limit. */
int xmltv_source_set_limit(xmltv_source *source, int64_t max_bytes);

/* Whether reading stopped at the limit of xmltv_source_set_limit. */
int xmltv_source_over_limit(const xmltv_source *source);

/* Closes the file (unless it is standard input) and frees the source;
   NULL is allowed and does nothing. */
void xmltv_source_close(xmltv_source *source);

/* -------- Parts of a large file, parsed on several threads -------- */

/* What every part after the first is parsed inside: the file's own first
   bytes, through the end of the root element's start tag. */
typedef struct {
  size_t length;  /* bytes from the start of the file through the root start tag's '>' */
  long newlines;  /* LF bytes among them */
  char root[128]; /* the root element's name as written (maybe prefixed), NUL-terminated */
} xmltv_prolog;

/* Cuts a plain file opened by path (not standard input, not gzip, not in
   memory) into parts of about `part_size` bytes, each starting at the start
   of a line that is a `<programme` start tag after optional spaces or tabs.
   Writes the prolog and the byte offsets where the parts start (starts[0]
   is 0, then increasing) and returns the number of parts, at most
   `capacity`. Returns 1 (no cut) when the file is smaller than two parts,
   its encoding is not UTF-8 / ASCII / ISO-8859-1 / Windows-1252, its
   prolog is not plain (a DOCTYPE with an internal subset, where entities
   are declared; an empty root; anything not understood), or no cut is
   found. A cut found this way is only a candidate: a line inside a comment,
   CDATA section or attribute value can look the same. Parsing the part
   before it proves it (see xmltv_source_open_part). Does not move the
   source's reading position. */
int xmltv_source_split(xmltv_source *source, int64_t part_size, xmltv_prolog *prolog,
                       int64_t *starts, int capacity);

/* A source over bytes start..<start+length of `whole`'s file, read with
   pread (parts are read on several threads at once; `whole` must outlive
   them). Unless `start` is 0 the prolog and a newline come first, so the
   part's first byte is at column 1 of line prolog->newlines + 2; unless the
   part reaches the end of the file, the root's end tag follows it. A part
   that parses without error therefore ended where the root's children do,
   which proves the next cut. Position and size count the part's own bytes.
   NULL (message in `error`) on failure. */
xmltv_source *xmltv_source_open_part(xmltv_source *whole, const xmltv_prolog *prolog,
                                     int64_t start, int64_t length, char *error,
                                     size_t error_size);

/* Whether a part source has handed out all of its own bytes, so that the
   parser may have seen the end tag added after them. */
int xmltv_source_part_read(const xmltv_source *source);

/* -------- Records handed to the caller -------- */

/* A byte range in UTF-8, not NUL-terminated; valid only during the call. */
typedef struct {
  const char *bytes;
  size_t length;
} xmltv_bytes;

/* Child elements the reader keeps. Text is trimmed and white-space runs are
   collapsed to one space, and cut to XMLTV_TEXT_LIMIT bytes
   (XMLTV_DESC_LIMIT for a description) at a character boundary while it
   is read: more is never held (each cut is an XMLTV_DIAG_TRUNCATED
   diagnostic); the same holds for attribute values. A record keeps at
   most XMLTV_FIELD_LIMIT fields. `qualifier` holds `lang` (titles, sub-titles,
   descriptions, categories, display names), `system` (episode-num, rating,
   star-rating) or `units` (length); empty if absent. A programme's <icon>
   is XMLTV_FIELD_ICON as a channel's. */
typedef enum {
  XMLTV_FIELD_TITLE = 1,
  XMLTV_FIELD_SUB_TITLE,
  XMLTV_FIELD_DESC,
  XMLTV_FIELD_CATEGORY,
  XMLTV_FIELD_EPISODE_NUM,
  XMLTV_FIELD_DATE,
  XMLTV_FIELD_RATING,      /* text of its <value> */
  XMLTV_FIELD_STAR_RATING, /* text of its <value> */
  XMLTV_FIELD_LENGTH,
  XMLTV_FIELD_NEW,
  XMLTV_FIELD_PREMIERE,
  XMLTV_FIELD_PREVIOUSLY_SHOWN,
  XMLTV_FIELD_LAST_CHANCE,
  XMLTV_FIELD_DISPLAY_NAME,
  XMLTV_FIELD_ICON, /* text is the src attribute */
  XMLTV_FIELD_LCN,
  /* A person in <credits>: qualifier is the element's name (director,
     actor, writer, adapter, producer, composer, editor, presenter,
     commentator, guest), text the name (text in nested <image> or <url>
     left out), extra an actor's role attribute. */
  XMLTV_FIELD_CREDIT,
  /* <subtitles>: text is the type attribute (teletext, onscreen,
     deaf-signed), empty if absent. */
  XMLTV_FIELD_SUBTITLES,
  /* <audio-described/> (tvheadend's mark; not in the DTD): no text. */
  XMLTV_FIELD_AUDIO_DESCRIBED,
  /* A child of <audio> or <video>: qualifier is its name (present, stereo,
     colour, aspect, quality), text its text. */
  XMLTV_FIELD_AUDIO,
  XMLTV_FIELD_VIDEO,
  /* An <icon> inside <rating>: text is the src attribute. It follows the
     rating's own field (the DTD puts <value> first). */
  XMLTV_FIELD_RATING_ICON,
  /* <review>: qualifier is the type attribute (text or url), extra the
     reviewer and source attributes joined by ", " (either may be absent). */
  XMLTV_FIELD_REVIEW,
  XMLTV_FIELD_URL,   /* a programme's <url> */
  XMLTV_FIELD_IMAGE, /* a programme's <image> (its text is the URL) */
  /* <live/> (zap2xml's and others' mark of a live broadcast; not in the
     DTD): no text. */
  XMLTV_FIELD_LIVE,
} xmltv_field_kind;

typedef struct {
  int kind; /* an xmltv_field_kind */
  xmltv_bytes qualifier;
  xmltv_bytes text;
  xmltv_bytes extra; /* credits: the role attribute (an actor's character); reviews: reviewer
                        and source; else empty */
} xmltv_field;

typedef enum {
  XMLTV_RECORD_CHANNEL = 1,
  XMLTV_RECORD_PROGRAMME = 2,
} xmltv_record_kind;

/* One <channel> or <programme>. Absent attributes have bytes == NULL. */
typedef struct {
  int kind;    /* an xmltv_record_kind */
  long line;   /* 1-based line where the start tag ends */
  long column; /* 1-based column there */
  xmltv_bytes id;      /* channel: id; programme: channel attribute */
  xmltv_bytes start;   /* programme only */
  xmltv_bytes stop;    /* programme only */
  xmltv_bytes clumpidx; /* programme only */
  const xmltv_field *fields;
  size_t field_count;
} xmltv_record;

/* At most this many lines are given an invalid-bytes or control-character
   diagnostic (both kinds together); the counts in xmltv_result go on. The
   same number of repairs (XMLTV_DIAG_REPAIR) are reported. */
#define XMLTV_LINE_REPORTS 200

/* Bytes kept of a text or attribute value, of a description, and fields
   kept of a record (see xmltv_field). */
#define XMLTV_TEXT_LIMIT 4096
#define XMLTV_DESC_LIMIT 65536
#define XMLTV_FIELD_LIMIT 1024

/* Severity of a diagnostic passed to the diagnostic callback. */
typedef enum {
  XMLTV_DIAG_WARNING = 1, /* libxml2 warning, e.g. undefined entity */
  XMLTV_DIAG_ERROR = 2,   /* recoverable error */
  XMLTV_DIAG_INVALID_BYTES = 3, /* bytes replaced by U+FFFD on this line */
  XMLTV_DIAG_CONTROL_CHARACTER = 4, /* C0 control characters replaced by U+FFFD on this line */
  /* An error libxml2 recovered from (XML_PARSE_RECOVER), made good: a bare
     '&' or '<', an unknown entity or a bad character reference kept as
     text, an end tag that names another element. The column is where the
     mistake starts. */
  XMLTV_DIAG_REPAIR = 5,
  /* A text or attribute value cut, or fields left out (at the record's
     line and column). */
  XMLTV_DIAG_TRUNCATED = 6,
} xmltv_diag_kind;

typedef struct {
  /* Called for each record; return nonzero to stop parsing. */
  int (*record)(void *context, const xmltv_record *record);
  /* Called for each non-fatal diagnostic (may be NULL). `message` is one
     line without a newline. */
  void (*diagnostic)(void *context, int kind, long line, long column, const char *message);
  /* Called as input is consumed (may be NULL): bytes of the file so far and
     its size (0 if unknown). Return nonzero to cancel. */
  int (*progress)(void *context, int64_t position, int64_t size);
  void *context;
} xmltv_callbacks;

typedef enum {
  XMLTV_OK = 0,
  XMLTV_SYNTAX_ERROR = 1, /* not well-formed, or entity limits exceeded */
  XMLTV_READ_ERROR = 2,   /* I/O or gzip error */
  XMLTV_CANCELLED = 3,    /* a callback asked to stop */
  XMLTV_NOT_XMLTV = 4,    /* well-formed so far, but the root element is not <tv> */
} xmltv_status;

typedef struct {
  int status;   /* an xmltv_status */
  long line;    /* of a syntax error, 1-based, 0 if unknown */
  long column;  /* of a syntax error, 1-based, 0 if unknown */
  char message[512]; /* one line, no newline */
  long invalid_bytes; /* bytes replaced by U+FFFD (UTF-8, Latin-1, Windows-1252 input) */
  long control_characters; /* C0 controls (not TAB, LF, CR) replaced by U+FFFD */
  int ended_early; /* a syntax error at the end of the input: the file is cut short */
  int64_t decoded_bytes; /* UTF-8 bytes handed to the XML parser */
  long newlines; /* LF bytes decoded (all of the input when the parse succeeded) */
  long repairs; /* errors recovered from (XMLTV_DIAG_REPAIR), all of them */
  long structural_repairs; /* of which end tags naming another element */
  long truncations; /* texts, values and field lists cut (XMLTV_DIAG_TRUNCATED) */
} xmltv_result;

/* Parses XMLTV from `source` as a stream, calling `callbacks`. UTF-8,
   ISO-8859-1 and Windows-1252 are decoded here (invalid bytes become U+FFFD
   and are counted); other declared encodings go to libxml2 (iconv).

   Well-formedness errors a guide commonly has in one place (a bare '&' or
   '<' in text or a value, an unknown entity such as &nbsp;, a character
   reference to a character XML does not allow, an end tag naming another
   element) are recovered from: the text is kept as written (a bad
   character reference becomes U+FFFD), each is an XMLTV_DIAG_REPAIR
   diagnostic and counted in `repairs`, and the parse goes on. Any other
   error, one at the end of the input (a cut file), and an error after an
   end tag was repaired that leaves the document unreadable, stop it as
   before (XMLTV_SYNTAX_ERROR; after a repaired end tag, the error is that
   end tag's, the likely cause). A root element other than <tv> stops it
   with XMLTV_NOT_XMLTV ("not an XMLTV guide (root element html)"). */
void xmltv_parse(xmltv_source *source, const xmltv_callbacks *callbacks, xmltv_result *result);

/* xmltv_parse for a part source: lines 1…quiet_lines (the repeated prolog)
   report nothing and count no invalid bytes or control characters. */
void xmltv_parse_part(xmltv_source *source, const xmltv_callbacks *callbacks, long quiet_lines,
                      xmltv_result *result);

/* Parses part start..<start+length of `whole` (start > 0), as
   xmltv_parse_part would parse xmltv_source_open_part's source for it,
   without libxml2: when the prolog and the part's bytes keep to the plain
   subset of XML that XMLTV files are written in (plain.c lists it), calls
   `callbacks` with the records and progress libxml2 would give, fills
   `result` (its lines and counts those of the part source) and returns 1.
   The part is read into `buffer` (`length` bytes, kept by the caller from
   part to part).
   Returns 0 on anything outside that subset, and on anything not
   well-formed, or when the part cannot be read: then the callbacks may have
   had some of the part's records, and the caller drops them and parses the
   part with xmltv_parse_part, whose errors and findings are the file's. */
int xmltv_parse_plain_part(xmltv_source *whole, const xmltv_prolog *prolog, int64_t start,
                           int64_t length, unsigned char *buffer,
                           const xmltv_callbacks *callbacks, xmltv_result *result);

/* The plain scanner over bytes in memory: the children of the root element
   (its start tag already read), starting at column 1 of line `first_line`;
   when `root` is not NULL they end with the root's end tag `</root>` and
   nothing but white space and comments after it, else with no element
   open. 1 when read (result as xmltv_parse_plain_part's, `newlines` the LFs
   in `bytes`), 0 when not plain. */
int xmltv_parse_plain(const unsigned char *bytes, size_t length, long first_line,
                      const char *root, const xmltv_callbacks *callbacks, xmltv_result *result);

#ifdef __cplusplus
}
#endif
#endif
