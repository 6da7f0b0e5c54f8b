// A plain C face of zxing-cpp's reader (ZXing::ReadBarcodes), so Swift can call it without C++ interop.
// Ownership: czx_read allocates the result array and each result's byte buffers; czx_free releases them.
#ifndef CZXING_H
#define CZXING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The symbologies pp reads (bit flags for czx_options.formats).
enum {
    CZX_QR = 1,
    CZX_MICRO_QR = 2,
    CZX_PDF417 = 4,
    CZX_DATA_MATRIX = 8,
    CZX_AZTEC = 16,
};

/// zxing's binarizers (DecodeHints::Binarizer).
enum {
    CZX_LOCAL_AVERAGE = 0,
    CZX_GLOBAL_HISTOGRAM = 1,
    CZX_FIXED_THRESHOLD = 2,
    CZX_BOOL_CAST = 3,
};

typedef struct czx_options {
    int formats;        // CZX_* flags; 0 means all of pp's five
    int try_harder;     // DecodeHints::tryHarder
    int try_rotate;     // ... tryRotate (90/180/270)
    int try_downscale;  // ... tryDownscale
    int is_pure;        // ... isPure (a generated image holding one aligned code)
    int binarizer;      // CZX_LOCAL_AVERAGE ...
    int max_symbols;    // 0: no limit (255)
    int return_errors;  // also return symbols that were found but could not be decoded (czx_result.failed)
} czx_options;

typedef struct czx_result {
    int format;              // one CZX_* flag
    uint8_t *bytes;          // the symbol's content as encoded, no character set conversion
    size_t bytes_length;
    char *text;              // zxing's UTF-8 text (ECI applied, else the character set guessed), NUL-terminated
    size_t text_length;
    int has_eci;             // the symbol states its character set (ECI)
    int x[4], y[4];          // corners in pixels: top-left, top-right, bottom-right, bottom-left of the symbol
    int orientation;         // degrees the symbol is turned
    int failed;              // found (finder patterns, a symbol's outline) but not decoded; only with return_errors
} czx_result;

/// Reads every code in an 8-bit grey (channels 1) or RGB (channels 3) image, `stride` bytes a row.
/// Returns the number of results stored in *results (0 when none; -1 on a fault, with *results NULL).
int czx_read(const uint8_t *pixels, int width, int height, int stride, int channels, const czx_options *options,
             czx_result **results);

/// Frees what czx_read returned.
void czx_free(czx_result *results, int count);

/// The linked zxing-cpp's version ("1.4.0").
const char *czx_version(void);

#ifdef __cplusplus
}
#endif

#endif
