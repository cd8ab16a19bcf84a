#!/usr/bin/env bash
# The patched copies in third_party/, made again from the Go module cache
# and the patch series in third_party/patches/<module>/ (docs/stack.md,
# "Patched copies", says what each patch does; each patch file is headed
# by its upstream report).
# A patched module is one whose replace line in go.mod points into
# third_party/; its upstream version is the one go.mod requires. A copy
# holds the packages this repository imports and the packages those
# import, without tests, then the patches in name order.
#
# docs/stack.md lists every patch with its report, written here from the
# patch files between two marks.
#
#   third_party/rebuild.sh          write every copy and that list (make third-party)
#   third_party/rebuild.sh check    fail when a copy is not upstream plus its patches,
#                                   or the list is not the patches' (make vet)
#   third_party/rebuild.sh diff M   print how the copy of module M differs from upstream
#                                   plus its patches: the body of M's next patch
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-write}
case $mode in write | check | diff) ;; *) echo "usage: $0 [check | diff MODULE]" >&2; exit 2 ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# imports PKGDIR MODULE: the packages of MODULE that the Go files in PKGDIR
# (but tests) import, under any build tag.
imports() {
  find "$1" -maxdepth 1 -name '*.go' ! -name '*_test.go' -exec cat {} + | grep -o "\"$2\(/[^\"]*\)\?\"" | tr -d '"' || true
}

# pristine MODULE VERSION OUT: the packages of MODULE@VERSION this
# repository needs, from the module cache, with the patches applied.
pristine() {
  local module=$1 version=$2 out=$3 dir pkg
  dir=$(go mod download -json "$module@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
  [ -d "$dir" ] || { echo "rebuild: go mod download $module@$version gave no directory" >&2; exit 1; }
  # What this repository imports of the module, natively and in WebAssembly,
  # then what those packages import, to the end.
  local todo seen=" "
  todo=$( { go list -e -f '{{join .Imports "\n"}}{{"\n"}}{{join .TestImports "\n"}}' ./... &&
    GOOS=js GOARCH=wasm go list -e -f '{{join .Imports "\n"}}{{"\n"}}{{join .TestImports "\n"}}' ./...; } |
    grep -x "$module\(/.*\)\?" | sort -u)
  mkdir -p "$out"
  cp "$dir"/go.mod "$dir"/LICENSE* "$out"/
  while [ -n "$todo" ]; do
    pkg=${todo%%$'\n'*}
    [ "$pkg" = "$todo" ] && todo= || todo=${todo#*$'\n'}
    case $seen in *" $pkg "*) continue ;; esac
    seen+="$pkg "
    mkdir -p "$out/${pkg#"$module"}"
    find "$dir/${pkg#"$module"}" -maxdepth 1 -name '*.go' ! -name '*_test.go' -exec cp -t "$out/${pkg#"$module"}" {} +
    todo+=$'\n'$(imports "$dir/${pkg#"$module"}" "$module")
    todo=${todo#$'\n'}
  done
  chmod -R u+w "$out"
  for p in third_party/patches/"$module"/*.patch; do
    [ -e "$p" ] || continue
    # git apply works as patch(1) outside a repository; the header above
    # the first diff (the upstream report) is skipped.
    (cd "$out" && git apply --whitespace=nowarn -p1 "$OLDPWD/$p") || { echo "rebuild: $p does not apply to $module@$version" >&2; exit 1; }
  done
}

# listed MODULE VERSION: docs/stack.md's entry of MODULE's patches.
listed() {
  echo
  echo "#### $1 $2"
  for p in third_party/patches/"$1"/*.patch; do
    [ -e "$p" ] || continue
    printf '\n**%s**: %s\n\n```text\n' "$(basename "$p" .patch)" "$(head -1 "$p")"
    awk 'NR > 2 && /^diff --git/ { exit } NR > 2' "$p" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
    echo '```'
  done
}
begin='<!-- third_party/rebuild.sh writes the list below from third_party/patches: edit the patches, not the list -->'
end='<!-- end of the list third_party/rebuild.sh writes -->'

status=0
: > "$tmp/listed.md"
while read -r module version copy; do
  copy=${copy#./}
  if [ "$mode" = diff ] && [ "$module" != "${2:-}" ]; then continue; fi
  listed "$module" "$version" >> "$tmp/listed.md"
  mkdir -p "$tmp/$module"
  pristine "$module" "$version" "$tmp/$module/a"
  case $mode in
    write)
      rm -rf "$copy"
      mkdir -p "$(dirname "$copy")"
      cp -r "$tmp/$module/a" "$copy"
      echo "$copy: $module@$version and $(ls third_party/patches/"$module"/*.patch 2>/dev/null | wc -l) patches"
      ;;
    check)
      if ! diff -r "$tmp/$module/a" "$copy" > "$tmp/$module.diff"; then
        sed 's/^/  /' "$tmp/$module.diff" >&2
        echo "rebuild: $copy is not $module@$version plus third_party/patches/$module: record a change as a patch (third_party/rebuild.sh diff $module), then make third-party" >&2
        status=1
      fi
      ;;
    diff)
      cp -r "$copy" "$tmp/$module/b"
      (cd "$tmp/$module" && git diff --no-index --no-color --src-prefix= --dst-prefix= a b) || true
      ;;
  esac
done < <(go list -m -f '{{with .Replace}}{{$.Path}} {{$.Version}} {{.Path}}{{end}}' all | awk '$3 ~ /^\.\/third_party\//')

# docs/stack.md with the list between its marks made again.
awk -v begin="$begin" -v end="$end" -v list="$tmp/listed.md" '
  $0 == end { skip = 0 }
  !skip { print }
  $0 == begin { skip = 1; while ((getline line < list) > 0) print line; print "" }
' docs/stack.md > "$tmp/stack.md"
case $mode in
  write) cp "$tmp/stack.md" docs/stack.md ;;
  check)
    if ! grep -qxF "$begin" docs/stack.md || ! diff -u docs/stack.md "$tmp/stack.md" >&2; then
      echo "rebuild: docs/stack.md does not list the patches of third_party/patches as they are: make third-party" >&2
      status=1
    fi
    ;;
esac
exit $status
