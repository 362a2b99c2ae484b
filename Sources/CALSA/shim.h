// alsa-lib 1.2.8 (Debian 12 / Raspberry Pi OS bookworm): PCM output and the mixer.
#pragma once
#include <alsa/asoundlib.h>
