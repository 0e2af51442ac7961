// libxml2's headers as schemalint uses them.
//
// When libxml2 was built with ICU (Debian's is), <libxml/encoding.h> includes ICU's <unicode/ucnv.h>,
// whose declarations clash with the copy of ICU inside Foundation. schemalint uses no ICU converter
// (it reads UTF-8 only and never touches encoding handlers, the only structs with ICU fields), so
// the ICU part of the header is left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/encoding.h>
