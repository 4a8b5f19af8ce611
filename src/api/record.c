/* SPDX-License-Identifier: MIT */
/* record.c (api) — paperconv.h's record accessors: a record as a program
 * sees it, by field id, over the structs of model/record.h.  Every call
 * here checks its arguments (NULL, a field of another kind, a part out of
 * range) and answers NULL, 0 or a status instead of trusting the caller;
 * the library's own code uses the model's calls directly. */
#include "model/record.h"

#include <stdlib.h>

pc_record *pc_record_new(void)
{
    pc_record *r = malloc(sizeof *r);
    if (r)
        pc_record_init(r);
    return r;
}

void pc_record_free(pc_record *r)
{
    if (!r)
        return;
    pc_record_clear(r);
    free(r);
}

/* The i-th name of role, or NULL. */
static const pc_name *name_at(const pc_record *r, pc_field role, size_t i)
{
    const pc_names *l = r ? pc_record_names(r, role) : NULL;
    return l && i < l->n ? &l->items[i] : NULL;
}

const char *pc_record_name_part(const pc_record *r, pc_field role, size_t i, pc_name_part part)
{
    const pc_name *n = name_at(r, role, i);
    if (!n)
        return NULL;
    switch (part) {
    case PC_NAME_GIVEN: return n->given;
    case PC_NAME_DROPPING_PARTICLE: return n->dparticle;
    case PC_NAME_PARTICLE: return n->particle;
    case PC_NAME_FAMILY: return n->family;
    case PC_NAME_SUFFIX: return n->suffix;
    case PC_NAME_LITERAL: return n->literal;
    case PC_NAME_ORCID: return n->orcid;
    case PC_NAME_PART_NONE: break;
    }
    return NULL;
}
