// libgps (gpsd client library), API 11 as shipped by Debian 12 / Raspberry Pi OS bookworm.
#pragma once
#include <gps.h>
