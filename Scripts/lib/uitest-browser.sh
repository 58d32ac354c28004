# UI tests of the forms remembered (issue 21, §3): the browser (Progress's f) — search as you type,
# suspend, reset — at 80x24 and 40x12, and `conjugar items` with `schedule --suspended`. Sourced by
# Scripts/uitest.

# Eight forms, presente yo of eight verbs, each answered three times two weeks ago.
browser_history() {
  local history=$1 verb form day
  echo "date,verb,tense,person,expected,given,result,rating,seconds" >"$history"
  for pair in hablar:hablo tener:tengo comer:como vivir:vivo ser:soy ir:voy poder:puedo decir:digo; do
    verb=${pair%%:*} form=${pair#*:}
    for day in 10 11 12; do
      printf '2026-01-%sT10:00:00Z,%s,presente,yo,%s,%s,correct,good,2\n' "$day" "$verb" "$form" "$form" >>"$history"
    done
  done
}

test_form_browser() {
  local history
  history=$(mktemp --suffix .csv)
  browser_history "$history"
  start 80 24 -- --history "$history" || return
  expect_screen " 8 due" "eight forms due on the title line" || return
  keys 5 f
  expect_line "^ 8 forms  sort due" "the browser lists the eight forms" || return
  expect_line "^ Verb +Tense +Person +State +Due +Stab\. +Diff\. +Lapses" "its columns at 80 columns" || return
  # Search as you type: the form itself finds its verb.
  keys /
  type_text "teng"
  expect_line "^ 1 of 8  sort due  search /teng" "the search narrows as it is typed" || return
  expect_line "^ tener +presente +yo +review" "to tener" || return
  keys Enter s
  expect_screen "Suspended 1 form: never due until taken back (s)." "s suspends the form" || return
  expect_screen " 7 due" "the title's due count leaves it out" || return
  expect_line "^ tengo  3 answers, last .* ago, suspended" "the form is marked suspended" || return
  expect_line "^ tener +presente +yo +review +— " "a suspended form shows no due time" || return
  # The bottom line answers the key just pressed (issue 33): s again takes it back, and says so alone.
  keys s
  expect_screen "Took back 1 form: scheduled again." "s again takes it back" || return
  expect_no_screen "Suspended 1 form" "the suspension's message goes with it" || return
  expect_no_screen "(1 of" "one message" || return
  # Reset asks first, naming the form as the trainer does, and the form is no longer remembered.
  keys r
  expect_screen "Reset tener, presente, yo? Memory forgotten, answers kept. y/n" "r asks first" || return
  keys y
  expect_line "^ 0 of 7  sort due  search /teng" "y resets it: seven forms remembered" || return
  expect_screen "Reset 1 form: new again" "the reset's message" || return
  expect_no_screen "(1 of" "in place of the take-back's" || return
  # Esc dismisses the message first, then goes back to Progress.
  keys Escape
  expect_gone "Reset 1 form: new again" "Esc dismisses the message" || return
  expect_line "^ 0 of 7  sort due  search /teng" "and stays in the browser" || return
  keys Escape f
  expect_line "^ 7 forms  sort due" "seven forms remembered after the reset" || return
  # 40x12 without colour: the narrow columns, the question on one line.
  start 80 24 NO_COLOR=1 -- --history "$history" || return
  tm resize-window -t "$session" -x 40 -y 12
  keys 5 f
  expect_line "^ Verb +Tense +Pers +Due +Lap" "the narrow columns at 40x12" || return
  keys s
  expect_line "^ [a-z]+ +presente +yo +— " "no due time for a suspended form at 40 columns" || return
  keys s
  expect_screen "Took back 1 form" "s again at 40 columns" || return
  expect_no_screen "Suspended 1 form" "at 40 columns, the take-back's message alone" || return
  keys Escape
  expect_gone "Took back 1 form" "Esc dismisses the message at 40 columns" || return
  expect_line "^ 8 forms  due" "and stays in the browser at 40 columns" || return
  keys r
  expect_line "^ Reset [a-z]+, presente, yo\? y/n" "the reset's question at 40 columns" || return
  keys n
  expect_line "^ 8 forms  due" "n keeps it" || return
  rm -f "$history"
}

# Issue 33, item 13: a word that names a tense or a person matches those, not text inside a form
# (construyó is no yo); the verb named exactly comes first, then the verbs it begins, then the rest
# (ser, servir, coser — though coser and servir are due first), at 80x24 and 40x12.
test_form_browser_search() {
  local history size day order
  history=$(mktemp --suffix .csv)
  echo "date,verb,tense,person,expected,given,result,rating,seconds" >"$history"
  for day in 10 11 12; do
    printf '2026-01-%sT10:00:00Z,%s,%s,%s,%s,%s,correct,good,2\n' \
      "$day" coser presente yo coso coso "$day" servir presente yo sirvo sirvo \
      "$day" construir preterito el construyó construyó "$day" tener preterito yo tuve tuve \
      "$((day + 3))" ser presente yo soy soy >>"$history"
  done
  for size in "80 24" "40 12"; do
    start 80 24 -- --history "$history" || return
    tm resize-window -t "$session" -x "${size% *}" -y "${size#* }"
    keys 5 f
    expect_line "^ 5 forms" "the browser lists the five forms ($size)" || return
    keys /
    type_text "pret yo"
    expect_line "^ 1 of 5 " "pret yo: one form ($size)" || return
    expect_line "^ tener +pret" "tener's pretérito, yo ($size)" || return
    expect_no_screen "construir" "construyó's yo is no person ($size)" || return
    keys Escape /
    type_text "ser"
    expect_line "^ 3 of 5 " "ser: three verbs hold it ($size)" || return
    order=$(screen | grep -oE "^ (ser|servir|coser) " | tr -d ' ' | paste -sd' ')
    [ "$order" = "ser servir coser" ] || fail "ser first, then servir, then coser ($size): '$order'"
    # Room for the exit status above stty's lines.
    tm resize-window -t "$session" -x 80 -y 40
    keys Escape Escape q
    expect_exit 0 "q quits ($size)"
    tm kill-session -t "$session" >/dev/null 2>&1
  done
  rm -f "$history"
}

test_items_command() {
  local home history out
  home=$(mktemp -d)
  history="$home/history.csv"
  browser_history "$history"
  export_home() { XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" "$BIN" "$@"; }
  export_home history import "$history" >/dev/null || fail "history import"
  out=$(export_home items suspend tener --tense presente)
  [ "$out" = "Suspended 7 forms of tener, presente." ] || fail "items suspend: $out"
  out=$(export_home schedule --suspended --format json | wc -l)
  [ "$out" = 1 ] || fail "schedule --suspended lists the one form practised: $out"
  out=$(export_home schedule --due --format json | grep -c '"verb":"tener"')
  [ "$out" = 0 ] || fail "schedule --due leaves the suspended form out"
  # A mark that changes nothing is not written (issue 32, part 5).
  out=$(export_home items suspend tener --tense presente)
  [ "$out" = "All 7 forms of tener, presente are already suspended." ] || fail "items suspend twice: $out"
  out=$(export_home items unsuspend caber)
  [ "$out" = "None of the 140 forms of caber is suspended." ] || fail "items unsuspend of a verb never suspended: $out"
  out=$(export_home items suspend ser --tense gerundio --person yo 2>&1)
  [ $? = 1 ] && [[ $out == *'ser has no gerundio for yo'* ]] || fail "a form that does not exist: $out"
  export_home items export >"$home/marks.csv"
  [ "$(head -1 "$home/marks.csv")" = "date,verb,tense,person,action" ] || fail "items export's header"
  [ "$(grep -c ',suspend$' "$home/marks.csv")" = 7 ] || fail "items export: 7 suspends"
  [ "$(wc -l <"$home/marks.csv")" = 8 ] || fail "items export: the 7 suspends alone"
  # Another home takes the marks: the same schedule of suspended forms.
  XDG_DATA_HOME="$home/other" "$BIN" history import "$history" >/dev/null
  out=$(XDG_DATA_HOME="$home/other" "$BIN" items import "$home/marks.csv")
  [ "$out" = "Changed the marks of 7 forms." ] || fail "items import: $out"
  out=$(XDG_DATA_HOME="$home/other" "$BIN" items import "$home/marks.csv")
  [ "$out" = "Changed the marks of 0 forms." ] || fail "items import twice changes nothing: $out"
  out=$(export_home items reset ser)
  [ "$out" = "Reset 1 form of ser: new again; their answers stay in the history. 139 were never practised." ] ||
    fail "items reset: $out"
  [ "$(export_home history export | grep -c ',ser,')" = 3 ] || fail "the reset form's answers stay"
  [ "$(export_home schedule --format json | grep -c '"verb":"ser"')" = 0 ] || fail "the reset form has no schedule"
  out=$(export_home items suspend tenerr 2>&1)
  [ $? = 1 ] && [[ $out == *'"tenerr" is not a verb of the catalog'* ]] || fail "a verb not in the catalog: $out"
  printf 'date,verb,tense,person,action\n2026-01-01T00:00:00.000Z,tener,presente,yo,hide\n' >"$home/bad.csv"
  out=$(export_home items import "$home/bad.csv" 2>&1)
  [[ $out == *'line 2: action "hide" is none of suspend, unsuspend, reset'* ]] || fail "a bad row is named: $out"
  rm -rf "$home"
}



# "I was right" (issue 21, §2): ! on a miss's verdict counts it right, at 80x24 and at 40x12 without
# colour.
test_i_was_right() {
  start 80 24 -- || return
  keys 2 Enter
  expect_screen "Question 1 of" "a quiz starts" || return
  type_text "xyz"
  keys Enter
  expect_screen "! I was right" "the verdict of a miss offers !" || return
  keys "!"
  expect_screen "Counted right, as you said (I was right)" "! counts it right" || return
  expect_no_screen "! I was right" "no ! on a right verdict"
  start 80 24 NO_COLOR=1 -- || return
  tm resize-window -t "$session" -x 40 -y 12
  keys 2 Enter
  expect_screen "Question 1 of" "a quiz starts at 40x12" || return
  type_text "xyz"
  keys Enter
  expect_screen "! I was right" "! on the bottom line at 40 columns" || return
  keys "!"
  expect_screen "Counted right, as you said" "! at 40x12" || return
}

# Ctrl-D's "Not known: shown" offers no "I was right", and ! does nothing there; the results with a
# miss keep u on the bottom line at 80 columns (issue 33): at 80x24, then at 40x12, without colour.
test_dont_know_is_not_counted_right() {
  local size number
  for size in "80 24" "40 12"; do
    start 80 24 NO_COLOR=1 -- --quiz-length 10 || return
    tm resize-window -t "$session" -x "${size% *}" -y "${size#* }"
    keys 2 Enter
    expect_screen "Question 1 of 10" "a quiz starts at $size" || return
    keys C-d
    expect_screen "Not known: shown" "Ctrl-D shows the form at $size" || return
    expect_no_screen "I was right" "no ! after Ctrl-D at $size" || return
    keys "!"
    expect_screen_stays "Not known: shown" "! does nothing there at $size" 1 || return
    keys Enter
    for number in 2 3 4 5 6 7 8 9 10; do
      expect_screen "Question $number of 10" "question $number at $size" || return
      keys C-d Enter
    done
    expect_screen "Quiz finished" "the results at $size" || return
    expect_line "^ p practise 10 missed " "the results offer the missed ones at $size" || return
    # At 80 columns, u too (issue 33, item 6).
    if [ "$size" = "80 24" ]; then
      expect_line "^ p practise 10 missed  u undo last  Enter open verb  Esc done  \? help  q quit" "u on the results' line" ||
        return
    fi
  done
}

# A verb opened from the browser closes with Esc back to the browser as it was left, its search
# kept (issue 33, 3), at 80x24 and 40x12.
test_form_browser_esc_comes_back() {
  local history size
  history=$(mktemp --suffix .csv)
  browser_history "$history"
  for size in 80x24 40x12; do
    start 80 24 -- --history "$history" || return
    tm resize-window -t "$session" -x "${size%x*}" -y "${size#*x}"
    keys 5 f /
    type_text "teng"
    keys Enter Enter
    expect_line "^ tener — to have" "Enter opens tener ($size)" || return
    keys Escape
    expect_screen "teng" "Esc comes back to the browser, its search kept ($size)" || return
    expect_line "^ tener +presente +yo" "the form selected still listed ($size)" || return
  done
  rm -f "$history"
}

BROWSER_TESTS=(test_form_browser test_form_browser_search test_items_command test_i_was_right test_dont_know_is_not_counted_right
  test_form_browser_esc_comes_back)
