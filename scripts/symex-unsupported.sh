#!/bin/sh
# Counts the unsupported messages of sift symex --json summaries (one
# function's or package mode's), grouped by kind: the message without its SSA
# instruction, registers, globals' names and the initializer's panic position.
# Prints a markdown table, most paths first: kind, paths, sites (distinct
# positions), functions (package-mode entries whose run met it), packages.
# Not-explored entries and errors are counted by reason at the end.
# Usage: scripts/symex-unsupported.sh FILE.json...
set -eu
jq -r '
  def kind:
    sub(" \\((\\*?t[0-9]+ = |jump |if |panic |return|call |invoke |go |defer |send |\\*t[0-9]+|t[0-9]+|ssa:).*\\)$"; "")
    | gsub("\\bt[0-9]+\\b"; "tN")
    | sub("use of global [^ ]+"; "use of global G")
    | gsub("/root/go/pkg/mod/[^ :]+:[0-9]+:[0-9]+"; "POS")
    | gsub("\\bt[0-9]+\\b"; "tN");
  (if has("functions") then .package as $p | .functions[] | . + {pkg: $p} else . + {pkg: .function} end)
  | . as $f
  | if .not_explored then ["NE", "not explored: " + (.not_explored | sub("^parameter [^:]+: "; "")), 0, "", $f.function, $f.pkg]
    elif .error then ["NE", "error: " + (.error | .[0:120]), 0, "", $f.function, $f.pkg]
    else (.unsupported // [])[] | ["U", (.message | kind), .paths, .position, $f.function, $f.pkg] end
  | @tsv' "$@" |
awk -F '\t' '
  { k = $1 "\t" $2; paths[k] += $3; if (!seen[k, $4]++) sites[k]++; if (!fs[k, $5]++) fns[k]++; if (!ps[k, $6]++) pkgs[k]++ }
  END { for (k in paths) print k "\t" paths[k] "\t" sites[k] "\t" fns[k] "\t" pkgs[k] }' |
sort -t '	' -k1,1r -k3,3nr -k5,5nr |
awk -F '\t' '
  BEGIN { print "| kind | paths | sites | functions | packages |"; print "|---|---:|---:|---:|---:|" }
  $1 == "NE" && !ne { ne = 1; print ""; print "| not explored / error | | | functions | packages |"; print "|---|---:|---:|---:|---:|" }
  { gsub(/\|/, "\\|", $2); if ($1 == "U") print "| " $2 " | " $3 " | " $4 " | " $5 " | " $6 " |"; else print "| " $2 " | | | " $5 " | " $6 " |"; tp += ($1 == "U") ? $3 : 0 }
  END { print ""; print "unsupported paths in all: " tp }'
