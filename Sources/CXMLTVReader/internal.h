#ifndef CXMLTVREADER_INTERNAL_H
#define CXMLTVREADER_INTERNAL_H
/* Shared by the reader's C files only; not part of the public header. */
#include "CXMLTVReader.h"

#include <sys/types.h>

/* Whether content starting with these bytes is decoded by the reader itself
   (UTF-8, ASCII, ISO-8859-1, Windows-1252), not handed to iconv (reader.c). */
int xmltv_internal_decoded_here(const unsigned char *bytes, size_t length);

/* Whether content starting with these bytes is UTF-8 (or ASCII), declared
   or by default (reader.c). */
int xmltv_internal_utf8(const unsigned char *bytes, size_t length);

/* The descriptor of a plain file opened by path (not standard input, not
   gzip, not memory), or -1 (source.c). */
int xmltv_internal_plain_file(const xmltv_source *source);

/* pread until `length` bytes, the end of the file or an error (source.c). */
ssize_t xmltv_internal_pread(int fd, unsigned char *buffer, size_t length, int64_t offset);

#endif
