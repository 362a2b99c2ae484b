// cairo 1.16 (Debian 12 / Raspberry Pi OS bookworm): 2D drawing into image surfaces, PNG.
#pragma once
#include <cairo/cairo.h>
