#ifndef CXMLTVREADER_H
#define CXMLTVREADER_H
/* The public face of the XMLTV reader. It declares only our own types, so
   Swift modules that import it never see libxml2's (ICU-laden) headers. */
const char *xmltv_reader_libxml_version(void);
#endif
