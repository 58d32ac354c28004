# The UI tests of the Practice screen's recognition round and person picker, for Scripts/uitest
# (sourced there: it gives start, keys and the expect_ functions). The drill test, and the tests of
# every other screen, are in Scripts/uitest itself.

# A recognition round from the Practice screen, at 80x24 and 40x12: one tense (futuro simple), one
# person (yo), the verbs ser and ir; the learner types the infinitive and picks the tense and the
# person. The pickers offer every tense of the level and every person (issue 33, item 9), not only
# the drill's: the tense starts at presente, and the person picker goes on to tú.
test_recognition() {
  local size
  for size in "80 24" "40 12"; do
    start 80 24 || return
    tm resize-window -t "$session" -x "${size% *}" -y "${size#* }"
    keys 2 d Right Right Right Right Right Right Right Right Right Down Right Right Down Down Enter
    type_text "ser ir"
    keys Enter Down Down Right Down Enter
    expect_screen "Recognition 1 of 2" "a recognition round starts ($size)" || return
    local n form verb
    for n in 1 2; do
      expect_screen "Form:" "question $n shows a form ($size)" || return
      form=$(screen | sed -n 's/^ Form: *\([^ ]*\).*/\1/p')
      case $form in
        seré) verb=ser ;;
        iré) verb=ir ;;
        *) fail "question $n: the form shown is seré or iré, not '$form' ($size)"; return ;;
      esac
      expect_no_screen "Verb:   $verb" "the verb is not shown ($size)"
      [ $n = 2 ] && verb=estar
      type_text "$verb"
      keys Enter
      expect_screen "‹ presente ›" "the level's first tense to pick, not only the drill's ($size)" || return
      keys Down Down
      expect_screen "‹ futuro simple ›" "the tense to pick ($size)" || return
      keys Enter
      expect_screen "‹ yo ›" "the person to pick ($size)" || return
      keys Down
      expect_screen "‹ tú ›" "every person offered, not only the drill's ($size)" || return
      keys Up Enter
      if [ $n = 1 ]; then
        expect_line "^ ✓ Right" "a right reading ($size)"
        expect_screen "yours: $verb, futuro simple, yo" "the reading named ($size)"
      else
        expect_line "^ ✗ Wrong" "a wrong reading ($size)"
        expect_screen "$form is " "the readings of the form ($size)"
      fi
      keys Enter
    done
    # The form missed comes back at the end; named right this time.
    expect_screen "Recognition 3 of 3" "the form missed asked again ($size)" || return
    form=$(screen | sed -n 's/^ Form: *\([^ ]*\).*/\1/p')
    case $form in seré) verb=ser ;; *) verb=ir ;; esac
    type_text "$verb"
    keys Enter Down Down
    expect_screen "‹ futuro simple ›" "the tense to pick, again ($size)" || return
    keys Enter
    expect_screen "‹ yo ›" "the person to pick, again ($size)" || return
    keys Enter
    expect_line "^ ✓ Right" "the form missed, named right ($size)" || return
    keys Enter
    expect_screen "Practice finished: 2 of 3 right" "the round's results ($size)" || return
    tm resize-window -t "$session" -x 80 -y 40
    keys Escape q
    expect_exit 0 "q quits ($size)"
    tm kill-session -t "$session" >/dev/null 2>&1
  done
}

# Issue 26, item 10: on the Practice screen's person picker the person under the cursor is
# underlined out of the selected row's reverse video, with the terminal's cursor on it, in colour
# and with NO_COLOR.
test_person_picker() {
  local colour line
  for colour in "" NO_COLOR=1; do
    start 80 24 $colour -- || return
    keys 2 d
    expect_screen "Compose a drill" "d opens the Practice screen (${colour:-colour})" || return
    keys Down Enter Right Right Right
    expect_screen "Space choose" "Enter on Persons picks them (${colour:-colour})" || return
    # The cursor (column, shown) on ✓él: after " Persons" and its label's width, ✓yo ✓tú ·vos.
    expect_cursor "35 1" "the terminal's cursor on él (${colour:-colour})"
    line=$(screen_with_attributes | grep -a "Persons")
    [[ $line == *$'\e['*"4m"*"✓él"$'\e['* ]] || fail "él is underlined (${colour:-colour}): $(cat -v <<<"$line")"
    [[ $line == *$'\e[7m'*"·vos "$'\e['* ]] || fail "the row around it in reverse video (${colour:-colour}): $(cat -v <<<"$line")"
    keys Escape Escape q
    expect_exit 0 "q quits (${colour:-colour})"
    tm kill-session -t "$session" >/dev/null 2>&1
  done
}
