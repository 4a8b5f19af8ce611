/* SPDX-License-Identifier: MIT */
/* source.h — buffered byte input with look-ahead, for readers.
 *
 * A pc_source reads a file descriptor (or a memory block) through one
 * fixed-size buffer, so memory does not grow with the input.  Readers pull
 * lines or raw blocks; the format detector peeks at the first bytes without
 * consuming them.  An input in another encoding than UTF-8 is decoded on
 * the way in (pc_source_set_encoding), and so is UTF-8 that holds bytes
 * that are not UTF-8 (pc_source_header_encoding): what readers see is
 * always UTF-8, and positions (offsets, lines, columns) are those of the
 * decoded text.  A compressed input (gzip, zstd, xz: compress.h) is told
 * by its magic number at the first read and decompressed under all that,
 * for files, standard input, streams and memory blocks alike. */
#ifndef PC_SOURCE_H
#define PC_SOURCE_H

#include "io/encoding.h" /* pc_encoding_hint, for the readers' invalid UTF-8 messages */
#include "io/ctx.h"
#include "util/buf.h"

#include <sys/types.h>

typedef struct pc_source pc_source;

/* Opens a file ("-" = stdin).  Returns NULL and sets errno on failure. */
pc_source *pc_source_open(const char *path);
/* A source over a memory block (not copied: must outlive the source). */
pc_source *pc_source_mem(const char *name, const char *data, size_t n);
/* A source over an open stream, from where it stands (not closed). */
pc_source *pc_source_file(const char *name, FILE *f);
void pc_source_close(pc_source *src);
/* Its name in messages: the path, "<stdin>", or the name given. */
const char *pc_source_name(const pc_source *src);
/* True when every byte the source gives is valid UTF-8 already (it goes
 * through a decoder or the UTF-8 check: every input once its encoding is
 * chosen, but XML that declares another encoding, which libxml2 decodes).
 * A reader then needs to look only for NUL bytes. */
bool pc_source_utf8_checked(const pc_source *src);
/* The path pc_source_open was given ("-": standard input), for opening
 * it again; NULL for a memory or stream source. */
const char *pc_source_path(const pc_source *src);

/* Makes up to `want` bytes available without consuming them; returns how many
 * are (fewer only at end of input or on error) and points *p at them. */
size_t pc_source_peek(pc_source *src, size_t want, const char **p);
/* Copies up to n bytes; returns the count, 0 at end, -1 on a read error. */
ssize_t pc_source_read(pc_source *src, char *dst, size_t n);
/* Reads one line into `line` (cleared first) without its "\n" (a "\r" before
 * it is kept: this is the raw primitive; pc_lines below ends lines at CR,
 * LF and CRLF).  Returns false at end of input or on error. */
bool pc_source_getline(pc_source *src, pc_buf *line);
/* errno of the first read error, 0 if none (EBADMSG: compressed data cut
 * short or damaged). */
int pc_source_error(const pc_source *src);
/* Whether that error was reported already, at its place (compressed data
 * cut short or damaged: FILE:LINE:COL of the decompressed text). */
bool pc_source_error_said(const pc_source *src);
/* The line number the source's first byte is on, for the readers'
 * positions: 1, unless set (a memory source over a chunk of a file that
 * starts at that line: src/io/parallel.c). */
void pc_source_set_first_line(pc_source *src, unsigned long line);
unsigned long pc_source_first_line(const pc_source *src);
/* Whether the source is a chunk of a file cut just before a record, more
 * of the file after it (src/io/parallel.c): a reader whose records start
 * with a mark (BibTeX's '@' in column 1) reads its end as that mark. */
void pc_source_set_cut(pc_source *src);
bool pc_source_cut(const pc_source *src);
/* Whether the source is a chunk of a file after its first (-j): a reader
 * whose records are the elements of one envelope (a JSON array) starts
 * inside it. */
void pc_source_set_continued(pc_source *src);
bool pc_source_continued(const pc_source *src);
/* A chunk's context: bytes of the input's start its reader is to know
 * (pc_chunker's context; not copied: they outlive the source). */
void pc_source_set_context(pc_source *src, const char *p, size_t n);
const char *pc_source_context(const pc_source *src, size_t *n);
/* How the chunk was cut: the format's chunker's mode (0: not a chunk). */
void pc_source_set_chunk_mode(pc_source *src, int mode);
int pc_source_chunk_mode(const pc_source *src);
/* Where the source's own messages go from now on (a bad byte, compressed
 * data cut short).  They are given as the bytes they are about are
 * consumed (pc_source_read, a line), not when decoding runs ahead, so they
 * come in input order among the reader's. */
void pc_source_set_ctx(pc_source *src, pc_ctx *ctx);
/* Whether a message of the source's is about the next n bytes (peeked,
 * not consumed) or the end just after them: -j reads such bytes in one
 * piece (src/io/parallel.c). */
bool pc_source_reports_within(const pc_source *src, size_t n);
/* For a reader that reads blocks ahead of what it parses: the source
 * offset up to which it has used what it read (its messages about them
 * given), so the source's messages come there, not at the block's read.
 * From the first call on, they wait for it. */
void pc_source_used(pc_source *src, unsigned long long upto);
/* Bytes consumed so far (of the decoded text when transcoding). */
unsigned long long pc_source_offset(const pc_source *src);

/* Decodes the input from `encoding` (see pc_decoder_new) from now on,
 * after dropping its first `skip` bytes (a byte-order mark).  Only before
 * anything was consumed: what was peeked is decoded again.  False (and
 * nothing changed) if iconv does not know the name, or the source is
 * decoded already (an encoding was set, or chosen).  Bytes that are not
 * `encoding` are replaced by U+FFFD, and reported once per line as errors
 * to the context pc_source_choose_encoding was given (if any). */
bool pc_source_set_encoding(pc_source *src, const char *encoding, size_t skip);
/* The encoding the input is decoded from, or NULL for UTF-8. */
const char *pc_source_encoding(const pc_source *src);

/* Choosing the encoding, in two steps, before anything is consumed.
 * First, before the format is told: a UTF-16 or UTF-32 byte-order mark,
 * else `asked` (--encoding; NULL for none).  A UTF-8 mark means UTF-8
 * whatever `asked` says.  A single-byte encoding asked for on text that is
 * valid UTF-8 is warned about at its first non-ASCII character.  False
 * after reporting an encoding iconv does not know. */
bool pc_source_choose_encoding(pc_source *src, pc_ctx *ctx, const char *asked);
/* The hook of a format that names the input's encoding its own way
 * (pc_format.encoding_header: pc_encoding_jabref for BibTeX). */
typedef bool (*pc_encoding_header_fn)(const char *head, size_t n, pc_encoding_header *h);
/* Second, once the format is known, unless the first step chose: what the
 * top of the input names (the format's own header, by its hook `own`
 * (NULL: none), else an Emacs or Vim coding cookie) when the bytes fit it (warned about and
 * ignored otherwise), and ctx->opt.encoding unset; else UTF-8, where a
 * byte that is not UTF-8 is read as Windows-1252 with a warning (one per
 * line, the first with a guess of the encoding).  An input whose XML
 * declaration names another encoding than UTF-8 is left to the XML
 * parser. */
void pc_source_header_encoding(pc_source *src, pc_ctx *ctx, pc_encoding_header_fn own);

/* The longest line a line-based reader takes (16 MB).  A longer line is an
 * error at its line number and ends the input: its bytes past the limit
 * are never stored, and reading on to its end could take forever
 * (/dev/zero). */
#define PC_LINE_MAX (16 << 20)

/* Line-by-line reading with one line of push-back, for line-based readers
 * (listing, RIS).  CR, LF and CRLF all end a line (old Mac and EndNote
 * exports end lines with CR alone) and lines come without them; UTF-8
 * byte-order marks at the start of any line are removed (a file's own, and
 * those of files joined with cat); U+FEFF elsewhere is kept as text. */
typedef struct pc_lines {
    pc_source *src;
    pc_ctx *ctx;          /* where a too-long line is reported */
    pc_buf line;          /* the current line */
    unsigned long lineno; /* its number, from 1 */
    bool have_line;       /* `line` was pushed back and comes again */
    bool eof;
    bool failed; /* a line was longer than PC_LINE_MAX: reported, input ended */
} pc_lines;

void pc_lines_init(pc_lines *l, pc_source *src, pc_ctx *ctx);
void pc_lines_free(pc_lines *l);
/* Next line into l->line; false at the end of input, and after a line
 * longer than PC_LINE_MAX: then l->failed is set, the error reported at
 * its line, and l->line holds the line's first 64 bytes (enough to tell
 * whether it started a record). */
bool pc_lines_next(pc_lines *l);
/* Checks the current line for a NUL byte, and for bytes that are not
 * UTF-8 when the source has not checked them (pc_source_utf8_checked):
 * true if there is neither; else reports the first, at its column, as an
 * error of `file` whose message ends with `then` ("; record skipped", or
 * ""), and returns false.  One check for every line-based reader. */
bool pc_lines_check(const pc_lines *l, const char *file, const char *then);
/* Makes the next pc_lines_next return the current line again. */
void pc_lines_unread(pc_lines *l);
/* True if the buffer holds only white space (most lines of text start
 * with something else: they cost no call). */
bool pc_buf_is_blank_from(const pc_buf *b, size_t i);
static inline bool pc_buf_is_blank(const pc_buf *b)
{
    return !b->len || (pc_is_space((unsigned char)b->ptr[0]) && pc_buf_is_blank_from(b, 1));
}

#endif
