/* SPDX-License-Identifier: MIT */
/* ids_serial.c — the shapes of ISSNs and ISBNs (ids.h), for the readers
 * that find both in one field and must tell them apart (EndNote's isbn,
 * MODS's "serial number", Word's StandardNumber).  The same rules as the
 * RIS reader's SN (formats/ris/value.c). */
#include "model/ids.h"

/* The offset after a leading "ISSN"/"ISBN" label (any case) and the ':',
 * spaces and hyphens after it; 0 when there is none. */
static size_t label_end(const char *v, size_t n, const char *label)
{
    size_t i = 0;
    if (n >= 4 && !pc_strncasecmp(v, label, 4)) {
        i = 4;
        while (i < n && (v[i] == ':' || v[i] == ' ' || v[i] == '-'))
            i++;
    }
    return i;
}

bool pc_issn_looks(const char *v, size_t n, size_t *from, size_t *to)
{
    size_t i = label_end(v, n, "ISSN");
    const char *p = v + i;
    if (n - i < 9)
        return false;
    for (int k = 0; k < 9; k++) {
        bool ok = k == 4 ? p[k] == '-'
                  : k == 8 ? pc_is_digit((unsigned char)p[k]) || p[k] == 'X' || p[k] == 'x'
                           : pc_is_digit((unsigned char)p[k]);
        if (!ok)
            return false;
    }
    if (n - i > 9 && pc_is_alnum((unsigned char)p[9]))
        return false;
    if (from)
        *from = i;
    if (to)
        *to = i + 9;
    return true;
}

bool pc_isbn_looks(const char *v, size_t n, size_t *from, size_t *to)
{
    size_t digits = 0, start = label_end(v, n, "ISBN"), i = start, last = start;
    bool x = false;
    for (; i < n && !x; i++) {
        if (pc_is_digit((unsigned char)v[i]))
            digits++, last = i + 1;
        else if ((v[i] == 'X' || v[i] == 'x') && digits == 9)
            x = ++digits, last = i + 1;
        else if (v[i] != '-' && v[i] != ' ')
            break;
    }
    if (i < n && pc_is_alnum((unsigned char)v[i]))
        return false;
    if (!(digits == 10 || (digits == 13 && !x)))
        return false;
    if (from)
        *from = start;
    if (to)
        *to = last;
    return true;
}
