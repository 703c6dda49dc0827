#!/usr/bin/env bash
# Runs the "Adding a fixture" walk-through (docs/adding-fixtures.md), exactly as written, on a fresh clone of this
# repository's HEAD in a temporary folder, and fails if any command fails or the new case does not pass.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

git clone --quiet "$root" "$work/clone"
# The commands are the sh blocks that follow a "<!-- walkthrough -->" line in the document.
awk '
  /<!-- walkthrough -->/ { armed = 1; next }
  armed && /^ *```sh/ { inside = 1; armed = 0; next }
  inside && /^ *```/ { inside = 0; next }
  inside { sub(/^   /, ""); print }
' "$root/docs/adding-fixtures.md" > "$work/walkthrough.sh"
[ -s "$work/walkthrough.sh" ] || { echo "walkthrough: no commands found in docs/adding-fixtures.md" >&2; exit 1; }

cd "$work/clone"
# A reader who followed the walk-through by hand and committed its result: start from before it.
for done in contracts/countries/by-name-peru.json Fixtures/countries/name-peru.json; do
  if [ -e "$done" ]; then git rm --quiet "$done"; fi
done
export GIT_AUTHOR_NAME=walkthrough GIT_AUTHOR_EMAIL=walkthrough@example.invalid
export GIT_COMMITTER_NAME=walkthrough GIT_COMMITTER_EMAIL=walkthrough@example.invalid
git diff --cached --quiet || git -c user.name=walkthrough -c user.email=walkthrough@example.invalid commit --quiet -m "before the walk-through"
bash -euo pipefail -x "$work/walkthrough.sh" 2>&1 | tee "$work/out.txt"
grep -q "^PASS  contracts/countries/by-name-peru.json  peru$" "$work/out.txt"
git log --oneline -1 | grep -q "Contract for countries.byName peru"
echo "walkthrough: every command ran and the new case passed"
