// qpdf's C++ API behind qpdf_content.h. Every C++ exception stops here: the calls then return NULL or -1.
#include "qpdf_content.h"

// qpdf 11 asks code that never used its PointerHolder to say so (it warns otherwise).
#define POINTERHOLDER_TRANSITION 4

#include <qpdf/Pipeline.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjGen.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

#include <exception>
#include <new>
#include <set>
#include <vector>

struct pqc_document {
    QPDF pdf;
    std::vector<QPDFPageObjectHelper> pages;
};

namespace {

/// Thrown by the counter to stop decoding: qpdf catches it inside pipeStreamData and stops the stream.
struct PastLimit: std::exception {};

/// The end of qpdf's decoding pipeline: counts the decoded bytes and stops the decoding past the limit.
class Counter: public Pipeline {
  public:
    explicit Counter(int64_t limit) : Pipeline("pp content count", nullptr), limit(limit) {}
    void write(unsigned char const *, size_t length) override {
        total += static_cast<int64_t>(length);
        if (total > limit) {
            over = true;
            throw PastLimit();
        }
    }
    void finish() override {}
    int64_t total = 0;
    const int64_t limit;
    bool over = false;
};

/// Adds a stream's decoded bytes (a stream qpdf cannot decode counts what it gave before failing).
void count(QPDFObjectHandle stream, Counter &counter) {
    if (!stream.isStream() || counter.over) return;
    try {
        stream.pipeStreamData(&counter, 0, qpdf_dl_specialized, true, false);
    } catch (PastLimit const &) {
    } catch (std::exception const &) {
    }
}

/// Adds the form XObjects of `resources`, each once, and the forms they draw in turn.
void countForms(QPDFObjectHandle resources, Counter &counter, std::set<QPDFObjGen> &seen, int depth) {
    if (depth > 8 || counter.over || !resources.isDictionary()) return;
    QPDFObjectHandle xobjects = resources.getKey("/XObject");
    if (!xobjects.isDictionary()) return;
    for (auto const &key : xobjects.getKeys()) {
        QPDFObjectHandle form = xobjects.getKey(key);
        if (!form.isStream() || !form.getDict().getKey("/Subtype").isNameAndEquals("/Form")) continue;
        if (form.isIndirect() && !seen.insert(form.getObjGen()).second) continue;
        count(form, counter);
        countForms(form.getDict().getKey("/Resources"), counter, seen, depth + 1);
        if (counter.over) return;
    }
}

}  // namespace

pqc_document *pqc_open(const char *path, const char *password) {
    pqc_document *document = new (std::nothrow) pqc_document();
    if (document == nullptr) return nullptr;
    try {
        document->pdf.setSuppressWarnings(true);
        document->pdf.processFile(path, password);
        document->pages = QPDFPageDocumentHelper(document->pdf).getAllPages();
        return document;
    } catch (...) {
        delete document;
        return nullptr;
    }
}

void pqc_close(pqc_document *document) { delete document; }

int64_t pqc_page_content_size(pqc_document *document, int index, int64_t limit) {
    if (document == nullptr || index < 0 || static_cast<size_t>(index) >= document->pages.size()) return -1;
    try {
        QPDFPageObjectHelper &page = document->pages[static_cast<size_t>(index)];
        Counter counter(limit);
        QPDFObjectHandle contents = page.getObjectHandle().getKey("/Contents");
        if (contents.isArray()) {
            for (int i = 0; i < contents.getArrayNItems() && !counter.over; ++i) count(contents.getArrayItem(i), counter);
        } else {
            count(contents, counter);
        }
        std::set<QPDFObjGen> seen;
        countForms(page.getAttribute("/Resources", false), counter, seen, 0);
        return counter.over ? limit + 1 : counter.total;
    } catch (...) {
        return -1;
    }
}
