/* The kernel's boot id: records from an earlier boot are stale. */
#ifndef NB_BOOTID_H
#define NB_BOOTID_H

#include "record.h"

/* Returns 0, or -1 (logged) when the file is missing or malformed. */
int bootid_read(const char *path, char out[NB_BOOT_ID_LEN + 1]);

#endif
