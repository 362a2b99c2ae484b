#ifndef CMOSQUITTO_SHIM_H
#define CMOSQUITTO_SHIM_H

// libmosquitto, the Eclipse Mosquitto project's MQTT client library (libmosquitto-dev):
// the fleet reporter's MQTT transport publishes through it.
#include <mosquitto.h>

#endif
