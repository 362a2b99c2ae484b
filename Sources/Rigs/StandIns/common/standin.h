// standin.h: what the LD_PRELOAD stand-ins (fakefb, fakegpio, fakeevdev) share — the log
// line writer and the control FIFO's command reader. Each stand-in includes it once, in
// its single translation unit, so everything here is `static` (`inline` where a stand-in
// may not use it).
//
// The stand-ins interpose open/close/read themselves, so the functions here take the real
// libc functions as parameters instead of calling the (interposed) names.

#ifndef STANDIN_H
#define STANDIN_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef int (*standin_open_fn)(const char *, int, ...);
typedef int (*standin_close_fn)(int);
typedef ssize_t (*standin_read_fn)(int, void *, size_t);

// Appends one formatted line to the file at `path` (nothing when `path` is empty), in one
// write on an O_APPEND fd, so lines from several threads or processes never mix.
static inline void standin_vlog(
  const char *path, standin_open_fn real_open, standin_close_fn real_close, const char *format,
  va_list ap) {
  if (!path[0]) return;
  char line[512];
  int length = vsnprintf(line, sizeof line - 1, format, ap);
  if (length < 0) return;
  if (length > (int)sizeof line - 2) length = (int)sizeof line - 2;
  line[length++] = '\n';
  int fd = real_open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return;
  ssize_t written = write(fd, line, (size_t)length);
  (void)written;
  real_close(fd);
}

// A stand-in's command stream: the FIFO named by the environment variable `variable`,
// read line by line by a thread of its own; each line that is not a comment or a `sleep`
// is handed to `run`.
struct standin_control {
  const char *name;      // the stand-in's name, for messages
  const char *variable;  // e.g. "FAKEGPIO_CONTROL"
  void (*run)(char *line);
  standin_open_fn open;
  standin_read_fn read;
  standin_close_fn close;
  char *path;
};

// Handles the commands every stand-in knows — blank lines, `# comment` and `sleep MS`
// (a pause, so a script keeps real spacing) — and says whether `line` was one.
static int standin_common_command(const char *line) {
  line += strspn(line, " \t\r");
  if (!*line || *line == '#') return 1;
  if (strncmp(line, "sleep", 5) != 0 || (line[5] && !strchr(" \t\r", line[5]))) return 0;
  long n = strtol(line + 5, NULL, 10);
  struct timespec ts = {n / 1000, (n % 1000) * 1000000};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
  return 1;
}

static void *standin_control_thread(void *arg) {
  struct standin_control *control = arg;
  // O_RDWR keeps a FIFO open for reading across writers that come and go, so the thread
  // never sees end-of-file between test steps.
  int fd = control->open(control->path, O_RDWR | O_CLOEXEC);
  if (fd < 0) {
    fprintf(
      stderr, "%s: cannot open %s %s: %s\n", control->name, control->variable, control->path,
      strerror(errno));
    return NULL;
  }
  char buf[4096];
  size_t used = 0;
  for (;;) {
    ssize_t n = control->read(fd, buf + used, sizeof buf - 1 - used);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    used += (size_t)n;
    char *start = buf, *newline;
    while ((newline = memchr(start, '\n', used - (size_t)(start - buf)))) {
      *newline = '\0';
      if (!standin_common_command(start)) control->run(start);
      start = newline + 1;
    }
    used -= (size_t)(start - buf);
    memmove(buf, start, used);
    if (used == sizeof buf - 1) used = 0;  // an overlong line: drop it
  }
  control->close(fd);
  return NULL;
}

// Starts the command thread if the control variable is set; `control` must outlive it
// (a static).
static inline void standin_start_control(struct standin_control *control) {
  const char *path = getenv(control->variable);
  if (!path || !*path) return;
  control->path = strdup(path);
  pthread_t thread;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  if (pthread_create(&thread, &attr, standin_control_thread, control) != 0) {
    fprintf(stderr, "%s: cannot start the control thread\n", control->name);
  }
  pthread_attr_destroy(&attr);
}

// Appends a character-device entry named `name` to the scandir() result `list` (which has
// room) at `*n`, unless `filter` refuses it. Returns 0 when out of memory.
static inline int standin_add_entry(
  struct dirent **list, int *n, const char *name, int (*filter)(const struct dirent *)) {
  struct dirent *entry = calloc(1, sizeof *entry);
  if (!entry) return 0;
  entry->d_type = DT_CHR;
  entry->d_reclen = sizeof *entry;
  memcpy(entry->d_name, name, strnlen(name, sizeof entry->d_name - 1));
  if (filter && !filter(entry)) {
    free(entry);
  } else {
    list[(*n)++] = entry;
  }
  return 1;
}

// Defines ioctl(): looks `fd` up with the stand-in's `fake_fd(fd)` under its `lock`,
// answers a fake fd with `dispatch` (an expression of `fd`, `f`, `request` and `arg`
// that sets errno on failure) and forwards every other fd to the real ioctl.
#define STANDIN_DEFINE_IOCTL(dispatch)                     \
  int ioctl(int fd, unsigned long request, ...) {          \
    va_list ap;                                            \
    va_start(ap, request);                                 \
    void *arg = va_arg(ap, void *);                        \
    va_end(ap);                                            \
    pthread_mutex_lock(&lock);                             \
    struct fake_fd *f = fake_fd(fd);                       \
    int result = 0, err = 0;                               \
    if (f) {                                               \
      result = (dispatch);                                 \
      err = errno;                                         \
    }                                                      \
    pthread_mutex_unlock(&lock);                           \
    if (!f) return REAL(ioctl)(fd, request, arg);          \
    errno = err;                                           \
    return result;                                         \
  }

#endif
