/* SPDX-License-Identifier: MIT */
/* find.c — styles and locales by name: the search path, in order,
 *   $PAPERCONV_CSL_PATH   directories, colon-separated
 *   $XDG_DATA_HOME/csl    (default ~/.local/share/csl)
 *   /usr/share/citation-style-language   Debian's
 *                         citation-style-language-styles and -locales
 * In each directory a style NAME is NAME.csl, styles/NAME.csl or
 * styles/dependent/NAME.csl (dependent/NAME.csl); a locale LANG is
 * locales-LANG.xml or locales/locales-LANG.xml.  A name with a slash, or a
 * file that exists, is a path. */
#include "citeproc/citeproc.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DEBIAN_DIR "/usr/share/citation-style-language"

static bool is_file(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* Calls try(dir) for each directory of the search path until one returns a path. */
static char *each_dir(char *(*try)(const char *dir, const char *name, pc_buf *looked), const char *name,
                      pc_buf *looked)
{
    const char *env = getenv("PAPERCONV_CSL_PATH");
    char *r = NULL;
    if (env && *env) {
        const char *s = env;
        while (!r && *s) {
            const char *e = strchr(s, ':');
            size_t n = e ? (size_t)(e - s) : strlen(s);
            if (n) {
                char *dir = pc_xstrndup(s, n);
                r = try(dir, name, looked);
                pc_free(dir);
            }
            s = e ? e + 1 : s + n;
        }
    }
    if (!r) {
        pc_buf dir = PC_BUF_INIT;
        const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
        if (xdg && *xdg)
            pc_buf_printf(&dir, "%s/csl", xdg);
        else if (home && *home)
            pc_buf_printf(&dir, "%s/.local/share/csl", home);
        if (dir.len)
            r = try(dir.ptr, name, looked);
        pc_buf_free(&dir);
    }
    if (!r)
        r = try(DEBIAN_DIR, name, looked);
    return r;
}

static char *try_paths(const char *dir, const char *name, const char *const *forms, pc_buf *looked)
{
    pc_buf p = PC_BUF_INIT;
    for (int i = 0; forms[i]; i++) {
        pc_buf_clear(&p);
        pc_buf_printf(&p, forms[i], dir, name);
        if (is_file(p.ptr))
            return pc_buf_detach(&p);
    }
    if (looked) {
        if (looked->len)
            pc_buf_puts(looked, ", ");
        pc_buf_puts(looked, dir);
    }
    pc_buf_free(&p);
    return NULL;
}

static char *try_style(const char *dir, const char *name, pc_buf *looked)
{
    static const char *const forms[] = {"%s/%s.csl",        "%s/styles/%s.csl", "%s/styles/dependent/%s.csl",
                                        "%s/dependent/%s.csl", "%s/%s",          NULL};
    return try_paths(dir, name, forms, looked);
}

static char *try_locale(const char *dir, const char *name, pc_buf *looked)
{
    static const char *const forms[] = {"%s/locales-%s.xml", "%s/locales/locales-%s.xml", NULL};
    return try_paths(dir, name, forms, looked);
}

static bool safe_name(const char *s)
{
    if (!*s || *s == '.')
        return false;
    for (; *s; s++)
        if (!(pc_is_alnum((unsigned char)*s) || *s == '-' || *s == '_' || *s == '.'))
            return false;
    return true;
}

char *pc_citeproc_find_style(const char *name, pc_buf *looked)
{
    if (strchr(name, '/') || is_file(name))
        return is_file(name) ? pc_xstrdup(name) : NULL;
    if (!safe_name(name))
        return NULL;
    size_t n = strlen(name);
    if (n > 4 && strcmp(name + n - 4, ".csl") == 0) {
        char *base = pc_xstrndup(name, n - 4);
        char *r = each_dir(try_style, base, looked);
        pc_free(base);
        return r;
    }
    return each_dir(try_style, name, looked);
}

char *pc_citeproc_find_locale(const char *lang, pc_buf *looked)
{
    if (!safe_name(lang))
        return NULL;
    return each_dir(try_locale, lang, looked);
}
