// fakegpio: a userspace stand-in for the Linux GPIO character device (uAPI v1), for
// testing programs that use libgpiod 1.6 on machines without /dev/gpiochip* or gpio-sim.
//
// Loaded with LD_PRELOAD, it interposes the few libc functions libgpiod 1.6 imports to
// find, check and drive a chip (`nm -D libgpiod.so.2 | grep ' U '`), and answers them
// for the fake chips named in FAKEGPIO_CHIPS. Everything else is forwarded to the real
// function (dlsym(RTLD_NEXT)). Line fds are real fds, so libgpiod's own ppoll() and
// read() work unmodified: an event request is a pipe whose write end this library feeds
// with `struct gpioevent_data` records, exactly as the kernel's lineevent fd reads.
//
// Environment:
//   FAKEGPIO_CHIPS    "gpiochip0:pinctrl-bcm2711:58;gpiochip1:raspberrypi-exp-gpio:8"
//                     (name:label:lines; chip N gets device number 254:N). Every line
//                     starts at physical level 1, as with pull-ups.
//   FAKEGPIO_CONTROL  path of a FIFO (or file) of commands, one per line, read by a
//                     thread started when the first fake chip is opened:
//                       set CHIP LINE LEVEL [TIMESTAMP_NS]
//                           CHIP is a name or label; LEVEL the new physical level. A
//                           change queues an edge on the line's event request, if any,
//                           honouring its edge flags and ACTIVE_LOW (v1 semantics: the
//                           kernel reports logical edges). The timestamp defaults to
//                           CLOCK_MONOTONIC now.
//                       sleep MS
//                           pause the command stream (so a script keeps real spacing).
//                       # comment
//
// Interposed: open, close, ioctl, lstat, stat, access, scandir. Not interposed, and why:
// read and ppoll (line fds are real pipes), realpath (only called for symlinks, and fake
// chips are never symlinks), basename/asprintf (pure string functions).

#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/gpio.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "../common/standin.h"

// The kernel's layout, which libgpiod reads 16 bytes at a time.
_Static_assert(sizeof(struct gpioevent_data) == 16, "gpioevent_data is 16 bytes");

enum { fake_max_chips = 8, fake_max_lines = 256, fake_max_fds = 1024, fake_major = 254 };

struct fake_chip {
  char name[GPIO_MAX_NAME_SIZE];
  char label[GPIO_MAX_NAME_SIZE];
  unsigned lines;
  unsigned char level[fake_max_lines];  // physical levels
};

enum fake_kind { fd_none = 0, fd_chip, fd_event, fd_handle };

// What one open fd stands for. Indexed by the fd number itself.
struct fake_fd {
  enum fake_kind kind;
  int chip;
  uint32_t flags;       // GPIOHANDLE_REQUEST_* of the request
  uint32_t eventflags;  // GPIOEVENT_REQUEST_* (event requests)
  int write_fd;         // event requests: the pipe's write end
  unsigned count;
  uint32_t offsets[GPIOHANDLES_MAX];
  char consumer[GPIO_MAX_NAME_SIZE];
};

static struct fake_chip chips[fake_max_chips];
static int chip_count;
static struct fake_fd fds[fake_max_fds];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t control_once = PTHREAD_ONCE_INIT;

// The real functions. Resolved on first use too, because other libraries' constructors
// may call these before ours runs.
static int (*real_open)(const char *, int, ...);
static int (*real_close)(int);
static int (*real_ioctl)(int, unsigned long, ...);
static int (*real_lstat)(const char *, struct stat *);
static int (*real_stat)(const char *, struct stat *);
static int (*real_access)(const char *, int);
static int (*real_scandir)(const char *, struct dirent ***, int (*)(const struct dirent *),
                           int (*)(const struct dirent **, const struct dirent **));

static pthread_once_t resolve_once = PTHREAD_ONCE_INIT;

static void resolve_all(void) {
  real_open = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
  real_close = (int (*)(int))dlsym(RTLD_NEXT, "close");
  real_ioctl = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
  real_lstat = (int (*)(const char *, struct stat *))dlsym(RTLD_NEXT, "lstat");
  real_stat = (int (*)(const char *, struct stat *))dlsym(RTLD_NEXT, "stat");
  real_access = (int (*)(const char *, int))dlsym(RTLD_NEXT, "access");
  real_scandir = (int (*)(const char *, struct dirent ***, int (*)(const struct dirent *),
                          int (*)(const struct dirent **, const struct dirent **)))dlsym(
    RTLD_NEXT, "scandir");
}

#define REAL(fn) (pthread_once(&resolve_once, resolve_all), real_##fn)

// strncpy that always terminates, without the truncation warnings of snprintf("%s").
static void copy_name(char *dst, size_t size, const char *src) {
  size_t n = strnlen(src, size - 1);
  memcpy(dst, src, n);
  dst[n] = '\0';
}

static void parse_chips(const char *spec) {
  while (spec && *spec && chip_count < fake_max_chips) {
    struct fake_chip *c = &chips[chip_count];
    const char *end = strchr(spec, ';');
    size_t len = end ? (size_t)(end - spec) : strlen(spec);
    char entry[128];
    if (len >= sizeof entry) len = sizeof entry - 1;
    memcpy(entry, spec, len);
    entry[len] = '\0';
    char *label = strchr(entry, ':');
    char *lines = label ? strchr(label + 1, ':') : NULL;
    if (label && lines) {
      *label++ = '\0';
      *lines++ = '\0';
      copy_name(c->name, sizeof c->name, entry);
      copy_name(c->label, sizeof c->label, label);
      c->lines = (unsigned)strtoul(lines, NULL, 10);
      if (c->lines > fake_max_lines) c->lines = fake_max_lines;
      memset(c->level, 1, sizeof c->level);
      chip_count++;
    }
    spec = end ? end + 1 : NULL;
  }
}

static void run_command(char *text);

// FAKEGPIO_HELD: "CHIP LINE CONSUMER" entries separated by ';', held from the start as by
// `hold` commands (a control stream is read on a thread of its own, too late for a
// program that looks at its lines first thing).
static void parse_held(const char *spec) {
  while (spec && *spec) {
    const char *end = strchr(spec, ';');
    size_t len = end ? (size_t)(end - spec) : strlen(spec);
    char command[160] = "hold ";
    if (len > sizeof command - 6) len = sizeof command - 6;
    memcpy(command + 5, spec, len);
    command[5 + len] = '\0';
    run_command(command);
    spec = end ? end + 1 : NULL;
  }
}

__attribute__((constructor)) static void fakegpio_init(void) {
  pthread_once(&resolve_once, resolve_all);
  parse_chips(getenv("FAKEGPIO_CHIPS"));
  parse_held(getenv("FAKEGPIO_HELD"));
}

// The chip whose device path ("/dev/gpiochipN") or sysfs node
// ("/sys/bus/gpio/devices/gpiochipN/dev") `path` is, or -1.
static int chip_for_path(const char *path, const char *prefix, const char *suffix) {
  size_t plen = strlen(prefix), slen = strlen(suffix);
  if (!path || strncmp(path, prefix, plen) != 0) return -1;
  const char *name = path + plen;
  size_t nlen = strlen(name);
  if (nlen < slen || strcmp(name + nlen - slen, suffix) != 0) return -1;
  nlen -= slen;
  for (int i = 0; i < chip_count; i++) {
    if (strlen(chips[i].name) == nlen && strncmp(chips[i].name, name, nlen) == 0) return i;
  }
  return -1;
}

static int chip_for_device(const char *path) { return chip_for_path(path, "/dev/", ""); }
static int chip_for_sysfs(const char *path) {
  return chip_for_path(path, "/sys/bus/gpio/devices/", "/dev");
}

static int chip_named(const char *word) {
  for (int i = 0; i < chip_count; i++) {
    if (strcmp(chips[i].name, word) == 0 || strcmp(chips[i].label, word) == 0) return i;
  }
  return -1;
}

static struct fake_fd *fake_fd(int fd) {
  return (fd >= 0 && fd < fake_max_fds && fds[fd].kind != fd_none) ? &fds[fd] : NULL;
}

static int fail(int err) {
  errno = err;
  return -1;
}

// ---- control channel ----------------------------------------------------------------

static uint64_t monotonic_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

// Sets a line's physical level and queues the edge on its event request. Caller holds
// `lock`.
static void set_level(int chip, unsigned line, int level, uint64_t timestamp) {
  struct fake_chip *c = &chips[chip];
  if (line >= c->lines || c->level[line] == level) return;
  c->level[line] = (unsigned char)level;
  for (int fd = 0; fd < fake_max_fds; fd++) {
    struct fake_fd *f = &fds[fd];
    if (f->kind != fd_event || f->chip != chip || f->offsets[0] != line) continue;
    int logical = level ^ !!(f->flags & GPIOHANDLE_REQUEST_ACTIVE_LOW);
    uint32_t wanted = logical ? GPIOEVENT_REQUEST_RISING_EDGE : GPIOEVENT_REQUEST_FALLING_EDGE;
    if (!(f->eventflags & wanted)) continue;
    struct gpioevent_data event = {
      .timestamp = timestamp,
      .id = logical ? GPIOEVENT_EVENT_RISING_EDGE : GPIOEVENT_EVENT_FALLING_EDGE,
    };
    // Non-blocking: like the kernel's 16-event FIFO, a reader that stalls loses events
    // rather than stalling the "hardware".
    if (write(f->write_fd, &event, sizeof event) != (ssize_t)sizeof event) {
      fprintf(stderr, "fakegpio: event queue full on %s line %u\n", c->name, line);
    }
  }
}

// Lines another program holds (`hold CHIP LINE CONSUMER`, until `release CHIP LINE`): a
// handle request of its own, busy to every request here.
static struct fake_fd others[fake_max_chips][fake_max_lines];

static void run_command(char *text) {
  char *save = NULL;
  char *verb = strtok_r(text, " \t\r", &save);
  if (!verb) return;
  if (strcmp(verb, "hold") == 0 || strcmp(verb, "release") == 0) {
    char *chip = strtok_r(NULL, " \t\r", &save);
    char *line = strtok_r(NULL, " \t\r", &save);
    char *consumer = strtok_r(NULL, " \t\r", &save);
    int index = chip ? chip_named(chip) : -1;
    unsigned offset = line ? (unsigned)strtoul(line, NULL, 10) : fake_max_lines;
    if (index >= 0 && offset < fake_max_lines) {
      pthread_mutex_lock(&lock);
      struct fake_fd *o = &others[index][offset];
      *o = (struct fake_fd){.kind = verb[0] == 'h' ? fd_handle : fd_none, .chip = index,
                            .count = 1, .offsets = {offset}, .write_fd = -1};
      copy_name(o->consumer, sizeof o->consumer, consumer ? consumer : "other");
      pthread_mutex_unlock(&lock);
      return;
    }
  }
  if (strcmp(verb, "set") == 0) {
    char *chip = strtok_r(NULL, " \t\r", &save);
    char *line = strtok_r(NULL, " \t\r", &save);
    char *level = strtok_r(NULL, " \t\r", &save);
    char *stamp = strtok_r(NULL, " \t\r", &save);
    int index = chip ? chip_named(chip) : -1;
    if (index >= 0 && line && level) {
      uint64_t ts = stamp ? strtoull(stamp, NULL, 10) : monotonic_ns();
      pthread_mutex_lock(&lock);
      set_level(index, (unsigned)strtoul(line, NULL, 10), atoi(level) != 0, ts);
      pthread_mutex_unlock(&lock);
      return;
    }
  }
  fprintf(stderr, "fakegpio: bad command '%s'\n", verb);
}

static void start_control(void) {
  static struct standin_control control = {
    .name = "fakegpio", .variable = "FAKEGPIO_CONTROL", .run = run_command};
  control.open = REAL(open);
  control.read = read;
  control.close = REAL(close);
  standin_start_control(&control);
}

// ---- libc shims ---------------------------------------------------------------------

// gpiod_chip_open() opens the device node; a fake chip's fd is /dev/null, remembered
// here. is_gpiochip_cdev() then opens the sysfs `dev` attribute: a pipe holding
// "254:N\n" answers its read().
int open(const char *path, int flags, ...) {
  mode_t mode = 0;
  if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) {
    va_list ap;
    va_start(ap, flags);
    mode = (mode_t)va_arg(ap, int);
    va_end(ap);
  }
  int chip = chip_for_device(path);
  if (chip >= 0) {
    int fd = REAL(open)("/dev/null", O_RDWR | (flags & O_CLOEXEC));
    if (fd < 0) return fd;
    if (fd >= fake_max_fds) {
      REAL(close)(fd);
      return fail(EMFILE);
    }
    pthread_once(&control_once, start_control);
    pthread_mutex_lock(&lock);
    fds[fd] = (struct fake_fd){.kind = fd_chip, .chip = chip, .write_fd = -1};
    pthread_mutex_unlock(&lock);
    return fd;
  }
  chip = chip_for_sysfs(path);
  if (chip >= 0) {
    int pipefd[2];
    if (pipe2(pipefd, O_CLOEXEC) != 0) return -1;
    char text[16];
    int len = snprintf(text, sizeof text, "%d:%d\n", fake_major, chip);
    ssize_t written = write(pipefd[1], text, (size_t)len);
    REAL(close)(pipefd[1]);
    if (written != len) {
      REAL(close)(pipefd[0]);
      return fail(EIO);
    }
    return pipefd[0];
  }
  return REAL(open)(path, flags, mode);
}

// Forgets a fake fd when its owner closes it, so a reused fd number is a plain fd again;
// closing an event request also closes the write end of its pipe.
int close(int fd) {
  pthread_mutex_lock(&lock);
  struct fake_fd *f = fake_fd(fd);
  if (f) {
    if (f->kind == fd_event) REAL(close)(f->write_fd);
    *f = (struct fake_fd){0};
  }
  pthread_mutex_unlock(&lock);
  return REAL(close)(fd);
}

static void fill_stat(int chip, struct stat *buf) {
  memset(buf, 0, sizeof *buf);
  buf->st_mode = S_IFCHR | 0660;
  buf->st_rdev = makedev(fake_major, (unsigned)chip);
  buf->st_nlink = 1;
}

// is_gpiochip_cdev(): lstat() (is it a symlink?) then stat() (a character device with
// which device number?).
int lstat(const char *path, struct stat *buf) {
  int chip = chip_for_device(path);
  if (chip >= 0) {
    fill_stat(chip, buf);
    return 0;
  }
  return REAL(lstat)(path, buf);
}

int stat(const char *path, struct stat *buf) {
  int chip = chip_for_device(path);
  if (chip >= 0) {
    fill_stat(chip, buf);
    return 0;
  }
  return REAL(stat)(path, buf);
}

// is_gpiochip_cdev(): the chip must have a readable sysfs `dev` attribute.
int access(const char *path, int mode) {
  if (chip_for_sysfs(path) >= 0) return (mode & (W_OK | X_OK)) ? fail(EACCES) : 0;
  return REAL(access)(path, mode);
}

// gpiod_chip_iter_new() (and so open-by-label) lists "/dev" for gpiochip* entries: add
// the fake chips that are not really there.
int scandir(const char *dir, struct dirent ***list, int (*filter)(const struct dirent *),
            int (*compare)(const struct dirent **, const struct dirent **)) {
  int n = REAL(scandir)(dir, list, filter, compare);
  if (n < 0 || strcmp(dir, "/dev") != 0 || chip_count == 0) return n;
  struct dirent **grown = realloc(*list, sizeof *grown * (size_t)(n + chip_count));
  if (!grown) return n;
  *list = grown;
  for (int i = 0; i < chip_count; i++) {
    int present = 0;
    for (int j = 0; j < n; j++) present |= strcmp(grown[j]->d_name, chips[i].name) == 0;
    if (present) continue;
    if (!standin_add_entry(grown, &n, chips[i].name, filter)) break;
  }
  if (compare) {
    qsort(grown, (size_t)n, sizeof *grown, (int (*)(const void *, const void *))compare);
  }
  return n;
}

// Whether `line` of `chip` is held by a request. Caller holds `lock`.
static struct fake_fd *holder(int chip, uint32_t line) {
  if (line < fake_max_lines && others[chip][line].kind == fd_handle) return &others[chip][line];
  for (int fd = 0; fd < fake_max_fds; fd++) {
    struct fake_fd *f = &fds[fd];
    if ((f->kind != fd_event && f->kind != fd_handle) || f->chip != chip) continue;
    for (unsigned i = 0; i < f->count; i++) {
      if (f->offsets[i] == line) return f;
    }
  }
  return NULL;
}

static int chip_ioctl(struct fake_fd *f, unsigned long request, void *arg) {
  struct fake_chip *c = &chips[f->chip];
  switch (request) {
  case GPIO_GET_CHIPINFO_IOCTL: {
    struct gpiochip_info *info = arg;
    memset(info, 0, sizeof *info);
    copy_name(info->name, sizeof info->name, c->name);
    copy_name(info->label, sizeof info->label, c->label);
    info->lines = c->lines;
    return 0;
  }
  case GPIO_GET_LINEINFO_IOCTL: {
    struct gpioline_info *info = arg;
    uint32_t line = info->line_offset;
    if (line >= c->lines) return fail(EINVAL);
    memset(info, 0, sizeof *info);
    info->line_offset = line;
    snprintf(info->name, sizeof info->name, "GPIO%u", line);
    struct fake_fd *h = holder(f->chip, line);
    if (h) {
      info->flags = GPIOLINE_FLAG_KERNEL;
      if (h->flags & GPIOHANDLE_REQUEST_OUTPUT) info->flags |= GPIOLINE_FLAG_IS_OUT;
      if (h->flags & GPIOHANDLE_REQUEST_ACTIVE_LOW) info->flags |= GPIOLINE_FLAG_ACTIVE_LOW;
      if (h->flags & GPIOHANDLE_REQUEST_BIAS_PULL_UP) info->flags |= GPIOLINE_FLAG_BIAS_PULL_UP;
      if (h->flags & GPIOHANDLE_REQUEST_BIAS_PULL_DOWN) {
        info->flags |= GPIOLINE_FLAG_BIAS_PULL_DOWN;
      }
      copy_name(info->consumer, sizeof info->consumer, h->consumer);
    }
    return 0;
  }
  case GPIO_GET_LINEEVENT_IOCTL: {
    struct gpioevent_request *req = arg;
    if (req->lineoffset >= c->lines) return fail(EINVAL);
    if (req->handleflags & GPIOHANDLE_REQUEST_OUTPUT) return fail(EINVAL);
    if (holder(f->chip, req->lineoffset)) return fail(EBUSY);
    int pipefd[2];
    if (pipe2(pipefd, O_CLOEXEC) != 0) return -1;
    if (pipefd[0] >= fake_max_fds) {
      REAL(close)(pipefd[0]);
      REAL(close)(pipefd[1]);
      return fail(EMFILE);
    }
    fcntl(pipefd[1], F_SETFL, O_NONBLOCK);
    struct fake_fd *e = &fds[pipefd[0]];
    *e = (struct fake_fd){
      .kind = fd_event,
      .chip = f->chip,
      .flags = req->handleflags,
      .eventflags = req->eventflags,
      .write_fd = pipefd[1],
      .count = 1,
      .offsets = {req->lineoffset},
    };
    copy_name(e->consumer, sizeof e->consumer, req->consumer_label);
    req->fd = pipefd[0];
    return 0;
  }
  case GPIO_GET_LINEHANDLE_IOCTL: {
    struct gpiohandle_request *req = arg;
    if (req->lines == 0 || req->lines > GPIOHANDLES_MAX) return fail(EINVAL);
    for (uint32_t i = 0; i < req->lines; i++) {
      if (req->lineoffsets[i] >= c->lines) return fail(EINVAL);
      if (holder(f->chip, req->lineoffsets[i])) return fail(EBUSY);
    }
    int fd = REAL(open)("/dev/null", O_RDWR | O_CLOEXEC);
    if (fd < 0) return -1;
    if (fd >= fake_max_fds) {
      REAL(close)(fd);
      return fail(EMFILE);
    }
    struct fake_fd *h = &fds[fd];
    *h = (struct fake_fd){
      .kind = fd_handle, .chip = f->chip, .flags = req->flags, .count = req->lines,
      .write_fd = -1,
    };
    memcpy(h->offsets, req->lineoffsets, sizeof(uint32_t) * req->lines);
    copy_name(h->consumer, sizeof h->consumer, req->consumer_label);
    int invert = !!(req->flags & GPIOHANDLE_REQUEST_ACTIVE_LOW);
    if (req->flags & GPIOHANDLE_REQUEST_OUTPUT) {
      for (uint32_t i = 0; i < req->lines; i++) {
        c->level[req->lineoffsets[i]] = (unsigned char)(!!req->default_values[i] ^ invert);
      }
    }
    req->fd = fd;
    return 0;
  }
  default:
    return fail(ENOTTY);
  }
}

// GET/SET_LINE_VALUES on a request fd, in logical values (ACTIVE_LOW inverts).
static int request_ioctl(struct fake_fd *f, unsigned long request, void *arg) {
  struct fake_chip *c = &chips[f->chip];
  struct gpiohandle_data *data = arg;
  int invert = !!(f->flags & GPIOHANDLE_REQUEST_ACTIVE_LOW);
  switch (request) {
  case GPIOHANDLE_GET_LINE_VALUES_IOCTL:
    memset(data, 0, sizeof *data);
    for (unsigned i = 0; i < f->count; i++) {
      data->values[i] = (uint8_t)(c->level[f->offsets[i]] ^ invert);
    }
    return 0;
  case GPIOHANDLE_SET_LINE_VALUES_IOCTL:
    if (f->kind != fd_handle || !(f->flags & GPIOHANDLE_REQUEST_OUTPUT)) return fail(EPERM);
    for (unsigned i = 0; i < f->count; i++) {
      c->level[f->offsets[i]] = (unsigned char)(!!data->values[i] ^ invert);
    }
    return 0;
  default:
    return fail(ENOTTY);
  }
}

// Every GPIO uAPI v1 call libgpiod 1.6 makes on a chip or request fd.
STANDIN_DEFINE_IOCTL(
  f->kind == fd_chip ? chip_ioctl(f, request, arg) : request_ioctl(f, request, arg))
