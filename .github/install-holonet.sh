#!/usr/bin/env bash
# Puts the `holonet` command on the PATH of a GitHub Actions job; the site's workflows run it
# first (`bash .github/install-holonet.sh`).
#
# A site downloads the release of Holonet named below, checks the archive against the SHA-256
# published with it (and against HOLONET_SHA256, when set), makes sure the program says it is
# that version, and unpacks it: a few seconds, no compiler. `holonet init` wrote the version and
# the source it was made from. To move the site to a newer Holonet, change HOLONET_VERSION to a
# version listed on the source's releases page (`holonet --version` shows the one you run).
#
# In Holonet's own repository it compiles the Holonet of the same commit instead, so that its
# example archive is always built by the code beside it.
set -euo pipefail

# The release to install (a version tag without its "v").
: "${HOLONET_VERSION:=0.1.0}"
# The repository its releases are published in.
: "${HOLONET_SOURCE:=https://github.com/holonet-ssg/holonet}"
# Optional: the archive's SHA-256, copied from the release page, to refuse any other archive even
# if the release were replaced after you copied it. Empty: the release's own checksum decides.
: "${HOLONET_SHA256:=}"

path_file="${GITHUB_PATH:?GITHUB_PATH is not set: this script runs in a GitHub Actions job}"

if grep -qs '^name = "holonet"$' Cargo.toml; then
  cargo build --release --locked
  echo "$PWD/target/release" >> "$path_file"
  exit 0
fi

fail() {
  echo "::error file=.github/install-holonet.sh::$1"
  exit 1
}

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) target=x86_64-unknown-linux-gnu ;;
  Linux-aarch64 | Linux-arm64) target=aarch64-unknown-linux-gnu ;;
  Darwin-x86_64) target=x86_64-apple-darwin ;;
  Darwin-arm64) target=aarch64-apple-darwin ;;
  *) fail "Holonet publishes no release for $(uname -s) on $(uname -m): run the job on ubuntu-latest." ;;
esac

archive="holonet-$target.tar.xz"
url="$HOLONET_SOURCE/releases/download/v$HOLONET_VERSION/$archive"
work="$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/holonet.XXXXXX")"

download() {
  curl --fail --silent --show-error --location --retry 3 --proto-redir '=https' \
    --output "$2" "$1" ||
    fail "Could not download $1: check HOLONET_VERSION ($HOLONET_VERSION) against the releases of $HOLONET_SOURCE."
}
download "$url" "$work/$archive"
download "$url.sha256" "$work/$archive.sha256"

if command -v sha256sum > /dev/null; then
  actual="$(sha256sum "$work/$archive")"
else
  actual="$(shasum -a 256 "$work/$archive")"
fi
actual="${actual%% *}"
published="$(tr -d '\r' < "$work/$archive.sha256")"
published="${published%% *}"
if [ "$actual" != "$published" ]; then
  fail "$archive does not match the SHA-256 published with it ($published): it was not installed. Download it again later, or report it to the releases' maintainers."
fi
if [ -n "$HOLONET_SHA256" ] && [ "$actual" != "$HOLONET_SHA256" ]; then
  fail "$archive has the SHA-256 $actual, not HOLONET_SHA256 ($HOLONET_SHA256): it was not installed."
fi

tar -xJf "$work/$archive" -C "$work"
bin="$work/holonet-$target"
said="$("$bin/holonet" --version)"
if [ "$said" != "holonet $HOLONET_VERSION" ]; then
  fail "The downloaded program says \"$said\", not holonet $HOLONET_VERSION: it was not installed."
fi
echo "$bin" >> "$path_file"
echo "Installed $said ($archive, SHA-256 $actual)."
