// fakeevdev: a userspace stand-in for Linux input event devices (/dev/input/eventN, evdev),
// for testing programs that read touch screens through libevdev on machines without
// /dev/input (no uinput either).
//
// Loaded with LD_PRELOAD, it interposes the libc calls an evdev client makes and answers
// them for the fake devices named in FAKEEVDEV_DEVICES:
//   scandir("/dev/input")  lists the fake nodes (with any real ones);
//   open("/dev/input/eventN") gives the read end of a pipe, remembered as that device; the
//                      control thread writes `struct input_event` records into its other
//                      end, so the client's own poll() and read() work unmodified;
//   ioctl              answers the evdev requests libevdev makes: EVIOCGVERSION, EVIOCGID,
//                      EVIOCGNAME, EVIOCGPHYS and EVIOCGUNIQ (ENOENT, as for uinput
//                      devices), EVIOCGPROP, EVIOCGBIT, EVIOCGKEY/LED/SND/SW, EVIOCGABS,
//                      EVIOCGMTSLOTS, EVIOCSCLOCKID, EVIOCGRAB;
//   read               fails with ENODEV once the device is unplugged, as the kernel's does;
//   close              forgets the fd.
// Everything else, and every call on other fds and paths, goes to the real function
// (dlsym(RTLD_NEXT)). It chains with the other stand-ins (fakefb, fakegpio) in one
// LD_PRELOAD list.
//
// Environment:
//   FAKEEVDEV_DEVICES  NODE:KIND:XMIN-XMAX:YMIN-YMAX:SLOTS:NAME entries separated by `;`:
//                      "event0:mt:0-799:0-479:10:raspberrypi-ts;event1:kbd:0-0:0-0:0:keys".
//                      KIND: mt (protocol B multitouch with pointer emulation, as the
//                      official 7" display), st (single touch: ABS_X/ABS_Y + BTN_TOUCH,
//                      as resistive USB panels), pad (a touchpad: mt with
//                      INPUT_PROP_POINTER), kbd (keys only).
//   FAKEEVDEV_CONTROL  a FIFO (or file) of commands, one a line, read by a thread started
//                      when the first fake device is opened:
//                        ev NODE TYPE CODE VALUE   queue an input_event (numbers decimal or
//                                                  0x hex) on every open fd of NODE, stamped
//                                                  now on the fd's clock (EVIOCSCLOCKID)
//                        unplug NODE               the device goes away: its fds hang up,
//                                                  read and ioctl fail with ENODEV, opens
//                                                  with ENOENT
//                        plug NODE                 it is back (new opens work)
//                        sleep MS                  pause the command stream
//                        # comment
//   FAKEEVDEV_LOG      a file that gets one line per answered call ("event0 open",
//                      "event0 EVIOCGRAB 1", "event0 read ENODEV"), appended.

#undef _FORTIFY_SOURCE
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "../common/standin.h"

// What a client reads, one record per event, on a 64-bit userland.
_Static_assert(sizeof(struct input_event) == 24, "input_event is 24 bytes");

enum { fake_max_devices = 8, fake_max_fds = 1024 };
enum fake_kind { kind_mt, kind_st, kind_pad, kind_kbd };

struct fake_device {
  char node[32];  // "event0"
  char name[128];
  enum fake_kind kind;
  int xmin, xmax, ymin, ymax, slots;
  int present;
  int grabbed_by;  // the fd holding EVIOCGRAB, or -1
};

// What one open fd stands for. Indexed by the fd number itself.
struct fake_fd {
  int device;  // index + 1; 0: not a fake fd
  int write_fd;
  int clock;
  int gone;  // the device was unplugged while open
};

static struct fake_device devices[fake_max_devices];
static int device_count;
static struct fake_fd fds[fake_max_fds];
static char log_path[4096];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t control_once = PTHREAD_ONCE_INIT;

static int (*real_open)(const char *, int, ...);
static int (*real_open64)(const char *, int, ...);
static int (*real_openat)(int, const char *, int, ...);
static int (*real_close)(int);
static int (*real_ioctl)(int, unsigned long, ...);
static ssize_t (*real_read)(int, void *, size_t);
static int (*real_scandir)(const char *, struct dirent ***, int (*)(const struct dirent *),
                           int (*)(const struct dirent **, const struct dirent **));

static pthread_once_t resolve_once = PTHREAD_ONCE_INIT;

static void resolve_all(void) {
  real_open = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
  real_open64 = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open64");
  real_openat = (int (*)(int, const char *, int, ...))dlsym(RTLD_NEXT, "openat");
  real_close = (int (*)(int))dlsym(RTLD_NEXT, "close");
  real_ioctl = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
  real_read = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
  real_scandir = (int (*)(const char *, struct dirent ***, int (*)(const struct dirent *),
                          int (*)(const struct dirent **, const struct dirent **)))dlsym(
    RTLD_NEXT, "scandir");
}

// Other libraries' constructors may call these before ours runs.
#define REAL(fn) (pthread_once(&resolve_once, resolve_all), real_##fn)

static int fail(int err) {
  errno = err;
  return -1;
}

static void fake_log(const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  standin_vlog(log_path, REAL(open), REAL(close), format, ap);
  va_end(ap);
}

static void copy_text(char *dst, size_t size, const char *src, size_t length) {
  if (length >= size) length = size - 1;
  memcpy(dst, src, length);
  dst[length] = '\0';
}

// One FAKEEVDEV_DEVICES entry: NODE:KIND:XMIN-XMAX:YMIN-YMAX:SLOTS:NAME.
static void parse_device(const char *entry) {
  if (device_count >= fake_max_devices) return;
  struct fake_device *d = &devices[device_count];
  const char *fields[6];
  fields[0] = entry;
  for (int i = 1; i < 6; i++) {
    const char *colon = strchr(fields[i - 1], ':');
    if (!colon) {
      fprintf(stderr, "fakeevdev: bad device '%s'\n", entry);
      return;
    }
    fields[i] = colon + 1;
  }
  copy_text(d->node, sizeof d->node, fields[0], (size_t)(fields[1] - fields[0] - 1));
  copy_text(d->name, sizeof d->name, fields[5], strlen(fields[5]));
  if (strncmp(fields[1], "mt:", 3) == 0) d->kind = kind_mt;
  else if (strncmp(fields[1], "st:", 3) == 0) d->kind = kind_st;
  else if (strncmp(fields[1], "pad:", 4) == 0) d->kind = kind_pad;
  else d->kind = kind_kbd;
  if (sscanf(fields[2], "%d-%d", &d->xmin, &d->xmax) != 2 ||
      sscanf(fields[3], "%d-%d", &d->ymin, &d->ymax) != 2) {
    fprintf(stderr, "fakeevdev: bad ranges in '%s'\n", entry);
    return;
  }
  d->slots = atoi(fields[4]);
  if (d->slots < 1) d->slots = 1;
  d->present = 1;
  d->grabbed_by = -1;
  device_count++;
}

__attribute__((constructor)) static void fakeevdev_init(void) {
  pthread_once(&resolve_once, resolve_all);
  const char *log = getenv("FAKEEVDEV_LOG");
  if (log) copy_text(log_path, sizeof log_path, log, strlen(log));
  const char *spec = getenv("FAKEEVDEV_DEVICES");
  while (spec && *spec) {
    const char *end = strchr(spec, ';');
    char entry[256];
    copy_text(entry, sizeof entry, spec, end ? (size_t)(end - spec) : strlen(spec));
    parse_device(entry);
    spec = end ? end + 1 : NULL;
  }
}

static int device_named(const char *node) {
  for (int i = 0; i < device_count; i++) {
    if (strcmp(devices[i].node, node) == 0) return i;
  }
  return -1;
}

// The device whose node `path` is ("/dev/input/event0"), or -1.
static int device_for_path(const char *path) {
  static const char prefix[] = "/dev/input/";
  if (!path || strncmp(path, prefix, sizeof prefix - 1) != 0) return -1;
  return device_named(path + sizeof prefix - 1);
}

static struct fake_fd *fake_fd(int fd) {
  return (fd >= 0 && fd < fake_max_fds && fds[fd].device) ? &fds[fd] : NULL;
}

// ---- control channel ----------------------------------------------------------------

// Queues one event on every fd open on device `index`. Caller holds `lock`.
static void queue_event(int index, unsigned type, unsigned code, int value) {
  for (int fd = 0; fd < fake_max_fds; fd++) {
    struct fake_fd *f = &fds[fd];
    if (f->device != index + 1 || f->gone) continue;
    struct timespec now;
    clock_gettime(f->clock, &now);
    struct input_event event = {
      .input_event_sec = now.tv_sec,
      .input_event_usec = now.tv_nsec / 1000,
      .type = (__u16)type,
      .code = (__u16)code,
      .value = value,
    };
    // Non-blocking: a reader that stalls loses events rather than stalling the "hardware"
    // (the kernel would queue a SYN_DROPPED).
    if (write(f->write_fd, &event, sizeof event) != (ssize_t)sizeof event) {
      fprintf(stderr, "fakeevdev: event queue full on %s\n", devices[index].node);
    }
  }
}

// The device goes away: its readers hang up and fail from now on. Caller holds `lock`.
static void unplug(int index) {
  devices[index].present = 0;
  devices[index].grabbed_by = -1;
  for (int fd = 0; fd < fake_max_fds; fd++) {
    struct fake_fd *f = &fds[fd];
    if (f->device != index + 1 || f->gone) continue;
    f->gone = 1;
    REAL(close)(f->write_fd);
    f->write_fd = -1;
  }
}

static void run_command(char *text) {
  char *save = NULL;
  char *verb = strtok_r(text, " \t\r", &save);
  if (!verb) return;
  char *node = strtok_r(NULL, " \t\r", &save);
  int index = node ? device_named(node) : -1;
  if (index >= 0 && strcmp(verb, "ev") == 0) {
    char *type = strtok_r(NULL, " \t\r", &save);
    char *code = strtok_r(NULL, " \t\r", &save);
    char *value = strtok_r(NULL, " \t\r", &save);
    if (type && code && value) {
      pthread_mutex_lock(&lock);
      queue_event(index, (unsigned)strtoul(type, NULL, 0), (unsigned)strtoul(code, NULL, 0),
                  (int)strtol(value, NULL, 0));
      pthread_mutex_unlock(&lock);
      return;
    }
  } else if (index >= 0 && strcmp(verb, "unplug") == 0) {
    pthread_mutex_lock(&lock);
    unplug(index);
    pthread_mutex_unlock(&lock);
    fake_log("%s unplugged", devices[index].node);
    return;
  } else if (index >= 0 && strcmp(verb, "plug") == 0) {
    pthread_mutex_lock(&lock);
    devices[index].present = 1;
    pthread_mutex_unlock(&lock);
    fake_log("%s plugged", devices[index].node);
    return;
  }
  fprintf(stderr, "fakeevdev: bad command '%s'\n", verb);
}

static void start_control(void) {
  static struct standin_control control = {
    .name = "fakeevdev", .variable = "FAKEEVDEV_CONTROL", .run = run_command};
  control.open = REAL(open);
  control.read = REAL(read);
  control.close = REAL(close);
  standin_start_control(&control);
}

// ---- libc shims ---------------------------------------------------------------------

static int open_device(int index, int flags) {
  struct fake_device *d = &devices[index];
  pthread_mutex_lock(&lock);
  int present = d->present;
  pthread_mutex_unlock(&lock);
  if (!present) {
    fake_log("%s open ENOENT", d->node);
    return fail(ENOENT);
  }
  int pipefd[2];
  if (pipe2(pipefd, O_CLOEXEC) != 0) return -1;
  if (pipefd[0] >= fake_max_fds) {
    REAL(close)(pipefd[0]);
    REAL(close)(pipefd[1]);
    return fail(EMFILE);
  }
  fcntl(pipefd[1], F_SETFL, O_NONBLOCK);
  if (flags & O_NONBLOCK) fcntl(pipefd[0], F_SETFL, O_NONBLOCK);
  if (!(flags & O_CLOEXEC)) fcntl(pipefd[0], F_SETFD, 0);
  pthread_once(&control_once, start_control);
  pthread_mutex_lock(&lock);
  fds[pipefd[0]] =
    (struct fake_fd){.device = index + 1, .write_fd = pipefd[1], .clock = CLOCK_REALTIME};
  pthread_mutex_unlock(&lock);
  fake_log("%s open", d->node);
  return pipefd[0];
}

// The mode argument of open/openat, present when the flags create a file.
#define OPEN_MODE(flags, last)                                       \
  mode_t mode = 0;                                                   \
  if (((flags) & O_CREAT) || ((flags) & O_TMPFILE) == O_TMPFILE) {   \
    va_list ap;                                                      \
    va_start(ap, last);                                              \
    mode = (mode_t)va_arg(ap, int);                                  \
    va_end(ap);                                                      \
  }

int open(const char *path, int flags, ...) {
  OPEN_MODE(flags, flags)
  int index = device_for_path(path);
  if (index >= 0) return open_device(index, flags);
  return REAL(open)(path, flags, mode);
}

int open64(const char *path, int flags, ...) {
  OPEN_MODE(flags, flags)
  int index = device_for_path(path);
  if (index >= 0) return open_device(index, flags);
  return REAL(open64)(path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...) {
  OPEN_MODE(flags, flags)
  int index = device_for_path(path);
  if (index >= 0) return open_device(index, flags);
  return REAL(openat)(dirfd, path, flags, mode);
}

// Forgets a fake fd when its owner closes it (a grab goes with it), so a reused number is
// a plain fd again.
int close(int fd) {
  pthread_mutex_lock(&lock);
  struct fake_fd *f = fake_fd(fd);
  if (f) {
    struct fake_device *d = &devices[f->device - 1];
    if (d->grabbed_by == fd) d->grabbed_by = -1;
    if (f->write_fd >= 0) REAL(close)(f->write_fd);
    fake_log("%s close", d->node);
    *f = (struct fake_fd){0};
  }
  pthread_mutex_unlock(&lock);
  return REAL(close)(fd);
}

ssize_t read(int fd, void *buffer, size_t count) {
  if (fd >= 0 && fd < fake_max_fds && __atomic_load_n(&fds[fd].device, __ATOMIC_ACQUIRE) &&
      __atomic_load_n(&fds[fd].gone, __ATOMIC_ACQUIRE)) {
    fake_log("%s read ENODEV", devices[fds[fd].device - 1].node);
    return fail(ENODEV);
  }
  return REAL(read)(fd, buffer, count);
}

// "/dev/input" with the fake nodes that are plugged in, added to any real ones (on a
// machine without /dev/input the real scandir fails; the fake nodes are all there is).
int scandir(const char *dir, struct dirent ***list, int (*filter)(const struct dirent *),
            int (*compare)(const struct dirent **, const struct dirent **)) {
  int n = REAL(scandir)(dir, list, filter, compare);
  if (strcmp(dir, "/dev/input") != 0 || device_count == 0) return n;
  if (n < 0) {
    n = 0;
    *list = NULL;
  }
  struct dirent **grown = realloc(*list, sizeof *grown * (size_t)(n + device_count + 1));
  if (!grown) return n;
  *list = grown;
  for (int i = 0; i < device_count; i++) {
    pthread_mutex_lock(&lock);
    int present = devices[i].present;
    pthread_mutex_unlock(&lock);
    if (!present) continue;
    if (!standin_add_entry(grown, &n, devices[i].node, filter)) break;
  }
  if (compare) {
    qsort(grown, (size_t)n, sizeof *grown, (int (*)(const void *, const void *))compare);
  }
  return n;
}

static void set_bit(unsigned char *bits, size_t size, unsigned bit) {
  if (bit / 8 < size) bits[bit / 8] |= (unsigned char)(1u << (bit % 8));
}

static int is_touch(const struct fake_device *d) { return d->kind != kind_kbd; }
static int is_multitouch(const struct fake_device *d) {
  return d->kind == kind_mt || d->kind == kind_pad;
}

// EVIOCGBIT(type): the codes of `type` the device has (type 0: the types themselves).
static int event_bits(const struct fake_device *d, unsigned type, unsigned char *bits,
                      size_t size) {
  memset(bits, 0, size);
  switch (type) {
  case 0:
    set_bit(bits, size, EV_SYN);
    set_bit(bits, size, EV_KEY);
    if (is_touch(d)) set_bit(bits, size, EV_ABS);
    break;
  case EV_KEY:
    if (is_touch(d)) {
      set_bit(bits, size, BTN_TOUCH);
      if (d->kind == kind_pad) set_bit(bits, size, BTN_TOOL_FINGER);
    } else {
      for (unsigned key = KEY_ESC; key <= KEY_SPACE; key++) set_bit(bits, size, key);
    }
    break;
  case EV_ABS:
    if (!is_touch(d)) break;
    set_bit(bits, size, ABS_X);
    set_bit(bits, size, ABS_Y);
    if (is_multitouch(d)) {
      set_bit(bits, size, ABS_MT_SLOT);
      set_bit(bits, size, ABS_MT_POSITION_X);
      set_bit(bits, size, ABS_MT_POSITION_Y);
      set_bit(bits, size, ABS_MT_TRACKING_ID);
    }
    break;
  default:
    break;
  }
  return (int)size;
}

static int abs_info(const struct fake_device *d, unsigned code, struct input_absinfo *info) {
  memset(info, 0, sizeof *info);
  switch (code) {
  case ABS_X:
  case ABS_MT_POSITION_X:
    info->minimum = d->xmin;
    info->maximum = d->xmax;
    return 0;
  case ABS_Y:
  case ABS_MT_POSITION_Y:
    info->minimum = d->ymin;
    info->maximum = d->ymax;
    return 0;
  case ABS_MT_SLOT:
    info->maximum = d->slots - 1;
    return 0;
  case ABS_MT_TRACKING_ID:
    info->maximum = 65535;
    return 0;
  default:
    return fail(EINVAL);
  }
}

static int device_ioctl(int fd, struct fake_fd *f, unsigned long request, void *arg) {
  struct fake_device *d = &devices[f->device - 1];
  if (f->gone) return fail(ENODEV);
  switch (request) {
  case EVIOCGVERSION:
    *(int *)arg = EV_VERSION;
    return 0;
  case EVIOCGID:
    *(struct input_id *)arg = (struct input_id){
      .bustype = d->kind == kind_st ? BUS_USB : BUS_HOST, .vendor = 0x1d6b, .product = 0x0104,
      .version = 1};
    return 0;
  case EVIOCGRAB: {
    int on = (int)(intptr_t)arg;
    if (on) {
      if (d->grabbed_by >= 0 && d->grabbed_by != fd) return fail(EBUSY);
      d->grabbed_by = fd;
    } else {
      if (d->grabbed_by != fd) return fail(EINVAL);
      d->grabbed_by = -1;
    }
    fake_log("%s EVIOCGRAB %d", d->node, on);
    return 0;
  }
  case EVIOCSCLOCKID: {
    int clock = *(int *)arg;
    if (clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC && clock != CLOCK_BOOTTIME) {
      return fail(EINVAL);
    }
    f->clock = clock;
    fake_log("%s EVIOCSCLOCKID %d", d->node, clock);
    return 0;
  }
  default:
    break;
  }
  if (_IOC_TYPE(request) != 'E' || _IOC_DIR(request) != _IOC_READ) return fail(EINVAL);
  unsigned nr = _IOC_NR(request);
  size_t size = _IOC_SIZE(request);
  unsigned char *bytes = arg;
  if (nr == _IOC_NR(EVIOCGNAME(0))) {
    size_t length = strlen(d->name) + 1;
    if (length > size) length = size;
    memcpy(bytes, d->name, length);
    return (int)length;
  }
  if (nr == _IOC_NR(EVIOCGPHYS(0)) || nr == _IOC_NR(EVIOCGUNIQ(0))) return fail(ENOENT);
  if (nr == _IOC_NR(EVIOCGPROP(0))) {
    memset(bytes, 0, size);
    if (d->kind == kind_pad) set_bit(bytes, size, INPUT_PROP_POINTER);
    else if (is_touch(d)) set_bit(bytes, size, INPUT_PROP_DIRECT);
    return (int)size;
  }
  if (nr == _IOC_NR(EVIOCGMTSLOTS(0))) {
    if (!is_multitouch(d) || size < sizeof(__u32)) return fail(EINVAL);
    __u32 code;
    memcpy(&code, bytes, sizeof code);
    size_t count = (size - sizeof code) / sizeof(__s32);
    for (size_t i = 0; i < count; i++) {
      __s32 value = code == ABS_MT_TRACKING_ID ? -1 : 0;
      memcpy(bytes + sizeof code + i * sizeof value, &value, sizeof value);
    }
    return 0;
  }
  if (nr == _IOC_NR(EVIOCGKEY(0)) || nr == _IOC_NR(EVIOCGLED(0)) ||
      nr == _IOC_NR(EVIOCGSND(0)) || nr == _IOC_NR(EVIOCGSW(0))) {
    memset(bytes, 0, size);  // nothing held down, lit or switched
    return (int)size;
  }
  if (nr >= _IOC_NR(EVIOCGBIT(0, 0)) && nr <= _IOC_NR(EVIOCGBIT(EV_MAX, 0))) {
    return event_bits(d, nr - _IOC_NR(EVIOCGBIT(0, 0)), bytes, size);
  }
  if (nr >= _IOC_NR(EVIOCGABS(0)) && nr <= _IOC_NR(EVIOCGABS(ABS_MAX)) &&
      size == sizeof(struct input_absinfo)) {
    return abs_info(d, nr - _IOC_NR(EVIOCGABS(0)), arg);
  }
  return fail(EINVAL);
}

STANDIN_DEFINE_IOCTL(device_ioctl(fd, f, request, arg))
