# UI tests of the command line a new user meets (issue 26): a misspelt infinitive, a verb or a
# misspelt command where a command goes. Sourced by Scripts/uitest, which runs CLI_TESTS.

# conjugate: a misspelling of a catalog verb is refused with what was meant; a word far from every
# verb is conjugated with a warning; --allow-unknown conjugates either silently.
test_misspelt_infinitives() {
  local verb out status
  for verb in ablar tenir hacir quierer; do
    out=$("$BIN" conjugate "$verb" 2>&1 >/dev/null)
    status=$?
    [ $status -eq 1 ] && [[ $out == "conjugar: \"$verb\" is not in the catalog: did you mean "* ]] ||
      fail "conjugate $verb: status $status, $out"
  done
  out=$("$BIN" conjugate quierer 2>&1 >/dev/null)
  [[ $out == *"did you mean querer?"* ]] || fail "quierer: $out"
  out=$("$BIN" conjugate googlear --tenses presente --persons yo 2>&1)
  status=$?
  [ $status -eq 0 ] && [[ $out == *"warning: \"googlear\" is not in the catalog"* && $out == *googleo* ]] ||
    fail "conjugate googlear: status $status, $out"
  out=$("$BIN" conjugate ablar googlear precalentar --allow-unknown --tenses presente --persons yo --format tsv 2>&1)
  status=$?
  [ $status -eq 0 ] && [ "$(grep -c $'\tpresente\tyo\t' <<<"$out")" = 3 ] && [[ $out != *conjugar:* ]] ||
    fail "--allow-unknown: status $status, $out"
  # A relative of a catalog verb is no misspelling: precalentar, as calentar.
  out=$("$BIN" conjugate precalentar --tenses presente --persons yo 2>&1)
  [ $? -eq 0 ] && [[ $out == *precaliento* && $out != *"did you mean"* ]] || fail "precalentar: $out"
}

# A first word that is no command: the command meant, never the trainer's usage.
test_did_you_mean_the_command() {
  local out status
  out=$("$BIN" tener 2>&1)
  status=$?
  [ $status -eq 2 ] && [ "$out" = 'conjugar: "tener" is not a command: did you mean `conjugar conjugate tener`? (`conjugar --help` lists them)' ] ||
    fail "conjugar tener: status $status, $out"
  out=$("$BIN" conjugat tener 2>&1)
  [[ $out == *'did you mean `conjugar conjugate tener`?'* ]] || fail "conjugar conjugat tener: $out"
  out=$("$BIN" xyzzyq 2>&1)
  [ "$out" = 'conjugar: "xyzzyq" is not a command (`conjugar --help` lists them)' ] || fail "conjugar xyzzyq: $out"
  out=$("$BIN" $'x\e[2Jy' 2>&1)
  [[ $out != *$'\e'* ]] || fail "a control character echoed as it is: $(cat -v <<<"$out")"
}

# Usage errors that say what is wrong (issue 26, items 4, 5 and 7).
test_usage_errors_say_why() {
  local out status home
  out=$("$BIN" search tener --limit -1 2>&1)
  [ $? -eq 2 ] && [[ $out == *"--limit must be positive"* ]] || fail "--limit -1: $out"
  out=$("$BIN" say "" 2>&1)
  [ $? -eq 2 ] && [[ $out == *"Give the text to say."* ]] || fail "say \"\": $out"
  home=$(mktemp -d)
  out=$(XDG_DATA_HOME=$home "$BIN" history import "$home" 2>&1)
  status=$?
  [ $status -eq 2 ] && [[ $out == *"is a directory"* && $out == *"Usage: conjugar history import"* ]] ||
    fail "history import DIR: status $status, $out"
  out=$(XDG_DATA_HOME=$home "$BIN" history import "$home/x.txt" 2>&1)
  [[ $out == *"Usage: conjugar history import"* ]] || fail "an import's usage error shows the import's usage: $out"
  out=$("$BIN" practice --verb xyzzy 2>&1)
  status=$?
  [ $status -eq 1 ] && [ "$out" = "conjugar: not in the catalog: xyzzy" ] || fail "practice --verb xyzzy: status $status, $out"
  out=$("$BIN" train --help 2>&1)
  [[ $out != *"ui-test only"* ]] || fail "train --help shows ui-test options: $out"
  rm -rf "$home"
}

# Arguments echoed are cut at 80 characters and their control characters escaped (item 6).
test_echoed_arguments_are_safe() {
  local out
  out=$("$BIN" identify $'x\e[2Jy' 2>&1)
  [[ $out != *$'\e'* && $out == *'x\u{1b}[2Jy'* ]] || fail "identify with an escape: $(cat -v <<<"$out")"
  out=$("$BIN" search "$(printf 'a%.0s' $(seq 1 10000))" 2>&1)
  [ ${#out} -lt 200 ] && [[ $out == *"…"* ]] || fail "search with 10,000 characters printed ${#out}: ${out:0:120}"
  out=$("$BIN" search tener --limit "$(printf 'x%.0s' $(seq 1 500))" 2>&1 | head -1)
  [ ${#out} -lt 200 ] || fail "a refused option value printed whole: ${#out} characters"
  out=$("$BIN" conjugate "$(printf 'b%.0s' $(seq 1 500))ar" --tenses presente --persons yo 2>&1 >/dev/null)
  [ ${#out} -lt 400 ] || fail "conjugate with a 500-character verb printed ${#out} characters on standard error"
}

# A data folder that cannot be made: the command says why, in the system's words, and never that
# it keeps anything in memory (item 8).
test_unusable_home_says_why() {
  local home out status command
  home=$(mktemp -d)
  touch "$home/file"
  for command in stats "history export" schedule; do
    # shellcheck disable=SC2086
    out=$(XDG_DATA_HOME="$home/file/data" XDG_CONFIG_HOME="$home/config" "$BIN" $command 2>&1)
    status=$?
    [ $status -eq 1 ] && [[ $out == "conjugar: the history can't be opened: $home/file/data/conjugar: "*"ot a directory"* ]] &&
      [[ $out != *"in memory"* ]] || fail "$command with an unusable data folder: status $status, $out"
  done
  rm -rf "$home"
}

# --tenses shows what it names and nothing else: no gerundio or participio, in every format
# (issue 33, item 15); without it, the whole paradigm has them.
test_conjugate_only_the_tenses_asked() {
  local format out
  for format in tsv json table; do
    out=$("$BIN" conjugate tener --tenses presente,preterito --format $format 2>&1)
    [ $? -eq 0 ] && [[ $out == *tuve* && $out != *gerundio* && $out != *teniendo* && $out != *participio* ]] ||
      fail "conjugate --tenses --format $format: $out"
    out=$("$BIN" conjugate tener --persons yo --format $format 2>&1)
    [[ $out == *gerundio*teniendo* && $out == *participio*tenido* ]] || fail "conjugate --persons --format $format: $out"
  done
  out=$("$BIN" conjugate tener --tenses presente --persons yo,tu --format tsv 2>&1)
  [ "$out" = "$(printf 'infinitive\ttense\tperson\tforms\ntener\tpresente\tyo\ttengo\ntener\tpresente\ttu\ttienes')" ] ||
    fail "conjugate --tenses presente --persons yo,tu --format tsv: $out"
}

# conjugar settings (issue 34, 2): every setting listed with its value, values and help; get and set
# one, checked as the Settings screen checks it (a bad key or value named, nothing changed, exit 1);
# the trainer then starts with the value set.
test_settings_command() {
  local home out status
  home=$(mktemp -d)
  settings_in() { XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" "$BIN" settings "$@"; }
  out=$(settings_in)
  [[ $out == "region = latin-america (the default)"$'\n'"  Region: spain, latin-america. "* ]] || fail "the list: $out"
  [ "$(grep -c ' = ' <<<"$out")" -ge 15 ] || fail "every setting listed: $out"
  out=$(settings_in set region spain)
  [ "$out" = "region = spain (was latin-america)." ] || fail "set: $out"
  [ "$(settings_in get region)" = spain ] || fail "get after set"
  grep -qx 'region = spain' "$home/config/conjugar/settings.conf" || fail "saved in settings.conf"
  out=$(settings_in set region mars 2>&1)
  status=$?
  [ $status -eq 1 ] && [ "$out" = 'conjugar: region takes spain, latin-america, not "mars"; nothing changed' ] ||
    fail "a bad value: status $status, $out"
  out=$(settings_in set colour blue 2>&1)
  status=$?
  [ $status -eq 1 ] && [[ $out == 'conjugar: no setting is called "colour"; the settings: region, difficulty, '* ]] ||
    fail "a bad key: status $status, $out"
  [ "$(settings_in get region)" = spain ] || fail "nothing changed by the bad ones"
  out=$(settings_in set quiz-tenses preterito,futuro)
  [ "$out" = "quiz-tenses = preterito,futuro (was difficulty)." ] || fail "a set of tenses: $out"
  rm -rf "$home"
}

# A drill as a conversation of lines from a pipe (issue 34, §1): no terminal, so plain by itself;
# each question a line, each answer read from standard input, the verdict in words; no escape
# sequence, no carriage return; standard input ending stops it, exit 0.
test_practice_plain_from_a_pipe() {
  local out status
  out=$(printf ':idk\nnada\n' | "$BIN" practice --world ui-test --verb tener --count 2 2>&1)
  status=$?
  [ $status -eq 0 ] || fail "exit status $status: $out"
  [[ $out == "2 questions. Type the form and press Enter; :help lists the other words."$'\n'"Question 1 of 2. tener (to have), "* ]] ||
    fail "the first lines: $out"
  [[ $out == *$'\n'"Not known: "* && $out == *$'\n'"Wrong: "*". You wrote nada."* ]] || fail "the verdicts in words: $out"
  [[ $out == *"every answer is kept." || $out == *"every answer is kept."$'\n'"Missed: "* ]] || fail "the results: $out"
  ! grep -q $'[\e\r]' <<<"$out" || fail "an escape sequence or a carriage return: $(cat -v <<<"$out")"
}

CLI_TESTS=(
  test_misspelt_infinitives test_did_you_mean_the_command test_usage_errors_say_why test_echoed_arguments_are_safe
  test_unusable_home_says_why test_conjugate_only_the_tenses_asked test_settings_command
  test_practice_plain_from_a_pipe
)
