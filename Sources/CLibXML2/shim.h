#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and its encoding.h then includes ICU's headers, which clash with the
// copy of ICU that Foundation brings ("'UErrorCode' has different definitions in different modules").
// pp never touches the encoding handler's ICU fields (the last ones of the struct), so they are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
