#!/usr/bin/env bash
# The patched copies in third_party/, made again from the Go module cache
# and the patch series in third_party/patches/<module>/ (docs/stack.md,
# "Patches", says what each patch does and holds its upstream report).
# A patched module is one whose replace line in go.mod points into
# third_party/; its upstream version is the one go.mod requires. A copy
# holds the packages this repository imports and the packages those
# import, without tests, then the patches in name order.
#
#   third_party/rebuild.sh          write every copy (make third-party)
#   third_party/rebuild.sh check    fail when a copy is not upstream plus its patches (make vet)
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

status=0
while read -r module version copy; do
  copy=${copy#./}
  if [ "$mode" = diff ] && [ "$module" != "${2:-}" ]; then continue; fi
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
exit $status
