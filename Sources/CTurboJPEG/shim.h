// libjpeg-turbo's TurboJPEG API (Debian 12: libturbojpeg0-dev): decodes JPEG artwork from
// memory. Chosen over the libjpeg API because it reports errors by return value, where
// libjpeg's error handler longjmps, which Swift cannot catch.
#pragma once
#include <turbojpeg.h>
