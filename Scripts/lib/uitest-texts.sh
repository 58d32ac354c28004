# UI tests of what the screens say and how they fit at 40x12 (issue 33, items 11 and 12): Missed
# spells a tense one way, a review's help speaks of the review, a gloss is cut at a word, the help's
# scroll mark stands apart, Progress's overview keeps o and f, Settings marks an explanation cut.
# Sourced by Scripts/uitest.

# ser's pretérito missed in three persons, long ago: due for review, and in Progress's Missed.
texts_history() {
  local file
  file=$(mktemp --suffix .csv)
  cat >"$file" <<'CSV'
date,verb,tense,person,expected,given,result,rating,seconds
2020-01-06T10:00:00Z,ser,preterito,yo,fui,fue,wrong,again,
2020-01-06T10:00:10Z,ser,preterito,nosotros,fuimos,fue,wrong,again,
2020-01-06T10:00:20Z,ser,preterito,tu,fuiste,fue,wrong,again,
CSV
  echo "$file"
}

# start_at SIZE [ARGUMENTS…]: the app started at 80x24, then resized to SIZE (80x24 or 40x12).
start_at() {
  local size=$1
  shift
  start 80 24 -- "$@" || return
  tm resize-window -t "$session" -x "${size%x*}" -y "${size#*x}"
}

test_texts_missed_and_the_reviews_help() {
  local history size spellings
  history=$(texts_history)
  for size in 80x24 40x12; do
    start_at "$size" --history "$history" --new-per-day 0 || return
    keys 5 Tab Tab Tab
    expect_line "^ +(1 +)?ser " "$size: Missed lists ser" || return
    spellings=$(settled_screen | grep -E "^ +([0-9]+ +)?ser " | grep -oE "pret[^,]*" | sort -u)
    [ "$(wc -l <<<"$spellings")" = 1 ] || fail "$size: one spelling of the pretérito in Missed: $spellings"
    keys 2 r
    expect_screen "Review 1 of 3" "$size: a review" || return
    keys "?"
    expect_screen "Help: the review" "$size: the help names the review" || return
    # The whole help, a page at a time.
    local help="" page
    for page in $(seq 1 12); do
      help+=$(settled_screen)$'\n'
      keys NPage
    done
    grep -q "leave the review" <<<"$help" || fail "$size: Esc leaves the review: $help"
    grep -q "points" <<<"$help" && fail "$size: a review's help speaks of no points: $help"
    grep -q "the quiz" <<<"$help" && fail "$size: a review's help speaks of no quiz: $help"
  done
  rm -f "$history"
}

test_texts_fit_at_40x12() {
  local size
  for size in 80x24 40x12; do
    # The quiz's gloss: volver, "to return, to come back", cut after a word at 40 columns.
    start_at "$size" || return
    keys 2 d Down Down Down Enter
    type_text "volver"
    keys Enter Down Left Down Down Enter
    expect_screen "Question 1 of 10" "$size: a drill of volver" || return
    if [ "$size" = 40x12 ]; then
      expect_line "^ Verb: +volver — to return, to come…$" "$size: the gloss cut after a word"
    else
      expect_line "^ Verb: +volver — to return, to come back$" "$size: the gloss whole"
    fi
    # The help's scroll mark, a blank column from the text.
    keys Escape y 1 "?"
    expect_screen "Help: the verb list" "$size: the help" || return
    expect_line " ↓$" "$size: the help's scroll mark"
    settled_screen | grep -qE "[^ ]↓$" && fail "$size: the scroll mark glued to the text: $(settled_screen)"
    # Progress's overview: o and f on the bottom line.
    keys Escape 5
    if [ "$size" = 40x12 ]; then
      expect_screen " a 30d  f forms  o fit  ? help  q quit" "$size: a, f and o fit on the bottom line"
    else
      expect_screen " Tab part  a 30 days  f forms  o fit  ↑↓ scroll  ? help  q quit" "$size: the overview's keys"
    fi
    # Settings: Quiz difficulty's explanation, cut at 40x12, marked and scrolled with PgDn.
    keys 4 Down
    expect_screen "‹ Easy ›" "$size: Quiz difficulty" || return
    if [ "$size" = 40x12 ]; then
      expect_line " ↓$" "$size: the explanation cut shows that more follows"
      keys NPage NPage NPage NPage
      expect_line " ↑$" "$size: PgDn scrolls the explanation"
      expect_line "‹ Easy ›" "$size: PgDn leaves the setting selected"
    else
      settled_screen | grep -qE " [↑↓]$" && fail "$size: the whole explanation, no mark: $(settled_screen)"
    fi
    tm resize-window -t "$session" -x 80 -y 40  # room for the exit status and the terminal's modes
    keys q
    expect_exit 0 "$size: q quits"
  done
}

TEXTS_TESTS=(test_texts_missed_and_the_reviews_help test_texts_fit_at_40x12)
