#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
// Wide-character ncurses: these must come before <ncurses.h>.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncurses.h>

// Swift 6 cannot read C globals (shared mutable state), so expose them as functions.
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
#endif
