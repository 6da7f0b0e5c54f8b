// zxing-cpp behind czxing.h. Every C++ exception stops here: czx_read then returns -1.
#define ZX_USE_UTF8 1

#include "czxing.h"

#include <ZXing/ReadBarcode.h>
#include <ZXing/ZXVersion.h>

#include <cstdlib>
#include <cstring>
#include <new>

namespace {

struct FormatPair {
    int flag;
    ZXing::BarcodeFormat format;
};

const FormatPair kFormats[] = {
    {CZX_QR, ZXing::BarcodeFormat::QRCode},
    {CZX_MICRO_QR, ZXing::BarcodeFormat::MicroQRCode},
    {CZX_PDF417, ZXing::BarcodeFormat::PDF417},
    {CZX_DATA_MATRIX, ZXing::BarcodeFormat::DataMatrix},
    {CZX_AZTEC, ZXing::BarcodeFormat::Aztec},
};

ZXing::DecodeHints hintsFrom(const czx_options *o) {
    ZXing::DecodeHints hints;
    ZXing::BarcodeFormats formats;
    int wanted = (o && o->formats) ? o->formats : (CZX_QR | CZX_PDF417 | CZX_DATA_MATRIX | CZX_AZTEC);
    for (const auto &pair : kFormats) {
        if (wanted & pair.flag) formats |= pair.format;
    }
    hints.setFormats(formats);
    if (o) {
        hints.setTryHarder(o->try_harder != 0);
        hints.setTryRotate(o->try_rotate != 0);
        hints.setTryDownscale(o->try_downscale != 0);
        hints.setIsPure(o->is_pure != 0);
        switch (o->binarizer) {
        case CZX_GLOBAL_HISTOGRAM: hints.setBinarizer(ZXing::Binarizer::GlobalHistogram); break;
        case CZX_FIXED_THRESHOLD: hints.setBinarizer(ZXing::Binarizer::FixedThreshold); break;
        case CZX_BOOL_CAST: hints.setBinarizer(ZXing::Binarizer::BoolCast); break;
        default: hints.setBinarizer(ZXing::Binarizer::LocalAverage); break;
        }
        hints.setReturnErrors(o->return_errors != 0);
        if (o->max_symbols > 0 && o->max_symbols < 255) hints.setMaxNumberOfSymbols(static_cast<uint8_t>(o->max_symbols));
    }
    return hints;
}

int flagOf(ZXing::BarcodeFormat format) {
    for (const auto &pair : kFormats) {
        if (pair.format == format) return pair.flag;
    }
    return 0;
}

template <typename T> T *copyOut(const T *data, size_t count, bool terminate) {
    T *out = static_cast<T *>(std::malloc(count + (terminate ? 1 : 0) + 1));
    if (!out) throw std::bad_alloc();
    if (count) std::memcpy(out, data, count);
    if (terminate) out[count] = 0;
    return out;
}

} // namespace

extern "C" int czx_read(const uint8_t *pixels, int width, int height, int stride, int channels,
                        const czx_options *options, czx_result **results) {
    if (!results) return -1;
    *results = nullptr;
    if (!pixels || width <= 0 || height <= 0 || (channels != 1 && channels != 3)) return -1;
    czx_result *out = nullptr;
    int stored = 0;
    try {
        ZXing::ImageView view(pixels, width, height, channels == 1 ? ZXing::ImageFormat::Lum : ZXing::ImageFormat::RGB,
                              stride);
        ZXing::Results found = ZXing::ReadBarcodes(view, hintsFrom(options));
        auto wanted = [](const ZXing::Result &r) { return flagOf(r.format()) != 0 && (r.isValid() || r.error()); };
        int valid = 0;
        for (const auto &r : found) {
            if (wanted(r)) valid++;
        }
        if (valid == 0) return 0;
        out = static_cast<czx_result *>(std::calloc(static_cast<size_t>(valid), sizeof(czx_result)));
        if (!out) return -1;
        for (const auto &r : found) {
            if (!wanted(r)) continue;
            czx_result &c = out[stored++];
            c.format = flagOf(r.format());
            c.failed = r.isValid() ? 0 : 1;
            const ZXing::ByteArray &bytes = r.bytes();
            c.bytes = copyOut(bytes.data(), bytes.size(), false);
            c.bytes_length = bytes.size();
            std::string text = r.text();
            c.text = copyOut(text.data(), text.size(), true);
            c.text_length = text.size();
            c.has_eci = r.hasECI() ? 1 : 0;
            const auto &p = r.position();
            for (int i = 0; i < 4; i++) {
                c.x[i] = p[i].x;
                c.y[i] = p[i].y;
            }
            c.orientation = r.orientation();
        }
        *results = out;
        return stored;
    } catch (...) {
        czx_free(out, stored);
        *results = nullptr;
        return -1;
    }
}

extern "C" void czx_free(czx_result *results, int count) {
    if (!results) return;
    for (int i = 0; i < count; i++) {
        std::free(results[i].bytes);
        std::free(results[i].text);
    }
    std::free(results);
}

extern "C" const char *czx_version(void) {
#define CZX_STR2(x) #x
#define CZX_STR(x) CZX_STR2(x)
    return CZX_STR(ZXING_VERSION_MAJOR) "." CZX_STR(ZXING_VERSION_MINOR) "." CZX_STR(ZXING_VERSION_PATCH);
}
