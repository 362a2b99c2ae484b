// The Linux framebuffer device interface (fbdev): screen info structs and ioctl numbers,
// and the virtual console's graphics mode (KDSETMODE), which Swift's Glibc module does not
// carry. Header only; nothing to link.
#pragma once
#include <linux/fb.h>
#include <linux/kd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

// The ioctl request numbers are plain macros Swift imports; the structs need no shim.
_Static_assert(sizeof(struct fb_var_screeninfo) == 160, "fb_var_screeninfo layout");
