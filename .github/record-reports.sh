#!/usr/bin/env bash
# Turns the issues opened from the "Report a result" and "Register for an event" forms into
# edits of the event files, made by `holonet report --from-issue` and
# `holonet register --from-issue` (the same edits, checked the same way, as the commands typed
# by the organizer). The workflow .github/workflows/reports.yml runs it.
#
# HOLONET_REPORTS decides what happens to a recorded form:
# - "pull-request" (the default): every open form is recorded, oldest first, from main at each
#   run, on the branch holonet/reports; one pull request carries them all, and merging it closes
#   their issues and publishes the site. Once the pull request is open, what the organizer may
#   have reviewed stays: a run that changes it (an issue edited, added or closed, main moved)
#   adds a commit, never rewrites one, and the description says which issue changed. It lists
#   what each form recorded, and marks a correction of another form's result.
# - "commit": the form is committed to main at once and the site is published again.
#
# The issue's text is read from GitHub into a file and only Holonet reads that file: no part of
# it reaches a command line, a branch name or a commit message.
set -euo pipefail

mode="${HOLONET_REPORTS:-pull-request}"
repo="${GITHUB_REPOSITORY:?GITHUB_REPOSITORY is not set: this script runs in a GitHub Actions job}"
issue="${ISSUE:-}"
branch="holonet/reports"
work="$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/reports.XXXXXX")"

case "$mode" in
  pull-request | commit) ;;
  *)
    echo "::error file=.github/workflows/reports.yml::HOLONET_REPORTS is \"$mode\": write pull-request or commit."
    exit 1
    ;;
esac

# The forms give their issues these labels, which must exist for GitHub to apply them.
gh label create result --force --color 0e8a16 --description "A table's result, sent with the form"
gh label create registration --force --color 1d76db --description "An entry to an event, sent with the form"

# Prints "NUMBER COMMAND" for each open issue carrying LABEL, oldest first.
open_forms() {
  gh api --paginate "repos/$repo/issues?state=open&labels=$1&sort=created&direction=asc&per_page=100" \
    --jq ".[] | select(.pull_request == null) | \"\\(.number) $2\""
}

# The forms to record: in commit mode only the issue that started the run; otherwise every open
# one, since the forms are recorded again from main each time.
{
  open_forms result report
  open_forms registration register
} | sort -n > "$work/forms"
if [ "$mode" = commit ]; then
  grep -E "^${issue:-none} " "$work/forms" > "$work/chosen" || true
  mv "$work/chosen" "$work/forms"
fi

git config user.name "github-actions[bot]"
git config user.email "41898729+github-actions[bot]@users.noreply.github.com"

# With nothing to record, the pull request of waiting forms has no reason to stay.
drop_branch() {
  if [ "$mode" = pull-request ] && git ls-remote --exit-code --heads origin "$branch" > /dev/null; then
    git push --quiet origin --delete "$branch"
  fi
}

if [ ! -s "$work/forms" ]; then
  echo "No open form to record."
  drop_branch
  exit 0
fi

if ! command -v holonet > /dev/null; then
  bash .github/install-holonet.sh
  # It adds Holonet's folder to the PATH of the job's next steps (the last line of GITHUB_PATH);
  # this step needs it now.
  PATH="$(tail -n 1 "$GITHUB_PATH"):$PATH"
fi

recorded=()
while read -r number verb; do
  gh api "repos/$repo/issues/$number" --jq '.body // ""' > "$work/$number.md"
  if holonet "$verb" --from-issue "$work/$number.md" --reply "$work/$number.reply.md"; then
    recorded+=("$number")
  else
    echo "Issue #$number was not recorded (see the reply)."
  fi
done < "$work/forms"

# Answers the issue that started the run, with Holonet's reply and then LINE.
answer() {
  if [ -n "$issue" ] && [ -f "$work/$issue.reply.md" ]; then
    { cat "$work/$issue.reply.md"; printf '\n%s\n' "$1"; } > "$work/answer.md"
    gh issue comment "$issue" --body-file "$work/answer.md"
  fi
}

if [ "${#recorded[@]}" -eq 0 ] || git diff --quiet; then
  drop_branch
  answer ""
  exit 0
fi

if [ "$mode" = commit ]; then
  git commit --quiet --all --message "Record the form of issue #${recorded[0]}"
  for attempt in 1 2 3; do
    git push origin "HEAD:${GITHUB_REF_NAME:-main}" && break
    [ "$attempt" = 3 ] && exit 1
    git pull --quiet --rebase origin "${GITHUB_REF_NAME:-main}"
  done
  # A push made with the workflow's own token starts no workflow: start the publication.
  gh workflow run pages.yml --ref "${GITHUB_REF_NAME:-main}"
  answer "It is on the site in a minute or two."
  gh issue close "${recorded[0]}"
  exit 0
fi

# What each recorded form changed: the first code block of its reply, which quotes the
# sentence Holonet wrote (names included) in a fence longer than any backticks inside, so that it
# can be shown again as it is.
for number in "${recorded[@]}"; do
  awk 'fence == "" { if ($0 ~ /^```+text$/) { fence = substr($0, 1, length($0) - 4); print }; next }
       { print; if ($0 == fence) exit }' \
    "$work/$number.reply.md" > "$work/$number.what"
done
# The state of this run, one line "#NUMBER FINGERPRINT" per recorded form: the last lines of
# each commit's message on the branch, from which a later run tells what changed since.
for number in "${recorded[@]}"; do
  printf '#%s %s\n' "$number" "$(sha256sum < "$work/$number.what" | cut -c 1-16)"
done > "$work/state"
state_of() {
  git log -1 --format=%B "$1" | grep -E '^#[0-9]+ [0-9a-f]{16}$' || true
}

# With a pull request open, what it holds was perhaps reviewed: the branch keeps its commits and
# gets a new one only when something changed (a form edited, added or gone, or main moved),
# pushed without force; a commit whose second parent is main when main moved, so that the pull
# request still shows only the forms' changes. Without one, the branch is made again from main.
reviewed=""
if git ls-remote --exit-code --heads origin "$branch" > /dev/null &&
  gh pr view "$branch" --json state --jq .state 2> /dev/null | grep -q OPEN; then
  git fetch --quiet origin "$branch"
  reviewed="$(git rev-parse FETCH_HEAD)"
fi
main="$(git rev-parse HEAD)"
title="Record the forms of issues $(printf '#%s ' "${recorded[@]}")"
if [ -z "$reviewed" ]; then
  printf '%s\n\n' "$title" | cat - "$work/state" > "$work/message"
  git switch --quiet -C "$branch"
  git commit --quiet --all --file "$work/message"
  git push --quiet --force origin "$branch"
  opened="$(git rev-parse HEAD)"
else
  opened="$(git rev-list --first-parent --reverse "$main..$reviewed" | sed -n 1p)"
  state_of "$reviewed" > "$work/state.reviewed"
  main_moved=false
  git merge-base --is-ancestor "$main" "$reviewed" || main_moved=true
  if [ "$main_moved" = true ] || ! cmp --quiet "$work/state" "$work/state.reviewed"; then
    changed="$(comm -3 <(sort "$work/state.reviewed") <(sort "$work/state") | cut -d ' ' -f 1 |
      tr -d '\t' | sort -u -t '#' -k 2n | tr '\n' ' ')"
    {
      printf '%s again\n\n' "$title"
      [ -n "$changed" ] && printf 'Changed since the last commit: %s\n' "$changed"
      [ "$main_moved" = true ] && printf 'Recorded again on main as it is now.\n'
      echo
      cat "$work/state"
    } > "$work/message"
    git add --update
    parents=(-p "$reviewed")
    [ "$main_moved" = true ] && parents+=(-p "$main")
    commit="$(git commit-tree "$(git write-tree)" "${parents[@]}" -F "$work/message")"
    git push --quiet origin "$commit:refs/heads/$branch"
  fi
fi
state_of "$opened" > "$work/state.opened"

# The pull request's description: each form with what it recorded, corrections marked with the
# form whose result they replace, and what changed after the pull request was opened.
{
  echo "Results and registrations sent with the issue forms, recorded by Holonet and checked."
  echo "Merging this publishes them and closes their issues."
  : > "$work/places"
  for number in "${recorded[@]}"; do
    echo
    reply_head="$(head -n 1 "$work/$number.reply.md")"
    # A result's sentence starts with its place ("Table 1 of round 1: ..."), which Holonet
    # writes without names; a correction replaces the last form of this pull request there.
    place=""
    case "$reply_head" in
      "**Recorded**"* | "**Corrected**"*) place="$(sed -n 2p "$work/$number.what" | sed 's/: .*//')" ;;
    esac
    earlier="$(awk -F '\t' -v place="$place" 'place != "" && $2 == place { n = $1 } END { print n }' "$work/places")"
    case "$reply_head" in
      "**Corrected**"*)
        if [ -n "$earlier" ]; then
          echo "- Closes #$number: **correction of #$earlier by #$number**, which replaces the result #$earlier sent:"
        else
          echo "- Closes #$number: **correction by #$number** of a result already on main:"
        fi
        ;;
      *) echo "- Closes #$number:" ;;
    esac
    [ -n "$place" ] && printf '%s\t%s\n' "$number" "$place" >> "$work/places"
    echo
    cat "$work/$number.what"
  done
  if ! cmp --quiet "$work/state.opened" "$work/state"; then
    echo
    echo "**Changed after this pull request was opened**, each change a commit of its own:"
    echo
    while read -r number fingerprint; do
      before="$(grep -E "^$number " "$work/state.opened" || true)"
      if [ -z "$before" ]; then
        echo "- $number was added after this pull request was opened."
      elif [ "$before" != "$number $fingerprint" ]; then
        echo "- $number was edited after this pull request was opened: it now records what is shown under it above."
      fi
    done < "$work/state"
    while read -r number fingerprint; do
      grep -qE "^$number " "$work/state" ||
        echo "- $number is no longer in this pull request: its issue was closed, or its form is refused now."
    done < "$work/state.opened"
  fi
} > "$work/pull-request.md"
if [ -n "$reviewed" ]; then
  gh pr edit "$branch" --body-file "$work/pull-request.md"
else
  gh pr create --head "$branch" --title "Reported results and registrations" \
    --body-file "$work/pull-request.md" || {
    echo "::error file=.github/workflows/reports.yml::Could not open the pull request: in the repository's Settings > Actions > General, allow GitHub Actions to create pull requests."
    exit 1
  }
fi
answer "The organizer publishes it by merging the pull request \"Reported results and registrations\"."
