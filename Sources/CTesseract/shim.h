// leptonica first, so Pix is one complete type whichever modules a file imports.
#include <leptonica/allheaders.h>
#include <tesseract/capi.h>
