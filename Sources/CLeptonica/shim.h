#include <allheaders.h>
