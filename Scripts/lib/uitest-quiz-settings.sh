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

# r with nothing to ask names the limit reached and its setting (issue 33, item 4): the day's 50
# reviews spent with 10 forms due, and no new forms a day; at 80x24 and 40x12 without colour.
test_daily_limits_name_their_setting() {
  local history size verb person ending year_ago today
  history=$(mktemp --suffix .csv)
  echo "date,verb,tense,person,expected,given,result,rating,seconds" >"$history"
  year_ago=$(date -u -d "@$(($(date +%s) - 365 * 86400))" +%Y-%m-%dT%H:%M:%SZ)
  today=$(date -u -d "@$(($(date +%s) - 60))" +%Y-%m-%dT%H:%M:%SZ)
  # 60 forms answered a year ago, all due; 50 of them again a minute ago.
  for verb in hablar cantar bailar caminar mirar tomar trabajar nadar cocinar comprar lavar llamar; do
    for person in yo:o tu:as el:a nosotros:amos ellos:an; do
      ending=${person#*:} person=${person%%:*}
      printf '%s,%s,presente,%s,%s,%s,correct,good,2\n' "$year_ago" "$verb" "$person" "${verb%ar}$ending" \
        "${verb%ar}$ending" >>"$history"
    done
  done
  tail -n 60 "$history" | head -n 50 | sed "s/^$year_ago/$today/" >>"$history"
  for size in 80x24 40x12; do
    start 80 24 NO_COLOR=1 -- --history "$history" --max-reviews-per-day 50 --new-per-day 0 || return
    tm resize-window -t "$session" -x "${size%x*}" -y "${size#*x}"
    keys 2 r
    if [ "$size" = 80x24 ]; then
      expect_screen "Today's 50 reviews are done (Reviews a day); 10 due." "$size: the reviews' limit named" || return
    else
      expect_line "^ Today's 50 reviews are done" "$size: the reviews' limit named" || return
      expect_line "^ \(Reviews a day\); 10 due\." "$size: and its setting" || return
    fi
    start 80 24 NO_COLOR=1 -- --new-per-day 0 || return
    tm resize-window -t "$session" -x "${size%x*}" -y "${size#*x}"
    keys 2 r
    if [ "$size" = 80x24 ]; then
      expect_screen "Nothing to review now, and New forms a day is 0." "$size: the new forms' setting named" || return
    else
      expect_line "^ Nothing to review now, and New" "$size: the new forms' setting named" || return
      expect_line "^ forms a day is 0\." "$size: on two lines" || return
    fi
  done
  rm -f "$history"
}

QUIZ_SETTINGS_TESTS=(test_daily_limits_name_their_setting test_quiz_length_and_tenses_settings)
