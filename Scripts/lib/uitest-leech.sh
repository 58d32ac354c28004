# UI test of a leech (issue 21, §4): a form forgotten 8 times since it was learned, missed again in
# a review: its verdict says so, and t opens its verb's table. Sourced by Scripts/uitest.

test_a_leech_says_so() {
  local history day=1 lapse size
  history=$(mktemp --suffix .csv)
  echo "date,verb,tense,person,expected,given,result,rating,seconds" >"$history"
  # Learned at once (easy), then 8 times forgotten in review and learned again: 8 lapses.
  for lapse in 0 1 2 3 4 5 6 7 8; do
    printf '2020-01-%02dT10:00:00Z,hablar,presente,yo,hablo,hablo,correct,easy,\n' "$day" >>"$history"
    [ "$lapse" = 8 ] && break
    printf '2020-01-%02dT10:00:00Z,hablar,presente,yo,hablo,hablé,wrong,again,\n' "$((day + 2))" >>"$history"
    day=$((day + 3))
  done
  start 80 24 -- --history "$history" --new-per-day 0 || return
  keys 2 r
  expect_screen "Review 1 of 1" "a review of the one form due" || return
  type_text "xyz"
  keys Enter
  expect_screen "A leech: you have forgotten this 9 times since you learned it." "the verdict of a leech says so" ||
    return
  expect_screen "u undo  t table" "t on the bottom line"
  keys t
  expect_line "^ hablar — to speak" "t opens the verb's table"
  # Esc comes back to the verdict, which stayed for when you come back (issue 33, 3).
  keys Escape
  expect_screen "A leech: you have forgotten this 9 times since you learned it." "Esc comes back to the verdict" || return
  # 40x12 without colour: the notice on one line.
  start 80 24 NO_COLOR=1 -- --history "$history" --new-per-day 0 || return
  tm resize-window -t "$session" -x 40 -y 12
  keys 2 r
  expect_screen "Review 1 of 1" "the review at 40x12" || return
  type_text "xyz"
  keys Enter
  expect_line "^   A leech: forgotten 9 times\. t: table$" "the leech's notice at 40 columns"
  # Suspended by its miss (the setting Leech action): no promise of its coming back (issue 33).
  for size in 80x24 40x12; do
    start 80 24 NO_COLOR=1 -- --history "$history" --new-per-day 0 --leech-action suspend || return
    tm resize-window -t "$session" -x "${size%x*}" -y "${size#*x}"
    keys 2 r
    expect_screen "Review 1 of 1" "$size: the review" || return
    type_text "xyz"
    keys Enter
    expect_screen "suspended" "$size: the miss suspends it" || return
    expect_line "^   Rated again · suspended$" "$size: the schedule says suspended" || return
    expect_no_screen "again in" "$size: not again in 10 minutes" || return
  done
  rm -f "$history"
}

LEECH_TESTS=(test_a_leech_says_so)
