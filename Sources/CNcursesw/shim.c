// A C target needs one source file; everything CNcursesw offers is in include/shim.h.
// It is a C target rather than a system library so that the libraries it links can differ per
// platform (Package.swift): Debian splits ncursesw and tinfo, macOS has one wide-capable ncurses.
#include "shim.h"
