#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# jni_cycle_bench: a full prepare/sample/decode cycle with ~10,000 values from
# Java (JNI) against the same cycle in C++ (the bridge without a JVM), over
# the same replayed data: the live /proc captured once into a tree (every
# process and thread), read by both through PERFSCOPE_PROC_ROOT. C++ runs
# before and after Java; the ratio uses the mean of its two medians.
#   usage: jni_cycle_bench.sh CAPTURE_SCRIPT WORKDIR CPP_BENCH JAVA CLASSPATH LIBRARY
set -euo pipefail
capture=$1 work=$2 cpp=$3 java=$4 classpath=$5 library=$6
rm -rf "$work/tree"
# ~300 idle processes make the capture hold ~10,000 values (Process and Thread
# counters of each); they exit once the tree is captured.
sleepers=()
for _ in $(seq 300); do sleep 600 & sleepers+=($!); done
pids=$(ls /proc | grep -E '^[0-9]+$' | sort -n)
bash "$capture" "$work/tree" $pids >/dev/null 2>&1 || true
kill "${sleepers[@]}" 2>/dev/null || true
wait "${sleepers[@]}" 2>/dev/null || true
export PERFSCOPE_PROC_ROOT="$work/tree/proc"

cpp1=$("$cpp" 60)
echo "$cpp1"
javaout=$("$java" -Dperfscope.wpojni.path="$library" -cp "$classpath" org.perfscope.wpo.bench.JniCycleBench 60)
echo "$javaout"
cpp2=$("$cpp" 60)
echo "$cpp2"

median() { awk -v m="$1" '$1 == "RESULT" && $2 == m { print $3 }'; }
c1=$(echo "$cpp1" | median cpp_cycle_us)
c2=$(echo "$cpp2" | median cpp_cycle_us)
j=$(echo "$javaout" | median java_cycle_us)
awk -v j="$j" -v a="$c1" -v b="$c2" 'BEGIN {
    printf "RESULT java_vs_cpp_cycle_ratio %.3f x (java median %.1f us; cpp medians %.1f, %.1f us; target <= 1.5)\n",
           j / ((a + b) / 2), j, a, b }'
