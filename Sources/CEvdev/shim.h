// libevdev 1.13 (Debian 12 / Raspberry Pi OS bookworm): input devices (touch screens)
// without hand-made ioctls — the EVIOC* request macros take arguments, so Swift cannot
// import them, and libevdev also resynchronises multitouch slots after SYN_DROPPED. Its
// header brings the kernel's event codes (linux/input.h), which Swift imports as constants.
#pragma once
#include <libevdev/libevdev.h>

// What read(2) on an event device returns, one record per event, on a 64-bit userland.
_Static_assert(sizeof(struct input_event) == 24, "input_event layout");
