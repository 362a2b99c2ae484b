// zlib, as shipped by Debian 12 / Raspberry Pi OS bookworm (1.2.13): inflates the
// zlib_data blobs of OpenStreetMap PBF files and checksums map files (crc32).
#pragma once
#include <zlib.h>
