#!/usr/bin/env bash
# The browser tests drive Debian's Chromium and the HTML checker runs on Java: install whichever is
# missing (machines here run as root), so `npm test` passes on a fresh machine.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing ${missing[*]} from Debian for the tests..."
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
