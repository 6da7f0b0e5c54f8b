#include <lzma.h>

// Filter ids are macros Swift cannot import (UINT64_C casts): the same values as constants.
static const lzma_vli pp_lzma_filter_lzma1 = LZMA_FILTER_LZMA1;
static const lzma_vli pp_lzma_vli_unknown = LZMA_VLI_UNKNOWN;
