// fakefb: a userspace stand-in for Linux framebuffer devices (/dev/fbN, fbdev), for
// testing programs that draw on a framebuffer on machines that have none.
//
// Loaded with LD_PRELOAD, it interposes the calls a framebuffer client makes on the
// device and answers them for fake devices whose memory is a plain file:
//   open("/dev/fbN")   opens the backing file instead (sized to smem_len first), so the
//                      fd is a real file descriptor;
//   ioctl              answers FBIOGET_VSCREENINFO, FBIOGET_FSCREENINFO,
//                      FBIOPUT_VSCREENINFO, FBIOPAN_DISPLAY and FBIOBLANK on those fds;
//   mmap               checks the range against smem_len, as fb_mmap does, and maps the
//                      file (MAP_SHARED writes land in it, so a test reads the "screen"
//                      by reading the file);
//   close              forgets the fd.
// Everything else, and every call on other fds and paths, goes to the real function
// (dlsym(RTLD_NEXT)).
//
// Which symbols: a Swift program reaches open and ioctl through libswiftGlibc.so (its
// overlays for the variadic functions) and mmap/close directly; on glibc 64-bit targets
// these are the plain names (`nm -D libswiftGlibc.so libswiftCore.so | grep ' U '`). The
// 64-bit-offset aliases (open64, openat64, mmap64) and openat are interposed too, so C
// clients built with _FILE_OFFSET_BITS=64 or going through openat work the same.
//
// Environment (all optional):
//   FAKEFB_GEOMETRY    WIDTHxHEIGHTxBPP, BPP 16 or 32             default 800x480x32
//   FAKEFB_VIRTUAL     WIDTHxHEIGHT virtual size                  default the visible size
//   FAKEFB_LINE_LENGTH bytes per row (line_length)                default virtual width x BPP/8
//   FAKEFB_MEMORY      smem_len in bytes                          default line_length x
//                                                                 virtual height
//   FAKEFB_BITFIELDS   R,G,B[,A] as OFFSET/LENGTH, e.g. 0/8,8/8,16/8 for XBGR8888
//                                                default RGB565 (16) or XRGB8888 (32)
//   FAKEFB_PAN         0: the "driver" cannot pan (ypanstep 0)     default 1
//   FAKEFB_DEVICES     how many devices exist: /dev/fb0 .. /dev/fb(N-1); opening a
//                      higher /dev/fbN fails with ENOENT          default 1
//   FAKEFB_FILE        backing file of /dev/fb0; /dev/fbN uses FAKEFB_FILE.N
//                                                default $TMPDIR/fakefb-UID-fb0.raw
//   FAKEFB_LOG         file that gets one line per answered call ("fb0 FBIOBLANK 4"),
//                      appended, so a test can check what the program asked for.
// The state (offsets after a pan, blanking) is per process, like the fd table.

#undef _FORTIFY_SOURCE
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fb.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/standin.h"

// The kernel's layouts; a client built against other headers would disagree.
_Static_assert(sizeof(struct fb_var_screeninfo) == 160, "fb_var_screeninfo is 160 bytes");

enum { fake_max_devices = 8, fake_max_fds = 1024 };

struct fake_device {
  struct fb_var_screeninfo var;
  struct fb_fix_screeninfo fix;
  int blank;  // last FBIOBLANK level
  char file[4096];
};

static struct fake_device devices[fake_max_devices];
static int device_count;
static int fd_device[fake_max_fds];  // device index + 1; 0: not a fake fd
static char log_path[4096];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;

static int (*real_open)(const char *, int, ...);
static int (*real_open64)(const char *, int, ...);
static int (*real_openat)(int, const char *, int, ...);
static int (*real_openat64)(int, const char *, int, ...);
static int (*real_close)(int);
static int (*real_ioctl)(int, unsigned long, ...);
static void *(*real_mmap)(void *, size_t, int, int, int, off_t);
static void *(*real_mmap64)(void *, size_t, int, int, int, off64_t);

static void fake_log(const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  standin_vlog(log_path, real_open, real_close, format, ap);
  va_end(ap);
}

static int parse_bitfields(const char *text, struct fb_var_screeninfo *var) {
  struct fb_bitfield *fields[] = {&var->red, &var->green, &var->blue, &var->transp};
  unsigned offset, length;
  int count = 0;
  while (count < 4 && sscanf(text, "%u/%u", &offset, &length) == 2) {
    fields[count]->offset = offset;
    fields[count]->length = length;
    count++;
    text = strchr(text, ',');
    if (!text) break;
    text++;
  }
  return count >= 3 ? 0 : -1;
}

static unsigned env_unsigned(const char *name, unsigned fallback) {
  const char *text = getenv(name);
  return text && *text ? (unsigned)strtoul(text, NULL, 0) : fallback;
}

static void setup(void) {
  real_open = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
  real_open64 = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open64");
  real_openat = (int (*)(int, const char *, int, ...))dlsym(RTLD_NEXT, "openat");
  real_openat64 = (int (*)(int, const char *, int, ...))dlsym(RTLD_NEXT, "openat64");
  real_close = (int (*)(int))dlsym(RTLD_NEXT, "close");
  real_ioctl = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
  real_mmap = (void *(*)(void *, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
  real_mmap64 =
      (void *(*)(void *, size_t, int, int, int, off64_t))dlsym(RTLD_NEXT, "mmap64");

  const char *log = getenv("FAKEFB_LOG");
  if (log) snprintf(log_path, sizeof log_path, "%s", log);

  unsigned width = 800, height = 480, bpp = 32;
  const char *geometry = getenv("FAKEFB_GEOMETRY");
  if (geometry && sscanf(geometry, "%ux%ux%u", &width, &height, &bpp) != 3) {
    fprintf(stderr, "fakefb: bad FAKEFB_GEOMETRY '%s' (want WIDTHxHEIGHTxBPP)\n", geometry);
  }
  unsigned virtual_width = width, virtual_height = height;
  const char *virtual_size = getenv("FAKEFB_VIRTUAL");
  if (virtual_size && sscanf(virtual_size, "%ux%u", &virtual_width, &virtual_height) != 2) {
    fprintf(stderr, "fakefb: bad FAKEFB_VIRTUAL '%s' (want WIDTHxHEIGHT)\n", virtual_size);
  }
  unsigned line_length = env_unsigned("FAKEFB_LINE_LENGTH", virtual_width * bpp / 8);
  unsigned memory = env_unsigned("FAKEFB_MEMORY", line_length * virtual_height);

  struct fb_var_screeninfo var;
  memset(&var, 0, sizeof var);
  var.xres = width;
  var.yres = height;
  var.xres_virtual = virtual_width;
  var.yres_virtual = virtual_height;
  var.bits_per_pixel = bpp;
  var.height = var.width = 0xFFFFFFFF;  // size in mm unknown, as many drivers say
  if (bpp == 16) {
    parse_bitfields("11/5,5/6,0/5", &var);
  } else {
    parse_bitfields("16/8,8/8,0/8", &var);
  }
  const char *bitfields = getenv("FAKEFB_BITFIELDS");
  if (bitfields) {
    struct fb_var_screeninfo parsed = var;
    memset(&parsed.transp, 0, sizeof parsed.transp);
    if (parse_bitfields(bitfields, &parsed) == 0) {
      var = parsed;
    } else {
      fprintf(stderr, "fakefb: bad FAKEFB_BITFIELDS '%s' (want R,G,B[,A] as OFF/LEN)\n",
              bitfields);
    }
  }

  struct fb_fix_screeninfo fix;
  memset(&fix, 0, sizeof fix);
  snprintf(fix.id, sizeof fix.id, "fakefb");
  fix.smem_len = memory;
  fix.type = FB_TYPE_PACKED_PIXELS;
  fix.visual = FB_VISUAL_TRUECOLOR;
  fix.ypanstep = env_unsigned("FAKEFB_PAN", 1) ? 1 : 0;
  fix.line_length = line_length;

  device_count = (int)env_unsigned("FAKEFB_DEVICES", 1);
  if (device_count > fake_max_devices) device_count = fake_max_devices;
  const char *file = getenv("FAKEFB_FILE");
  const char *tmp = getenv("TMPDIR");
  for (int n = 0; n < device_count; n++) {
    devices[n].var = var;
    devices[n].fix = fix;
    if (file && n == 0) {
      snprintf(devices[n].file, sizeof devices[n].file, "%s", file);
    } else if (file) {
      snprintf(devices[n].file, sizeof devices[n].file, "%s.%d", file, n);
    } else {
      snprintf(devices[n].file, sizeof devices[n].file, "%s/fakefb-%u-fb%d.raw",
               tmp ? tmp : "/tmp", (unsigned)getuid(), n);
    }
  }
}

#define SETUP() pthread_once(&setup_once, setup)

// The device number N if `path` is /dev/fbN, else -1.
static int device_number(const char *path) {
  if (!path || strncmp(path, "/dev/fb", 7) != 0) return -1;
  char *end;
  long n = strtol(path + 7, &end, 10);
  if (end == path + 7 || *end != 0 || n < 0 || n > 31) return -1;
  return (int)n;
}

// Opens the backing file of /dev/fbN (N = `n`), sized to smem_len, with the access mode
// and the CLOEXEC/NONBLOCK flags asked for.
static int open_device(int n, const char *path, int flags) {
  if (n >= device_count) {
    fake_log("fb%d open ENOENT", n);
    errno = ENOENT;
    return -1;
  }
  struct fake_device *device = &devices[n];
  int sizing = real_open(device->file, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (sizing < 0) {
    fprintf(stderr, "fakefb: cannot open %s for %s: %s\n", device->file, path,
            strerror(errno));
    errno = ENODEV;
    return -1;
  }
  struct stat st;
  if (fstat(sizing, &st) != 0 || st.st_size != (off_t)device->fix.smem_len) {
    if (ftruncate(sizing, (off_t)device->fix.smem_len) != 0) {
      fprintf(stderr, "fakefb: cannot size %s: %s\n", device->file, strerror(errno));
    }
  }
  real_close(sizing);
  int fd = real_open(device->file, flags & (O_ACCMODE | O_CLOEXEC | O_NONBLOCK));
  if (fd < 0) return -1;
  if (fd < fake_max_fds) {
    pthread_mutex_lock(&lock);
    fd_device[fd] = n + 1;
    pthread_mutex_unlock(&lock);
  }
  fake_log("fb%d open", n);
  return fd;
}

// The mode argument of open/openat, present when the flags create a file.
#define MODE_ARGUMENT(flags, last, mode)            \
  do {                                              \
    if ((flags) & (O_CREAT | O_TMPFILE)) {          \
      va_list ap;                                   \
      va_start(ap, last);                           \
      mode = (mode_t)va_arg(ap, unsigned);          \
      va_end(ap);                                   \
    }                                               \
  } while (0)

int open(const char *path, int flags, ...) {
  SETUP();
  mode_t mode = 0;
  MODE_ARGUMENT(flags, flags, mode);
  int n = device_number(path);
  if (n >= 0) return open_device(n, path, flags);
  return real_open(path, flags, mode);
}

int open64(const char *path, int flags, ...) {
  SETUP();
  mode_t mode = 0;
  MODE_ARGUMENT(flags, flags, mode);
  int n = device_number(path);
  if (n >= 0) return open_device(n, path, flags);
  return real_open64(path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...) {
  SETUP();
  mode_t mode = 0;
  MODE_ARGUMENT(flags, flags, mode);
  int n = device_number(path);
  if (n >= 0) return open_device(n, path, flags);
  return real_openat(dirfd, path, flags, mode);
}

int openat64(int dirfd, const char *path, int flags, ...) {
  SETUP();
  mode_t mode = 0;
  MODE_ARGUMENT(flags, flags, mode);
  int n = device_number(path);
  if (n >= 0) return open_device(n, path, flags);
  return real_openat64(dirfd, path, flags, mode);
}

// The fake device behind `fd`, or NULL. Call with `lock` held.
static struct fake_device *device_of(int fd, int *n) {
  if (fd < 0 || fd >= fake_max_fds || fd_device[fd] == 0) return NULL;
  *n = fd_device[fd] - 1;
  return &devices[*n];
}

int close(int fd) {
  SETUP();
  pthread_mutex_lock(&lock);
  int n;
  struct fake_device *device = device_of(fd, &n);
  if (device) fd_device[fd] = 0;
  pthread_mutex_unlock(&lock);
  if (device) fake_log("fb%d close", n);
  return real_close(fd);
}

// FBIOPUT_VSCREENINFO: virtual size and offsets may change, as long as the virtual
// screen fits the memory; resolution and format may not (this "driver" has one mode).
static int put_var(struct fake_device *device, struct fb_var_screeninfo *wanted) {
  const struct fb_var_screeninfo *var = &device->var;
  if (wanted->xres != var->xres || wanted->yres != var->yres ||
      wanted->bits_per_pixel != var->bits_per_pixel) {
    return EINVAL;
  }
  if (wanted->xres_virtual < wanted->xres || wanted->yres_virtual < wanted->yres ||
      wanted->xres_virtual * var->bits_per_pixel / 8 > device->fix.line_length ||
      (uint64_t)wanted->yres_virtual * device->fix.line_length > device->fix.smem_len ||
      wanted->xoffset + wanted->xres > wanted->xres_virtual ||
      wanted->yoffset + wanted->yres > wanted->yres_virtual) {
    return EINVAL;
  }
  device->var.xres_virtual = wanted->xres_virtual;
  device->var.yres_virtual = wanted->yres_virtual;
  device->var.xoffset = wanted->xoffset;
  device->var.yoffset = wanted->yoffset;
  *wanted = device->var;
  return 0;
}

// FBIOPAN_DISPLAY, checked as fb_pan_display does.
static int pan(struct fake_device *device, const struct fb_var_screeninfo *wanted) {
  const struct fb_var_screeninfo *var = &device->var;
  if (wanted->xoffset == var->xoffset && wanted->yoffset == var->yoffset) return 0;
  if (device->fix.ypanstep == 0 && wanted->yoffset != var->yoffset) return EINVAL;
  if (wanted->xoffset + var->xres > var->xres_virtual ||
      wanted->yoffset + var->yres > var->yres_virtual) {
    return EINVAL;
  }
  device->var.xoffset = wanted->xoffset;
  device->var.yoffset = wanted->yoffset;
  return 0;
}

int ioctl(int fd, unsigned long request, ...) {
  SETUP();
  va_list ap;
  va_start(ap, request);
  void *argument = va_arg(ap, void *);
  va_end(ap);

  pthread_mutex_lock(&lock);
  int n;
  struct fake_device *device = device_of(fd, &n);
  if (!device) {
    pthread_mutex_unlock(&lock);
    return real_ioctl(fd, request, argument);
  }
  int error = 0;
  char detail[160] = "";
  switch (request) {
  case FBIOGET_VSCREENINFO:
    memcpy(argument, &device->var, sizeof device->var);
    snprintf(detail, sizeof detail, "FBIOGET_VSCREENINFO");
    break;
  case FBIOGET_FSCREENINFO:
    memcpy(argument, &device->fix, sizeof device->fix);
    snprintf(detail, sizeof detail, "FBIOGET_FSCREENINFO");
    break;
  case FBIOPUT_VSCREENINFO: {
    struct fb_var_screeninfo *wanted = argument;
    snprintf(detail, sizeof detail, "FBIOPUT_VSCREENINFO %ux%u virtual %ux%u offset %u,%u",
             wanted->xres, wanted->yres, wanted->xres_virtual, wanted->yres_virtual,
             wanted->xoffset, wanted->yoffset);
    error = put_var(device, wanted);
    break;
  }
  case FBIOPAN_DISPLAY: {
    const struct fb_var_screeninfo *wanted = argument;
    snprintf(detail, sizeof detail, "FBIOPAN_DISPLAY %u,%u", wanted->xoffset,
             wanted->yoffset);
    error = pan(device, wanted);
    break;
  }
  case FBIOBLANK: {
    // An integer argument, passed in the pointer's place.
    int level = (int)(intptr_t)argument;
    snprintf(detail, sizeof detail, "FBIOBLANK %d", level);
    if (level < FB_BLANK_UNBLANK || level > FB_BLANK_POWERDOWN) {
      error = EINVAL;
    } else {
      device->blank = level;
    }
    break;
  }
  default:
    snprintf(detail, sizeof detail, "ioctl 0x%lx", request);
    error = ENOTTY;
    break;
  }
  pthread_mutex_unlock(&lock);
  fake_log("fb%d %s%s", n, detail, error == EINVAL ? " EINVAL" : error ? " ENOTTY" : "");
  if (error) {
    errno = error;
    return -1;
  }
  return 0;
}

// fb_mmap's check: the range must lie inside the page-rounded screen memory.
static int mmap_allowed(int fd, size_t length, uint64_t offset, int *n) {
  pthread_mutex_lock(&lock);
  struct fake_device *device = device_of(fd, n);
  uint64_t limit = 0;
  if (device) {
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
    limit = ((uint64_t)device->fix.smem_len + page - 1) / page * page;
  }
  pthread_mutex_unlock(&lock);
  if (!device) return 1;
  if (offset > limit || length > limit - offset) {
    fake_log("fb%d mmap %zu at %llu EINVAL", *n, length, (unsigned long long)offset);
    return 0;
  }
  fake_log("fb%d mmap %zu at %llu", *n, length, (unsigned long long)offset);
  return 1;
}

void *mmap(void *address, size_t length, int protection, int flags, int fd, off_t offset) {
  SETUP();
  int n;
  if (!mmap_allowed(fd, length, (uint64_t)offset, &n)) {
    errno = EINVAL;
    return MAP_FAILED;
  }
  return real_mmap(address, length, protection, flags, fd, offset);
}

void *mmap64(void *address, size_t length, int protection, int flags, int fd,
             off64_t offset) {
  SETUP();
  int n;
  if (!mmap_allowed(fd, length, (uint64_t)offset, &n)) {
    errno = EINVAL;
    return MAP_FAILED;
  }
  return real_mmap64(address, length, protection, flags, fd, offset);
}
