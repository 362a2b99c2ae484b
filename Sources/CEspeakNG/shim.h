// espeak-ng 1.51 (Debian 12 / Raspberry Pi OS bookworm): in-process speech synthesis.
#pragma once
#include <espeak-ng/speak_lib.h>
