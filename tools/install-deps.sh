#!/bin/sh
# Install the Debian packages kprof's build and tests need, when missing. Idempotent.
#   tools/install-deps.sh PKG...
set -u
missing=""
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "install-deps: installing:$missing"
if [ "$(id -u)" != 0 ]; then
	echo "install-deps: not root; install these Debian packages first:$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=900 update -q >/dev/null || { echo "install-deps: apt-get update failed" >&2; exit 1; }
# shellcheck disable=SC2086
apt-get install -o DPkg::Lock::Timeout=900 -y -q --no-install-recommends $missing >/dev/null || {
	echo "install-deps: apt-get install failed for:$missing" >&2
	exit 1
}
