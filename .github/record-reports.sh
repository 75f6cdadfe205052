#!/usr/bin/env bash
# Turns the issues opened from the "Report a result" and "Register for an event" forms into
# edits of the event files, made by `holonet report --from-issue` and
# `holonet register --from-issue` (the same edits, checked the same way, as the commands typed
# by the organizer). The workflow .github/workflows/reports.yml runs it.
#
# HOLONET_REPORTS decides what happens to a recorded form:
# - "pull-request" (the default): every open form is recorded, oldest first, on the branch
#   holonet/reports, made again from main at each run, so it always merges cleanly; one pull
#   request carries them all, and merging it closes their issues and publishes the site.
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
# one, since the branch is made again from main each time.
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

{
  echo "Results and registrations sent with the issue forms, recorded by Holonet and checked."
  echo "Merging this publishes them and closes their issues:"
  echo
  for number in "${recorded[@]}"; do echo "- Closes #$number"; done
} > "$work/pull-request.md"
git switch --quiet -C "$branch"
git commit --quiet --all --message "Record the forms of issues $(printf '#%s ' "${recorded[@]}")"
git push --quiet --force origin "$branch"
if gh pr view "$branch" --json state --jq .state 2> /dev/null | grep -q OPEN; then
  gh pr edit "$branch" --body-file "$work/pull-request.md"
else
  gh pr create --head "$branch" --title "Reported results and registrations" \
    --body-file "$work/pull-request.md" || {
    echo "::error file=.github/workflows/reports.yml::Could not open the pull request: in the repository's Settings > Actions > General, allow GitHub Actions to create pull requests."
    exit 1
  }
fi
answer "The organizer publishes it by merging the pull request \"Reported results and registrations\"."
