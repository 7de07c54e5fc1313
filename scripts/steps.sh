# Sourced by scripts/test.sh and .ci/run: `step NAME` starts a timed step (ending the one before), and
# the wall time of each is printed as a table when the script exits (issue 39). A parent that sets
# STEP_TIMES (.ci/run) collects its children's steps too and prints the one table itself.
STEP_NAME=
STEP_START=
if [ -z "${STEP_TIMES:-}" ]; then
  STEP_TIMES=$(mktemp)
  export STEP_TIMES
  STEP_TABLE_OWNER=$$
fi

step_end() {
  if [ -n "$STEP_NAME" ]; then
    printf '%s\t%s\n' "$STEP_NAME" "$(( $(date +%s) - STEP_START ))" >>"$STEP_TIMES"
  fi
  STEP_NAME=
}

step() {
  step_end
  STEP_NAME="$*"
  STEP_START=$(date +%s)
  printf '\n== %s ==\n' "$*"
}

step_table() {
  local status=$?
  step_end
  if [ "${STEP_TABLE_OWNER:-}" = "$$" ]; then
    printf '\n== wall time per step ==\n'
    awk -F'\t' '{ printf "%-48s %5d s\n", $1, $2; total += $2 } END { printf "%-48s %5d s\n", "total", total }' "$STEP_TIMES"
    rm -f "$STEP_TIMES"
  fi
  return $status
}
trap step_table EXIT
