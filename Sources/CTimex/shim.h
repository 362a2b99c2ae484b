// The kernel's clock discipline (adjtimex): whether the system clock is synchronised,
// which Swift's Glibc module does not carry. Header only; nothing to link.
#pragma once
#include <sys/timex.h>
