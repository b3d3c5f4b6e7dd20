#!/usr/bin/env bash
# The system packages the tests need, in ONE place: `npm test` runs this first, and so does .ci/run.
# On Debian/Ubuntu as root it installs the missing ones itself; as another user, or on another
# system, it stops at once with the one line to run. (The server itself needs none of them:
# `npm ci` brings ffmpeg and ffprobe, and `npm run doctor` says what each package adds.)
#   chromium                   the browser tests (e2e/, playwright-core drives Debian's build)
#   ffmpeg                     test media, and the newer ffmpeg the server prefers
#   pocketsphinx, -en-us       word timing and recognition, and the tests of both
#   pocketsphinx-testdata      real read speech (LibriVox clips) for the transcript tests
#   espeak-ng                  speech from text the tests choose
#   dict-freedict-eng-*, edict meanings in the learner's language (FreeDict English-X dictd files, EDICT
#                              for Japanese): the server reads them, the tests look words up in them
set -euo pipefail

PACKAGES=(chromium ffmpeg pocketsphinx pocketsphinx-en-us pocketsphinx-testdata espeak-ng dict-freedict-eng-deu dict-freedict-eng-fra dict-freedict-eng-spa dict-freedict-eng-por dict-freedict-eng-ita dict-freedict-eng-ara dict-freedict-eng-tur edict)

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  # Not Debian or Ubuntu: these packages (pocketsphinx 0.8's programs, Debian's Chromium) are Debian's.
  echo "npm test needs Debian's ${PACKAGES[*]}. Run it in a Debian container: docker run --rm -it -v \"\$PWD\":/app -w /app node:24-bookworm bash -c 'npm ci && npm test'" >&2
  exit 1
fi

missing=()
for package in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "npm test needs these Debian packages first: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "Installing the Debian packages the tests need: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y "${missing[@]}"
