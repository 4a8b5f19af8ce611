/* SPDX-License-Identifier: MIT */
/* hash.h — the one string hash: 64-bit FNV-1a with a final mix, inline
 * (every hash table of the library sits on a hot path: field and macro
 * names, keywords, citation keys, LaTeX commands).
 *
 *   pc_hash(s, n)        the hash of the bytes [s, s+n)
 *   pc_hash_fold(s, n)   the same with ASCII letters lower-cased (tables
 *                        that ignore case: BibTeX names and keys)
 *
 * and its pieces, for a hash built as bytes arrive (the BibTeX lexer hashes
 * a name while it reads it), from a per-table seed (tables a hostile input
 * must not be able to fill with collisions), or over several strings:
 *
 *   uint64_t h = PC_HASH_INIT ^ seed;
 *   h = pc_hash_bytes(h, a, na);
 *   h = pc_hash_step(h, 0xff);       // a separator: "ab"+"c" != "a"+"bc"
 *   h = pc_hash_end(pc_hash_bytes(h, b, nb));
 *
 * Deterministic: the same bytes (and seed) give the same hash on every run.
 * Tables index by the low bits, which FNV-1a alone draws from few bits of
 * the last bytes, hence pc_hash_end. */
#ifndef PC_UTIL_HASH_H
#define PC_UTIL_HASH_H

#include <stddef.h>
#include <stdint.h>

#define PC_HASH_INIT 14695981039346656037ull /* FNV-1a's offset basis, 0xcbf29ce484222325 */
#define PC_HASH_PRIME 1099511628211ull      /* FNV-1a's prime */

static inline uint64_t pc_hash_step(uint64_t h, unsigned char c) { return (h ^ c) * PC_HASH_PRIME; }

static inline uint64_t pc_hash_bytes(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = pc_hash_step(h, (unsigned char)s[i]);
    return h;
}

static inline uint64_t pc_hash_bytes_fold(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        h = pc_hash_step(h, c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    return h;
}

/* The final mix (the first half of MurmurHash3's fmix64): every bit of the
 * result depends on every byte. */
static inline uint64_t pc_hash_end(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    return h ^ (h >> 33);
}

static inline uint64_t pc_hash(const char *s, size_t n)
{
    return pc_hash_end(pc_hash_bytes(PC_HASH_INIT, s, n));
}

/* A hash of [s, s+n) eight bytes at a time, for what is hashed whole and
 * often (what a record held when read, formats/bibtex/keep.c; the names of
 * a field map, src/model/fieldmap.c); not the same numbers as pc_hash, and
 * the host's byte order changes them: tables in memory only. */
static inline uint64_t pc_hash_words(const char *s, size_t n)
{
    uint64_t h = PC_HASH_INIT ^ (n * 0x9e3779b97f4a7c15ull), w;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __builtin_memcpy(&w, s + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 29;
    }
    w = 0;
    if (i < n)
        __builtin_memcpy(&w, s + i, n - i);
    return pc_hash_end((h ^ w) * PC_HASH_PRIME);
}

static inline uint64_t pc_hash_fold(const char *s, size_t n)
{
    return pc_hash_end(pc_hash_bytes_fold(PC_HASH_INIT, s, n));
}

#endif
