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

CLI_TESTS=(test_misspelt_infinitives test_did_you_mean_the_command)
