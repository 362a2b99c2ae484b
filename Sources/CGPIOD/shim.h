// libgpiod 1.6 (v1 API), as shipped by Debian 12 / Raspberry Pi OS bookworm.
#pragma once
#include <gpiod.h>
