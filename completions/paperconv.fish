# SPDX-License-Identifier: MIT
# fish completion for paperconv(1), installed as
# share/fish/vendor_completions.d/paperconv.fish.  It completes the options,
# the format names after -f (readers) and -t (writers) as the paperconv being
# completed lists them (`paperconv --list-formats`), published|updated after
# --date, and file names elsewhere.

# __paperconv_formats COLUMN: the formats whose COLUMN (2 = READ, 3 = WRITE)
# of --list-formats says yes
function __paperconv_formats --argument-names column
    set -l prog (commandline -opc)[1]
    test -n "$prog"; or set prog paperconv
    for line in (command $prog --list-formats 2>/dev/null)[2..-1]
        set -l fields (string split -n ' ' -- $line)
        test "$fields[$column]" = yes; and echo $fields[1]
    end
end

complete -c paperconv -s t -l to -x -a '(__paperconv_formats 3)' -d 'Output format'
complete -c paperconv -s f -l from -x -a '(__paperconv_formats 2)' -d 'Input format'
complete -c paperconv -s o -l output -r -F -d 'Write FILE atomically'
complete -c paperconv -l encoding -x -a 'utf-8 latin1 windows-1252 utf-16 utf-16le utf-16be' -d 'Character encoding of the input'
complete -c paperconv -l unicode -d 'BibTeX: keep UTF-8 instead of LaTeX commands'
complete -c paperconv -l rekey -d 'Ignore input citation keys, always generate them'
complete -c paperconv -l key-format -x -a 'auth.lower+year auth.lower+shorttitle\(3,3\)+year authEtAl+year' -d 'How citation keys are made (a formula)'
complete -c paperconv -l key-postfix -x -a '%a %A -%n _%a' -d 'What follows a repeated key'
complete -c paperconv -l dedupe -f -a 'ids fuzzy' -d 'Merge the records of one work (same DOI, arXiv id, ISBN...)'
complete -c paperconv -l merge -x -a 'combine first last' -d 'How duplicates are merged'
complete -c paperconv -l cited -r -F -d 'Write only the records FILE cites (.aux, .bcf, Markdown, keys)'
complete -c paperconv -l sort -x -a 'key author year date title type added -year author,-year' -d 'Sort order (-year: descending)'
complete -c paperconv -l omit -x -d 'Remove these fields (comma-separated)'
complete -c paperconv -l keep -x -d 'Remove every other field (comma-separated)'
complete -c paperconv -l rename -x -d 'Move field FROM to TO (FROM=TO)'
complete -c paperconv -l remove-empty -d 'Remove fields with no text'
complete -c paperconv -l max-authors -x -d 'Keep the first N authors, then and others'
complete -c paperconv -l key-scope -x -a 'run global' -d 'Keys unique within the run or across separate runs'
complete -c paperconv -l stats -d 'What the run did as JSON on stderr (--stats=json=FILE: in FILE)'
complete -c paperconv -l merge-stats -d 'Add up --stats files on stdout'
complete -c paperconv -l date -x -a 'published updated' -d 'arXiv: date of the first or the latest version'
complete -c paperconv -l style -r -d 'html, text, markdown, latex: the CSL style (a name or a .csl file)'
complete -c paperconv -l locale -x -d 'The CSL locale (de-DE)'
complete -c paperconv -l citations -r -F -d 'JSON citation clusters to format before the bibliography'
complete -c paperconv -s j -l jobs -x -a '0 1 2 4 8' -d 'Read JSON, RIS, BibTeX and tagged files on N threads (0: one per core)'
complete -c paperconv -l indent -x -a '2 4 tab' -d 'BibTeX kept as written: fields indented by N spaces or a tab'
complete -c paperconv -l align -d 'BibTeX kept as written: = in one column (--align=N: column N)'
complete -c paperconv -l braces -d 'BibTeX kept as written: values as {...}'
complete -c paperconv -l quotes -d 'BibTeX kept as written: values as "..."'
complete -c paperconv -l field-order -x -a 'input standard alpha' -d 'BibTeX kept as written: the order of fields'
complete -c paperconv -l months -x -a 'macro number name' -d 'BibTeX kept as written: month as jan, 1 or {January}'
complete -c paperconv -l wrap -x -a '72 80 100' -d 'BibTeX kept as written: values broken to lines of N columns'
complete -c paperconv -l trailing-comma -d 'BibTeX kept as written: a comma after the last field'
complete -c paperconv -l rewrite -d 'BibTeX to BibTeX: write every entry from its values'
complete -c paperconv -l strict -d 'Treat warnings as errors'
complete -c paperconv -l keep-going -d 'Exit 0 even if some records could not be converted'
complete -c paperconv -l progress -d 'Show a progress line on stderr'
complete -c paperconv -l no-progress -d 'Never show the progress line'
complete -c paperconv -l list-formats -d 'List the formats and exit'
complete -c paperconv -l list-input-formats -d 'List the input formats, one a line'
complete -c paperconv -l list-output-formats -d 'List the output formats, one a line'
complete -c paperconv -s q -l quiet -d 'Do not print warnings'
complete -c paperconv -s v -l verbose -d 'Print notes and a summary'
complete -c paperconv -s h -l help -d 'Show the help and exit'
complete -c paperconv -s V -l version -d 'Show the version and exit'
