#include "CXMLTVReader.h"
#include <libxml/xmlversion.h>

const char *xmltv_reader_libxml_version(void) { return LIBXML_DOTTED_VERSION; }
