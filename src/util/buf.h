/* SPDX-License-Identifier: MIT */
/* buf.h — allocation wrappers and the growable byte buffer (pc_buf), and
 * the small string helpers of util.c.
 *
 * Every allocation of the library goes through here, with the allocator a
 * program installed (pc_set_allocator, paperconv.h), and memory from here
 * is freed with pc_free, never pc_free().  Out of memory aborts here, in one
 * place, so callers never check for NULL; only the constructors of
 * paperconv.h's handles use pc_try_calloc and report it.  A pc_buf's ptr
 * is never NULL and always NUL-terminated. */
#ifndef PC_UTIL_H
#define PC_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

void *pc_xmalloc(size_t n);
/* A zeroed block of `size` bytes, or NULL when the allocator has none. */
void *pc_try_calloc(size_t size);
/* Frees memory from the calls here (public: paperconv.h); NULL is allowed. */
void pc_free(void *p);
void *pc_xcalloc(size_t n, size_t size);
void *pc_xrealloc(void *p, size_t n);
/* realloc of n elements of `size` bytes; a size that overflows aborts too. */
void *pc_xreallocarray(void *p, size_t n, size_t size);
char *pc_xstrdup(const char *s);             /* NULL stays NULL */
char *pc_xstrndup(const char *s, size_t n);
/* Replaces *dst (freeing it) with a copy of s; s may be NULL. */
void pc_set_str(char **dst, const char *s);
void pc_set_strn(char **dst, const char *s, size_t n);

/* ---- growable arrays ----------------------------------------------------
 *
 * An array is a pointer and a capacity (an unsigned integer lvalue) beside
 * the caller's count; PC_GROW(ptr, cap, n) makes room for n elements:
 *
 *     PC_GROW(l->items, l->cap, l->n + 1);
 *     l->items[l->n++] = x;
 *
 * The element size is the pointer's own (sizeof *ptr), so it cannot be
 * wrong.  The capacity doubles (4 at first, n if that is more): pushes
 * cost amortised O(1).  The test is inline, the realloc is not.  It is an
 * expression of type void; its arguments are evaluated more than once, so
 * give it plain lvalues.  Parallel arrays under one capacity: cap =
 * pc_grow_cap(cap, n), then pc_xreallocarray each. */
#define PC_GROW(ptr, cap, n)                                                                       \
    ((size_t)(n) > (size_t)(cap)                                                                   \
         ? (void)((ptr) = pc_xreallocarray((ptr), (cap) = pc_grow_cap((cap), (n)), sizeof *(ptr))) \
         : (void)0)

/* The capacity an array of capacity cap grows to so that it holds n > cap
 * elements: twice cap, at least 4 and n. */
size_t pc_grow_cap(size_t cap, size_t n);

typedef struct pc_buf {
    char *ptr;
    size_t len, cap;
} pc_buf;

#define PC_BUF_INIT {.ptr = pc_buf_empty_, .len = 0, .cap = 0}
extern char pc_buf_empty_[1]; /* shared "" for empty buffers; never written */

void pc_buf_init(pc_buf *b);
void pc_buf_free(pc_buf *b); /* NULL is allowed */
void pc_buf_grow(pc_buf *b, size_t extra);
void pc_buf_clear(pc_buf *b); /* len = 0, keeps capacity */
void pc_buf_put(pc_buf *b, const char *s, size_t n);
void pc_buf_puts(pc_buf *b, const char *s);
void pc_buf_printf(pc_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void pc_buf_vprintf(pc_buf *b, const char *fmt, va_list ap);
/* Returns the contents as an owned string and resets b. */
char *pc_buf_detach(pc_buf *b);
void pc_buf_truncate(pc_buf *b, size_t len);

static inline void pc_buf_putc(pc_buf *b, char c)
{
    if (b->len + 1 >= b->cap)
        pc_buf_grow(b, 1);
    b->ptr[b->len++] = c;
    b->ptr[b->len] = '\0';
}

/* ASCII helpers that ignore the locale. */
static inline bool pc_is_space(int c) { return c == ' ' || (unsigned)(c - '\t') <= (unsigned)('\r' - '\t'); } /* \t \n \v \f \r */
static inline bool pc_is_digit(int c) { return c >= '0' && c <= '9'; }
static inline bool pc_is_upper(int c) { return c >= 'A' && c <= 'Z'; }
static inline bool pc_is_lower(int c) { return c >= 'a' && c <= 'z'; }
static inline bool pc_is_alpha(int c) { return pc_is_upper(c) || pc_is_lower(c); }
static inline bool pc_is_alnum(int c) { return pc_is_alpha(c) || pc_is_digit(c); }
static inline int pc_to_lower(int c) { return pc_is_upper(c) ? c + 32 : c; }
int pc_strcasecmp(const char *a, const char *b);
int pc_strncasecmp(const char *a, const char *b, size_t n);

/* Trims ASCII white space at both ends of [*s, *s+*n). */
void pc_trim(const char **s, size_t *n);
/* Appends v as printf's "%0*d" (at least `width` digits).  Writers put a
 * date or a version in every record, and pc_buf_printf costs ~1 600
 * instructions a call; negative numbers still go through it. */
void pc_buf_put_int(pc_buf *b, int v, int width);
/* Appends s with every run of white space (incl. newlines) folded to one
 * space, and leading/trailing space removed. */
void pc_buf_put_folded(pc_buf *b, const char *s, size_t n);

#endif
