/* SPDX-License-Identifier: MIT */
/* format_table.h — a format as the library's code sees it: struct
 * pc_format (one row of the format table: a reader, a writer or both, with
 * the format's field map and hooks), the table itself (src/io/registry.c),
 * and one input being read (pc_input, src/io/convert.c).  paperconv.h shows
 * a program only opaque pc_format pointers and accessors (src/api/). */
#ifndef PC_IO_FORMAT_TABLE_H
#define PC_IO_FORMAT_TABLE_H

#include "io/ctx.h"
#include "model/record.h"

#include <stdio.h>

typedef struct pc_source pc_source; /* buffered input with peek (io/source.h) */
struct pc_map_row;
struct pc_encoding_header;

/* Result of pc_format.read_next. */
typedef enum pc_read_status {
    PC_READ_NONE = 0,
    PC_READ_RECORD, /* *rec was filled */
    PC_READ_EOF,    /* no more records */
    PC_READ_SKIP,   /* one record was bad, reported; call again for the next */
    PC_READ_FATAL,  /* the input cannot be read further, reported */
} pc_read_status;

/* How a format's input is cut into chunks of whole records that readers
 * can read apart, on worker threads (-j, src/io/parallel.c).  `fits`: 0
 * when this input may not be cut, for the run of ctx (BibTeX: @string,
 * crossref or xdata in the file), else how it is cut (a mode, given back
 * to `end` and to the chunks' readers by pc_source_chunk_mode: JSON Lines
 * or a JSON array); it sees the input's path (NULL: standard input or a
 * pipe, which can be read only once) and its first bytes head[0, n);
 * `end`: the offset just past the
 * first record end at or after `from` in p[0, n) where a new chunk may
 * start (a line start), 0 when there is none in those bytes; p[0] starts
 * a chunk (at->start: the input's first).  Missing an end only makes a
 * chunk longer; an end that is not one would change what is read.  The
 * source of every chunk but the last is marked pc_source_set_cut, of
 * every one but the first pc_source_set_continued. */
typedef struct pc_chunk_at {
    int mode;   /* what fits returned */
    bool start; /* p[0] is the input's first byte */
} pc_chunk_at;

typedef struct pc_chunker {
    int (*fits)(const char *path, const char *head, size_t n, const pc_ctx *ctx);
    size_t (*end)(const pc_chunk_at *at, const char *p, size_t n, size_t from);
    /* optional: how many of the first chunk's bytes p[0, n) every later
     * chunk's reader is given as its context (pc_source_context: a
     * listing's header, whose heading each record takes) */
    size_t (*context)(const char *p, size_t n);
} pc_chunker;

/* For a chunker whose records end at a line of some shape: calls
 * ends(p, n, i, e) for each line p[i, e) (e at its LF) from the first line
 * start at or after `from`, and returns the first cut it gives (nonzero:
 * the offset just past a record end), 0 when none does in these bytes
 * (src/io/chunk_lines.c). */
typedef size_t (*pc_chunk_line_fn)(const char *p, size_t n, size_t i, size_t e);
size_t pc_chunk_by_lines(const char *p, size_t n, size_t from, pc_chunk_line_fn ends);

/* One entry of the format table.  A format has a reader, a writer or both.
 * Reader: open returns its state (NULL after reporting an error), next fills
 * a cleared record, close frees the state.  Writer: begin returns its state,
 * write emits one record, end finishes the document and frees the state;
 * write and end return false when the output failed. */
struct pc_format {
    const char *name;
    const char *const *aliases;    /* NULL-terminated */
    const char *const *extensions; /* NULL-terminated, without dot */
    /* the extensions -o FILE chooses this writer by, when they differ from
     * `extensions` (CSL-JSON writes .json, which the JSON reader reads);
     * NULL = `extensions` */
    const char *const *write_extensions;
    const char *description;
    /* 0 = not this format, higher = more certain; sees the first bytes */
    int (*sniff)(const char *head, size_t n);
    void *(*read_open)(pc_source *src, pc_ctx *ctx);
    pc_read_status (*read_next)(void *state, pc_record *rec);
    void (*read_close)(void *state);
    void *(*write_begin)(FILE *out, pc_ctx *ctx);
    bool (*write_record)(void *state, const pc_record *rec);
    bool (*write_end)(void *state);
    /* The format's field map (model/map.h): which of its fields or tags
     * hold which model field, in both directions.  NULL for a format that
     * maps through another's (the listing reader).  The README's "what
     * each format keeps" matrix is generated from these. */
    const struct pc_map_row *map;
    size_t map_len;
    /* How the format's consumers compare citation keys, so that the keys
     * written are unique their way.  true: without case (BibTeX: bibtex
     * finds \cite keys and "Repeated entry" case-folded, as pybtex and
     * biblatex's bibtex backend do; keys are then compared Unicode
     * case-folded, which is unique byte-wise for biber too).  false:
     * byte-wise (CSL `id`: pandoc and citeproc-js find [@key] and [@Key]
     * as two items; RIS `ID`, an opaque label to Zotero and EndNote). */
    bool keys_fold_case;
    /* The format's own way of naming the input's encoding at its top, or
     * NULL: finds it in head[0, n) (true, *h filled) for the driver to
     * decode with (BibTeX: JabRef's "% Encoding: NAME",
     * pc_encoding_jabref).  Coding cookies are looked for in every format. */
    bool (*encoding_header)(const char *head, size_t n, struct pc_encoding_header *h);
    /* Cutting the input for -j (see pc_chunker); NULL: read in one piece. */
    const pc_chunker *chunker;
    /* A value the format's reader kept as pass-through (pc_record_add_extra
     * under the format's family) read back as text, appended to out; false
     * when it is not text.  NULL: the format keeps no such values (CSL-JSON
     * keeps raw JSON: the CSL processor asks this to read them). */
    bool (*extra_text)(const char *raw, pc_buf *out);
};

/* The table, NULL-terminated (src/io/registry.c); pc_format_count and
 * pc_format_at (paperconv.h) show it to a program. */
extern const pc_format *const pc_formats[];

/* The reader of pass-through values kept as raw text of a format's own
 * syntax: the first format's extra_text in the table (CSL-JSON's, the only
 * one today), or NULL.  The CSL processor's users set it as its extra
 * reader without naming a format. */
typedef bool pc_extra_text_fn(const char *raw, pc_buf *out);
pc_extra_text_fn *pc_formats_extra_text(void);

/* ---- reading one input (src/io/convert.c) ------------------------------------ */

typedef struct pc_input pc_input;

/* Opens `path` ("-" = stdin) with reader `from`, or the one its extension or
 * content names when `from` is NULL.  Returns NULL after reporting through
 * ctx when the file cannot be opened or its format told; an empty input
 * opens and yields no record. */
pc_input *pc_input_open(pc_ctx *ctx, const char *path, const pc_format *from);
/* The same over an open source (taken: closed with the input, also when
 * NULL is returned); `path` is what the extension is looked for in (NULL:
 * none: the content decides). */
pc_input *pc_input_open_source(pc_ctx *ctx, pc_source *src, const char *path,
                               const pc_format *from);
/* The reader chosen for the input (NULL for an empty input). */
const pc_format *pc_input_format(const pc_input *in);
/* Fills rec (which must be cleared) with the next record; see pc_read_status. */
pc_read_status pc_input_next(pc_input *in, pc_record *rec);
/* Closes the input, reporting a read error if one happened; NULL is allowed. */
void pc_input_close(pc_input *in);

/* After the reader's last record (`fatal`: it stopped on an error,
 * reported; `got_records`: it gave a record or skipped one): whether the
 * input failed as a whole.  Reports why when the reader did not: foreign
 * content that gave no record, bytes left after the reader's end.  A
 * failed input is counted in ctx->n_inputs_failed. */
bool pc_input_failed(pc_input *in, bool fatal, bool got_records, unsigned long errors_before);
/* errno of the input's first read error, 0 if none; bytes read so far. */
int pc_input_error(const pc_input *in);
/* Reports the read error, if there is one, unless it was (pc_input_close
 * reports it otherwise). */
void pc_input_say_read_error(pc_input *in);
unsigned long long pc_input_offset(const pc_input *in);

/* ---- the conversion driver (src/io/convert.c) ------------------------------ */

/* One input of the driver: a path ("-": standard input), or an open
 * source (taken: closed by the driver), with `path` NULL or the name whose
 * extension may tell its format. */
typedef struct pc_input_spec {
    const char *path;
    pc_source *src;
} pc_input_spec;

/* The counts a run's status is judged from (the output's: its writer's
 * counts when it was opened). */
typedef struct pc_drive_base {
    unsigned long errors, inputs_failed;
} pc_drive_base;

/* Reads every input (none: standard input) with `from` (NULL: chosen per
 * input by extension, then content), gives each record a key unique within
 * the run as `to` compares them (keys_fold_case), and writes it with `to`'s
 * writer state ws.  Problems go to ctx's sink and counters.  PC_OK;
 * PC_ERR_IO when the output failed (reported once: ctx->output_failed);
 * PC_ERR_INPUT when an input failed as a whole, or an error was reported
 * since `since` and not opt.keep_going.  The writer is not ended. */
pc_status pc_drive(pc_ctx *ctx, const pc_input_spec *inputs, size_t n_inputs, const pc_format *from,
                   const pc_format *to, void *ws, const pc_drive_base *since);

/* The driver's steps, for a run that does more than convert record by
 * record (the operations of issue 22: src/ops/run.c).  pc_drive is
 * open, read with "key and write", close.  A pc_driver numbers the
 * places of keys, holds the key set and the progress count. */
typedef struct pc_driver pc_driver;
/* One record read from input number `input` (0-based): the callee may
 * key it (pc_driver_key), write it (pc_driver_write), keep a copy or
 * drop it; rec is cleared after.  False when the output failed. */
typedef bool (*pc_driver_take_fn)(void *user, pc_driver *d, size_t input, pc_record *rec);
/* NULL after reporting a key formula that does not compile (every
 * source of `inputs` is then closed). */
pc_driver *pc_driver_open(pc_ctx *ctx, const pc_input_spec *inputs, size_t n_inputs,
                          const pc_format *from, const pc_format *to, void *ws);
/* The number of inputs (1 for none: standard input). */
size_t pc_driver_n_inputs(const pc_driver *d);
/* Reads every input once, counting and reporting as pc_drive does, and
 * hands each record to take; false when take said the output failed. */
bool pc_driver_read(pc_driver *d, pc_driver_take_fn take, void *user);
/* Gives rec (read from `input`) its key, as pc_drive does. */
void pc_driver_key(pc_driver *d, size_t input, pc_record *rec);
/* Writes rec and counts it; false when the output failed. */
bool pc_driver_write(pc_driver *d, const pc_record *rec);
/* Ends the run (frees d): the status as pc_drive's.  since NULL: the run
 * gave up before reading (PC_ERR_USAGE). */
pc_status pc_driver_close(pc_driver *d, bool out_ok, const pc_drive_base *since);

#endif
