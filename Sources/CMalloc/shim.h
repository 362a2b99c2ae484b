// glibc's malloc tuning (mallopt), which the Glibc module does not export. The daemon
// limits its malloc arenas with it so its resident memory stays small on a Pi.
#include <malloc.h>
