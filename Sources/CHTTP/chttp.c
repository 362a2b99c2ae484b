#include "chttp.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// libcurl's entry points, resolved once.
static struct {
  CURLcode (*global_init)(long);
  CURL *(*easy_init)(void);
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
  CURLcode (*easy_perform)(CURL *);
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
  void (*easy_cleanup)(CURL *);
  const char *(*easy_strerror)(CURLcode);
  struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
  void (*slist_free_all)(struct curl_slist *);
  char error[200];
  int loaded;
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf(curl.error, sizeof curl.error, "libcurl is not installed (%s)", dlerror());
    return;
  }
#define RESOLVE(field, name)                                                                  \
  *(void **)(&curl.field) = dlsym(library, name);                                             \
  if (curl.field == NULL) {                                                                   \
    snprintf(curl.error, sizeof curl.error, "libcurl lacks %s", name);                        \
    return;                                                                                   \
  }
  RESOLVE(global_init, "curl_global_init")
  RESOLVE(easy_init, "curl_easy_init")
  RESOLVE(easy_setopt, "curl_easy_setopt")
  RESOLVE(easy_perform, "curl_easy_perform")
  RESOLVE(easy_getinfo, "curl_easy_getinfo")
  RESOLVE(easy_cleanup, "curl_easy_cleanup")
  RESOLVE(easy_strerror, "curl_easy_strerror")
  RESOLVE(slist_append, "curl_slist_append")
  RESOLVE(slist_free_all, "curl_slist_free_all")
#undef RESOLVE
  if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
    snprintf(curl.error, sizeof curl.error, "libcurl did not initialise");
    return;
  }
  curl.loaded = 1;
}

struct chttp_cancel {
  int flag;
};

chttp_cancel *chttp_cancel_new(void) { return calloc(1, sizeof(chttp_cancel)); }

void chttp_cancel_set(chttp_cancel *cancel, int value) {
  __atomic_store_n(&cancel->flag, value, __ATOMIC_RELEASE);
}

void chttp_cancel_free(chttp_cancel *cancel) { free(cancel); }

/// libcurl's progress callback: a non-zero return abandons the transfer.
static int check_cancel(void *context, curl_off_t a, curl_off_t b, curl_off_t c, curl_off_t d) {
  (void)a, (void)b, (void)c, (void)d;
  const chttp_cancel *cancel = context;
  return __atomic_load_n(&cancel->flag, __ATOMIC_ACQUIRE) != 0;
}

/// The body so far, and its limit.
typedef struct {
  unsigned char *bytes;
  size_t length;
  size_t capacity;
  size_t limit;
  int too_large;
} buffer;

static size_t collect(char *data, size_t size, size_t count, void *context) {
  buffer *body = context;
  size_t length = size * count;
  if (body->length + length > body->limit) {
    body->too_large = 1;
    return 0;
  }
  if (body->length + length > body->capacity) {
    size_t capacity = body->capacity ? body->capacity : 16384;
    while (capacity < body->length + length) capacity *= 2;
    unsigned char *bytes = realloc(body->bytes, capacity);
    if (bytes == NULL) return 0;
    body->bytes = bytes;
    body->capacity = capacity;
  }
  memcpy(body->bytes + body->length, data, length);
  body->length += length;
  return length;
}

int chttp_perform(
    const char *method, const char *url, const char *const *headers, size_t header_count,
    const void *body, size_t body_length, long timeout_ms, size_t max_body,
    const chttp_cancel *cancel, chttp_response *response) {
  memset(response, 0, sizeof *response);
  pthread_once(&load_once, load);
  if (!curl.loaded) {
    snprintf(response->error, sizeof response->error, "%s", curl.error);
    return -1;
  }
  CURL *handle = curl.easy_init();
  if (handle == NULL) {
    snprintf(response->error, sizeof response->error, "libcurl could not start a request");
    return -1;
  }
  struct curl_slist *list = NULL;
  for (size_t i = 0; i < header_count; i++) list = curl.slist_append(list, headers[i]);
  buffer received = {.limit = max_body};
  char detail[CURL_ERROR_SIZE] = "";

  curl.easy_setopt(handle, CURLOPT_URL, url);
  curl.easy_setopt(handle, CURLOPT_CUSTOMREQUEST, method);
  curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
  curl.easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms);
  curl.easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
  curl.easy_setopt(handle, CURLOPT_HTTPHEADER, list);
  curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, collect);
  curl.easy_setopt(handle, CURLOPT_WRITEDATA, &received);
  curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, detail);
  if (cancel != NULL) {
    curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, check_cancel);
    curl.easy_setopt(handle, CURLOPT_XFERINFODATA, cancel);
    curl.easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
  }
  if (body != NULL) {
    curl.easy_setopt(handle, CURLOPT_POSTFIELDS, body);
    curl.easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
  }
  CURLcode code = curl.easy_perform(handle);
  int result = 0;
  if (code == CURLE_OK) {
    curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &response->status);
    response->body = received.bytes;
    response->body_length = received.length;
  } else {
    free(received.bytes);
    response->timed_out = code == CURLE_OPERATION_TIMEDOUT;
    response->cancelled = code == CURLE_ABORTED_BY_CALLBACK;
    if (response->cancelled) {
      snprintf(response->error, sizeof response->error, "cancelled");
    } else if (received.too_large) {
      response->too_large = 1;
      snprintf(response->error, sizeof response->error, "the answer is larger than %zu bytes",
               max_body);
    } else {
      snprintf(response->error, sizeof response->error, "%s",
               detail[0] ? detail : curl.easy_strerror(code));
    }
    result = -1;
  }
  curl.slist_free_all(list);
  curl.easy_cleanup(handle);
  return result;
}

void chttp_free(chttp_response *response) {
  free(response->body);
  response->body = NULL;
  response->body_length = 0;
}
