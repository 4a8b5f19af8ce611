/* SPDX-License-Identifier: MIT */
/* ids.c — DOI, arXiv id and ORCID parsing (see ids.h). */
#include "model/ids.h"

#include <stdlib.h>

static size_t count_digits(const char *s, size_t n)
{
    size_t k = 0;
    while (k < n && pc_is_digit((unsigned char)s[k]))
        k++;
    return k;
}

/* Strips the first of `prefixes` that [*s, *s+*n) starts with (any case). */
static bool strip_prefix(const char **s, size_t *n, const char *const *prefixes, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        size_t k = strlen(prefixes[i]);
        if (*n >= k && pc_strncasecmp(*s, prefixes[i], k) == 0) {
            *s += k;
            *n -= k;
            return true;
        }
    }
    return false;
}

bool pc_doi_parse(const char *s, size_t n, pc_buf *out)
{
    static const char *const prefixes[] = {
        "https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/",
        "https://www.doi.org/", "http://www.doi.org/", "doi.org/", "doi:", "doi ",
    };
    pc_buf_clear(out);
    pc_trim(&s, &n);
    strip_prefix(&s, &n, prefixes, sizeof prefixes / sizeof *prefixes);
    pc_trim(&s, &n);
    if (n < 3 || memcmp(s, "10.", 3) != 0) {
        /* a publisher's URL: ".../doi/10.1002/x" */
        const char *p = NULL;
        for (size_t i = 0; i + 4 <= n; i++)
            if (memcmp(s + i, "/10.", 4) == 0) {
                p = s + i + 1;
                break;
            }
        if (!p)
            return false;
        n -= (size_t)(p - s);
        s = p;
    }
    size_t len = 0;
    while (len < n && !pc_is_space((unsigned char)s[len]))
        len++;
    /* "10." + registrant digits + "/" + a suffix */
    size_t reg = count_digits(s + 3, len - 3);
    if (reg == 0 || 3 + reg >= len || (s[3 + reg] != '/' && s[3 + reg] != '.'))
        return false;
    if (!memchr(s, '/', len) || s[len - 1] == '/')
        return false;
    pc_buf_put(out, s, len);
    return true;
}

size_t pc_arxiv_scan(const char *s, size_t n, pc_buf *id, int *version)
{
    size_t i = 0;
    pc_buf_clear(id);
    *version = 0;
    if (count_digits(s, n) == 4 && n > 4 && s[4] == '.') {
        size_t k = count_digits(s + 5, n - 5);
        if (k != 4 && k != 5)
            return 0;
        i = 5 + k;
        pc_buf_put(id, s, i);
    } else {
        size_t a = 0;
        while (a < n && (pc_is_lower((unsigned char)s[a]) || s[a] == '-'))
            a++;
        if (a == 0)
            return 0;
        size_t j = a;
        if (j + 3 < n && s[j] == '.' && pc_is_alpha((unsigned char)s[j + 1]) &&
            pc_is_alpha((unsigned char)s[j + 2]))
            j += 3;
        if (j >= n || s[j] != '/' || count_digits(s + j + 1, n - j - 1) != 7)
            return 0;
        pc_buf_put(id, s, a);
        pc_buf_put(id, s + j, 8);
        i = j + 8;
    }
    if (i + 1 < n && s[i] == 'v' && pc_is_digit((unsigned char)s[i + 1])) {
        size_t k = count_digits(s + i + 1, n - i - 1);
        if (k > 6) {
            pc_buf_clear(id);
            return 0;
        }
        for (size_t d = 0; d < k; d++)
            *version = *version * 10 + (s[i + 1 + d] - '0');
        i += 1 + k;
    }
    if (i < n && (pc_is_alnum((unsigned char)s[i]) || s[i] == '.' || s[i] == '/')) {
        pc_buf_clear(id); /* "2610.012345" is not an id followed by "5" */
        *version = 0;
        return 0;
    }
    return i;
}

bool pc_arxiv_parse(const char *s, size_t n, pc_buf *id, int *version)
{
    static const char *const prefixes[] = {
        "https://arxiv.org/abs/",        "http://arxiv.org/abs/",        "https://www.arxiv.org/abs/",
        "http://www.arxiv.org/abs/",     "https://export.arxiv.org/abs/", "http://export.arxiv.org/abs/",
        "https://arxiv.org/pdf/",        "http://arxiv.org/pdf/",        "arxiv.org/abs/",
        "https://doi.org/10.48550/arXiv.", "http://doi.org/10.48550/arXiv.", "10.48550/arXiv.",
        "arXiv:",
    };
    pc_trim(&s, &n);
    strip_prefix(&s, &n, prefixes, sizeof prefixes / sizeof *prefixes);
    if (n > 4 && pc_strncasecmp(s + n - 4, ".pdf", 4) == 0)
        n -= 4;
    size_t used = pc_arxiv_scan(s, n, id, version);
    if (used && used == n)
        return true;
    pc_buf_clear(id);
    *version = 0;
    return false;
}

/* 0000-0002-1825-0097: four groups of four digits, the last may end in X. */
static bool is_orcid(const char *s)
{
    for (size_t i = 0; i < PC_ORCID_LEN; i++) {
        bool dash = i % 5 == 4;
        if (dash ? s[i] != '-' : !(pc_is_digit((unsigned char)s[i]) || (i == PC_ORCID_LEN - 1 && s[i] == 'X')))
            return false;
    }
    return true;
}

bool pc_orcid_parse(const char *s, size_t n, const char **id)
{
    static const char host[] = "orcid.org/";
    const size_t host_n = sizeof host - 1;
    pc_trim(&s, &n);
    while (n && s[n - 1] == '/')
        n--;
    if (n < PC_ORCID_LEN || !is_orcid(s + n - PC_ORCID_LEN))
        return false;
    size_t before = n - PC_ORCID_LEN; /* a URL: "https://", a subdomain, "orcid.org/" */
    if (before && (before < host_n || pc_strncasecmp(s + before - host_n, host, host_n) != 0 ||
                   (before > host_n && !strchr("/.", s[before - host_n - 1]))))
        return false;
    *id = s + before;
    return true;
}
