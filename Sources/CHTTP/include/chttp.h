#ifndef CHTTP_H
#define CHTTP_H

#include <stddef.h>

/// One HTTP exchange through libcurl, which is loaded (dlopen) on first use, so a head
/// unit that never talks to a server never maps libcurl and its TLS libraries.

/// What came back. `body` is allocated by the library; free it with `chttp_free`.
typedef struct {
  /// The HTTP status; 0 when no response arrived.
  long status;
  unsigned char *body;
  size_t body_length;
  /// Empty on success; otherwise why no response arrived, for a person to read.
  char error[256];
  /// Non-zero when the time limit ended the exchange.
  int timed_out;
  /// Non-zero when the cancel flag ended the exchange.
  int cancelled;
  /// Non-zero when the answer was longer than the limit and was abandoned.
  int too_large;
} chttp_response;

/// A flag another thread sets to abandon a request under way.
typedef struct chttp_cancel chttp_cancel;

/// A new, unset flag; NULL when out of memory. Free it with `chttp_cancel_free` once no
/// request uses it.
chttp_cancel *chttp_cancel_new(void);
/// Sets (1) or clears (0) the flag; any thread.
void chttp_cancel_set(chttp_cancel *cancel, int value);
void chttp_cancel_free(chttp_cancel *cancel);

/// Sends one request and waits for the whole answer, at most `timeout_ms` (connecting
/// included). `headers` holds `header_count` lines `Name: value`. `body` may be NULL.
/// A response larger than `max_body` bytes is an error. When `cancel` (may be NULL) is
/// set, the request ends within about a second with `response->cancelled` set.
/// Thread-safe: each call has its own handle. Returns 0 when a response arrived (any
/// status), -1 otherwise (with `response->error` set).
int chttp_perform(
    const char *method, const char *url, const char *const *headers, size_t header_count,
    const void *body, size_t body_length, long timeout_ms, size_t max_body,
    const chttp_cancel *cancel, chttp_response *response);

/// Frees what `chttp_perform` allocated in `response`.
void chttp_free(chttp_response *response);

#endif
