// SDL 2.26 (Debian 12 / Raspberry Pi OS bookworm): the desktop window `headunit run
// --window` shows the screen in, with the keyboard and mouse standing for the knob, the
// buttons and the touch screen. Only the video and event subsystems are used.
#pragma once
#include <SDL2/SDL.h>

// SDL_WINDOWPOS_UNDEFINED and SDL_PIXELFORMAT_ARGB8888 are macros Swift cannot import:
// expressions over other macros.
static inline int headunit_sdl_windowpos_undefined(void) { return SDL_WINDOWPOS_UNDEFINED; }
static inline Uint32 headunit_sdl_pixelformat_argb8888(void) { return SDL_PIXELFORMAT_ARGB8888; }
