# UI test of the quiz's length and tenses as settings (issue 21, §5): the tenses picked from a list
# on the Settings screen, and a quiz of 10 questions asking them, at 80x24 and at 40x12 without
# colour. Sourced by Scripts/uitest.

test_quiz_length_and_tenses_settings() {
  local size width height number
  for size in 80x24 40x12; do
    width=${size%x*} height=${size#*x}
    start 80 24 NO_COLOR=1 -- --quiz-length 10 || return
    tm resize-window -t "$session" -x "$width" -y "$height"
    keys 4 Down Down Down
    expect_screen "‹ the difficulty's ›" "$size: the quiz's tenses, the difficulty's" || return
    keys Enter
    expect_line "^ \[x\] presente$" "$size: the list opens with the easy level's tenses picked" || return
    expect_screen "Space picks or drops" "$size: the list says its keys"
    # Drop presente, pretérito and futuro: none picked is refused, the list staying open.
    keys Space Down Space Down Down Space Enter
    expect_screen "Pick at least one" "$size: no tense is refused" || return
    expect_line "^ \[ \] pretérito$" "$size: the list is still open"
    # Pick pretérito and imperfecto; Enter keeps them.
    keys Up Up Space Down Space Enter
    expect_screen "‹ pretérito, imperfe" "$size: the tenses kept (cut at 40 columns)" || return
    keys 2
    expect_screen "10 questions. Press Enter to start." "$size: the quiz's length" || return
    keys Enter
    for number in 1 2 3; do
      expect_screen "Question $number of 10" "$size: question $number of 10" || return
      read_question || { fail "$size: could not read question $number"; return; }
      case $QUESTION_TENSE in
        "pretérito perfecto simple" | "pretérito imperfecto") ;;
        *) fail "$size: question $number asks $QUESTION_TENSE" ;;
      esac
      type_text "xyz"
      keys Enter
      expect_screen "Wrong" "$size: the verdict of question $number" || return
      keys Enter
    done
  done
}

QUIZ_SETTINGS_TESTS=(test_quiz_length_and_tenses_settings)
