// alsa-lib 1.2.8 (Debian 12 / Raspberry Pi OS bookworm): PCM output and the mixer.
#pragma once
#include <alsa/asoundlib.h>

// alsa-lib prints its own diagnostics ("ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown
// PCM hw:9") to stderr through a variadic handler, which Swift can neither define nor pass.
// The audio module reports every failure itself, with the return code, once; this handler
// drops alsa-lib's duplicate lines.
static inline void calsa_discard_error(
    const char *file, int line, const char *function, int err, const char *fmt, ...) {
  (void)file;
  (void)line;
  (void)function;
  (void)err;
  (void)fmt;
}

// Installs `calsa_discard_error` as alsa-lib's process-wide error handler.
static inline int calsa_silence_errors(void) {
  return snd_lib_error_set_handler(calsa_discard_error);
}
