// A plain C face of qpdf's C++ stream decoding, for what its C API cannot do: decode a page's content
// streams without holding them (qpdf_oh_get_stream_data decodes a stream whole into one buffer, so a
// small flate stream of zeros costs its inflated size in memory before a byte of it can be judged).
// Ownership: pqc_open allocates the handle (a qpdf document); pqc_close releases it. Not thread-safe:
// one handle per thread, like every qpdf document.
#ifndef QPDF_CONTENT_H
#define QPDF_CONTENT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pqc_document pqc_document;

/// Opens `path` (with `password`, or NULL) with warnings suppressed; NULL when qpdf cannot read it.
pqc_document *pqc_open(const char *path, const char *password);

void pqc_close(pqc_document *document);

/// The bytes that page `index` (0-based) makes poppler interpret: its content streams and the form
/// XObjects of its resources (each form once, nested forms to a depth of 8), decoded. Counting stops
/// as soon as it passes `limit`, so no more than `limit` bytes are ever decoded: the count, or
/// `limit + 1` when there is more, or -1 when the page cannot be had.
int64_t pqc_page_content_size(pqc_document *document, int index, int64_t limit);

#ifdef __cplusplus
}
#endif

#endif
