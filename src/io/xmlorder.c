/* SPDX-License-Identifier: MIT */
/* xmlorder.c — the order of the XML formats' pass-through values (declared
 * in xmlread.h): the place of an element's path among a format's rows, by
 * which the readers sort what they keep and the writers write it back
 * (xmlwrite.c), so a write-read trip keeps the order whatever the input's. */
#include "io/xmlread.h"

#include <stdlib.h>

/* ---- pass-through values in order ------------------------------------------------------ */

/* The leading components two paths share (a component ends at '/'). */
static size_t shared_components(const char *a, const char *b)
{
    size_t k = 0;
    for (;;) {
        size_t i = 0;
        while (a[i] && a[i] != '/' && a[i] == b[i])
            i++;
        if ((a[i] != '/' && a[i]) || a[i] != b[i])
            return k;
        k++;
        if (!a[i])
            return k;
        a += i + 1;
        b += i + 1;
    }
}

size_t pc_xr_extra_rank(const pc_map_row *rows, size_t n, const char *path)
{
    size_t best = n, best_k = 0;
    for (size_t i = 0; i < n; i++) {
        if (rows[i].how == PC_MAP_EXTRA && !strcmp(rows[i].name, path))
            return i;
        size_t k = shared_components(rows[i].name, path);
        if (k && k >= best_k) {
            best = i;
            best_k = k;
        }
    }
    return best;
}

typedef struct ranked {
    size_t rank, index;
} ranked;

static int by_rank(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->rank != y->rank)
        return x->rank < y->rank ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

void pc_xr_sort_extras(pc_record *rec, const pc_map_row *rows, size_t n)
{
    size_t k = rec->n_extras;
    if (k < 2)
        return;
    ranked *o = pc_xmalloc(k * sizeof *o);
    for (size_t i = 0; i < k; i++)
        o[i] = (ranked){.rank = pc_xr_extra_rank(rows, n, rec->extras[i].name), .index = i};
    qsort(o, k, sizeof *o, by_rank);
    pc_extra *sorted = pc_xmalloc(k * sizeof *sorted);
    for (size_t i = 0; i < k; i++)
        sorted[i] = rec->extras[o[i].index];
    memcpy(rec->extras, sorted, k * sizeof *sorted);
    pc_free(sorted);
    pc_free(o);
}
