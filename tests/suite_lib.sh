# Shared by tests/run_all.sh (`make test`) and tests/check_all.sh (`make
# check`): run suites, add up their closing counts, time them.  Sourced.
total_pass=0
total_fail=0
suites_failed=""

# tally NAME LOG RC SECONDS: adds a finished suite's closing counts.
tally() {
    local name=$1 log=$2 rc=$3 secs=$4 cpu=${5-}
    local p f line
    # Check: "100%: Checks: 12, Failures: 0, Errors: 0"
    line=$(grep -E '^[0-9]+%: Checks: [0-9]+, Failures: [0-9]+, Errors: [0-9]+' "$log" | tail -1)
    if [ -n "$line" ]; then
        local checks fails errs
        checks=$(sed -E 's/.*Checks: ([0-9]+).*/\1/' <<<"$line")
        fails=$(sed -E 's/.*Failures: ([0-9]+).*/\1/' <<<"$line")
        errs=$(sed -E 's/.*Errors: ([0-9]+).*/\1/' <<<"$line")
        f=$((fails + errs))
        p=$((checks - f))
    elif grep -qE '^(# |ℹ )pass [0-9]+' "$log"; then
        # node --test summary (TAP "# pass N" or spec "ℹ pass N")
        p=$(grep -E '^(# |ℹ )pass [0-9]+' "$log" | tail -1 | awk '{print $3}')
        f=$(grep -E '^(# |ℹ )fail [0-9]+' "$log" | tail -1 | awk '{print $3}')
    else
        line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
        p=$(sed -nE 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed.*$/\2/p' <<<"$line")
        f=$(sed -nE 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed.*$/\3/p' <<<"$line")
    fi
    p=${p:-0}
    f=${f:-0}
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1 # the suite failed without a count (crash, missing tool)
    fi
    total_pass=$((total_pass + p))
    total_fail=$((total_fail + f))
    [ "$f" -ne 0 ] && suites_failed="$suites_failed $name"
    if [ -n "$cpu" ]; then
        timings="$timings$(printf '%5ds %5ds  %s' "$secs" "$cpu" "$name")"$'\n'
    else
        timings="$timings$(printf '%5ds  %s' "$secs" "$name")"$'\n'
    fi
}

# run NAME COMMAND...: runs a suite in the foreground, tees its output.
run() {
    local name=$1
    shift
    local log t0 rc
    log=$(mktemp)
    t0=$SECONDS
    echo "=== $name"
    "$@" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    tally "$name" "$log" "$rc" $((SECONDS - t0))
    rm -f "$log"
}

# run_bg NAME COMMAND...: starts a suite that mostly waits (on a server's
# replies, on limits) beside the others; finish_bg prints its output and
# adds its counts once it is done.
bg_names=()
bg_pids=()
bg_logs=()
bg_start=()
run_bg() {
    local name=$1
    shift
    local log
    log=$(mktemp)
    ( "$@" >"$log" 2>&1; echo $? >"$log.rc"; echo $SECONDS >"$log.end" ) &
    bg_names+=("$name")
    bg_pids+=($!)
    bg_logs+=("$log")
    bg_start+=($SECONDS)
}
finish_bg() {
    local i
    for i in "${!bg_pids[@]}"; do
        wait "${bg_pids[$i]}"
        echo "=== ${bg_names[$i]} (ran beside the others)"
        cat "${bg_logs[$i]}"
        tally "${bg_names[$i]}" "${bg_logs[$i]}" "$(cat "${bg_logs[$i]}.rc")" \
            $(($(cat "${bg_logs[$i]}.end") - ${bg_start[$i]}))
        rm -f "${bg_logs[$i]}" "${bg_logs[$i]}.rc" "${bg_logs[$i]}.end"
    done
}
timings=""

# --- a pool of suites (make test) ---------------------------------------------
# pool_add NAME WEIGHT COMMAND...: queues a suite.  WEIGHT is how many cores
# it keeps busy (its own jobs); 0 for one that mostly waits (on a server's
# replies, on time limits): those start at once and run beside the others.
# pool_run CORES: starts the queued suites in the order queued while the
# weights of those running fit in CORES (one always runs), and prints each
# suite's output, wall time and CPU time (user+sys of it and its children)
# as it ends.  Queue the long ones first: the last to start should be short.
q_names=()
q_weights=()
q_cmds=()
pool_add() {
    local name=$1 weight=$2
    shift 2
    q_names+=("$name")
    q_weights+=("$weight")
    q_cmds+=("$(printf '%q ' "$@")")
}
pool_cpu_total=0
pool_run() {
    local cores=$1 i busy=0 left=${#q_names[@]} pid log
    local -a state=() pids=() logs=() t0=()
    local -A index_of=()
    for i in "${!q_names[@]}"; do state[i]=queued; done
    while [ "$left" -gt 0 ]; do
        # start what fits: the waiting suites, then the queue in order
        for i in "${!q_names[@]}"; do
            [ "${state[i]}" = queued ] || continue
            if [ "${q_weights[i]}" -ne 0 ] && [ "$busy" -gt 0 ] &&
                [ $((busy + q_weights[i])) -gt "$cores" ]; then
                break
            fi
            log=$(mktemp)
            # `times`, second line: the CPU of the subshell's children (not
            # in a pipe: that would be another subshell, without children)
            ( eval "${q_cmds[i]}" >"$log" 2>&1; echo $? >"$log.rc"; times >"$log.cpu" ) &
            pids[i]=$!
            logs[i]=$log
            t0[i]=$EPOCHREALTIME
            index_of[$!]=$i
            state[i]=running
            busy=$((busy + q_weights[i]))
        done
        wait -n -p pid
        i=${index_of[$pid]-}
        [ -n "$i" ] || continue
        log=${logs[i]}
        state[i]=done
        busy=$((busy - q_weights[i]))
        left=$((left - 1))
        local secs cpu
        secs=$(awk -v a="${t0[i]}" -v b="$EPOCHREALTIME" 'BEGIN { printf "%d", b - a + 0.5 }')
        # "0m12.345s 0m1.234s" -> seconds of user+sys
        cpu=$(tail -n 1 "$log.cpu" | sed 's/\([0-9]*\)m\([0-9.]*\)s/\1 \2/g' |
              awk '{ printf "%d", $1 * 60 + $2 + $3 * 60 + $4 + 0.5 }')
        pool_cpu_total=$((pool_cpu_total + cpu))
        echo "=== ${q_names[i]}"
        cat "$log"
        tally "${q_names[i]}" "$log" "$(cat "$log.rc")" "$secs" "$cpu"
        rm -f "$log" "$log.rc" "$log.cpu"
    done
}

# report: the timings, the failed suites and the closing line; the exit status.
report() {
    echo "=== time per suite"
    printf '%s' "$timings"
    [ -n "$suites_failed" ] && echo "failed suites:$suites_failed"
    echo "all: $total_pass passed, $total_fail failed"
    [ "$total_fail" -eq 0 ]
}
