#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed face per argument kind.
static inline CURLcode pp_curl_set_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode pp_curl_set_offset(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode pp_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode pp_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode pp_curl_set_write(CURL *curl, size_t (*write)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write);
}
static inline CURLcode pp_curl_set_progress(
    CURL *curl, int (*progress)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)) {
    return curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, progress);
}
static inline CURLcode pp_curl_response_code(CURL *curl, long *code) {
    return curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, code);
}
