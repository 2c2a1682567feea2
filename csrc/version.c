#include "holdem.h"

const char *ph_version(void) { return "0.1.0"; }

int ph_deck_size(void) { return 52; }
