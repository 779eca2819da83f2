#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
/* Only CXMLTVReader includes this module: libxml2's ICU headers clash with
   Foundation's bundled ICU inside a Swift module (see README, Layout). */
#include <libxml/parser.h>
#endif
