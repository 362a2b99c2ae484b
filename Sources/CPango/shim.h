// Pango 1.50 (Debian 12 / Raspberry Pi OS bookworm) through cairo: text shaped and laid
// out with font fallback (fontconfig), wrapping and ellipsizing.
#pragma once
#include <pango/pangocairo.h>
