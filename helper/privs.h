/* Least privilege: keep only CAP_SYS_ADMIN (needed to write the sysctl),
 * empty the bounding and ambient sets, set no_new_privs. */
#ifndef NB_PRIVS_H
#define NB_PRIVS_H

#include <stddef.h>

/* Returns 0, or -1 with the reason in err. Needs euid 0 and CAP_SETPCAP. */
int privs_drop(char *err, size_t errlen);

#endif
