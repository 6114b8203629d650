/* Text helpers the screens share (ui_gfx.h). */
#include "ui_gfx.h"

/* Capitals, the accented Latin letters too ("TRÍO"): Chinese has none and stays as it is. */
void gfx_upper(char *s) {
    for (; *s; s++) {
        unsigned char *u = (unsigned char *)s;
        if (*u >= 'a' && *u <= 'z') *s = (char)(*u - 'a' + 'A');
        /* U+00E0..U+00FE (but the division sign): their capitals are 0x20 below */
        if (u[0] == 0xC3 && u[1] >= 0xA0 && u[1] <= 0xBE && u[1] != 0xB7) u[1] -= 0x20, s++;
    }
}
