#ifndef CMPDCLIENT_SHIM_H
#define CMPDCLIENT_SHIM_H

// libmpdclient, the Music Player Daemon project's client library (libmpdclient-dev): the
// music source's MPD player speaks MPD's protocol through it.
#include <mpd/client.h>

#endif
