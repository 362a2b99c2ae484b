// libsystemd's service notification API (sd_notify, sd_watchdog_enabled), as shipped by
// Debian 12 / Raspberry Pi OS bookworm (systemd 252).
#pragma once
#include <systemd/sd-daemon.h>
