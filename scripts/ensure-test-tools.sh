#!/usr/bin/env bash
# The browser tests and Lighthouse drive Debian's Chromium headless shell, a few browser tests the full
# Chromium; the HTML checker runs on Java and the cluster fault scripts put haproxy in front of the
# instances: install whichever is missing (machines here run as root), so `npm test` and `.ci/run`
# pass on a fresh machine.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
[ -x /usr/sbin/haproxy ] || command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing ${missing[*]} from Debian for the tests..."
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
