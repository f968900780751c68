#!/usr/bin/env bash
# A LOCAL STAND-IN for Docker Hub's node:26-bookworm-slim, tagged localhost/node:26-bookworm-slim, so that
# `podman build --pull=never` resolves the Dockerfile's FROM lines on a machine that reaches Debian's
# mirrors and the npm registry but no image registry (docs/deploy.md, "The Docker image", says what was
# verified with it). Never push it: real builds use the official image.
#
# It is built like the official one: a minimal Debian bookworm, Node 26 in /usr/local with an npm 11 (the
# major Node 26 bundles), the `node` user (uid and gid 1000, home /home/node), an entrypoint that runs `node`
# for arguments that are not commands, and CMD ["node"]. Differences: Node is the project's own Node 26
# binary, the `node` dev dependency in node_modules (nodejs.org's build; it must link against bookworm's
# glibc, checked below), npm is this machine's version, and there is no yarn.
#
# Usage (root, with podman and debootstrap installed): scripts/docker-base-image.sh
# DEBIAN_MIRROR overrides the Debian archive, by default the one this machine's apt uses.
set -euo pipefail

readonly image=localhost/node:26-bookworm-slim
readonly npm_version=$(npm --version)

# The first Debian archive (not the security one) of this machine's apt sources, so debootstrap fetches
# from wherever apt can.
debian_mirror() {
	if [ -n "${DEBIAN_MIRROR:-}" ]; then
		echo "$DEBIAN_MIRROR"
		return
	fi
	# A machine may have no file of one of the two formats; grep failing on it is not an error.
	{
		grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{ print $2 }' || true
		grep -hE '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
			sed -E 's/^deb (\[[^]]*\] )?([^ ]+).*/\2/' || true
	} | grep -E '/debian/?$' | head -n 1 || true
}

node_binary=$(dirname "$0")/../node_modules/.bin/node
node_version=$("$node_binary" --version)
if [[ $node_version != v26.* ]]; then
	echo "node_modules/.bin/node is $node_version; the stand-in needs Node 26 (npm install first)." >&2
	exit 1
fi
mirror=$(debian_mirror)
if [ -z "$mirror" ]; then
	echo 'No Debian archive in the apt sources; set DEBIAN_MIRROR.' >&2
	exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rootfs=$work/rootfs

debootstrap --variant=minbase bookworm "$rootfs" "$mirror"

# Node where the official image puts it; it links only glibc, libstdc++ and libgcc, which minbase has.
install -D -m 0755 "$(readlink -f "$node_binary")" "$rootfs/usr/local/bin/node"

(cd "$work" && npm pack --silent "npm@$npm_version" >/dev/null)
mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work/npm-$npm_version.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1 \
	--no-same-owner
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

# Same behaviour as the official image's entrypoint: `docker run image -e 1` or `image server.js` run node.
cat >"$rootfs/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
if [ "${1#-}" != "$1" ] || [ -z "$(command -v "$1")" ] || { [ -f "$1" ] && ! [ -x "$1" ]; }; then
	set -- node "$@"
fi
exec "$@"
EOF
chmod 0755 "$rootfs/usr/local/bin/docker-entrypoint.sh"

# Runs in the rootfs with nothing of this machine's environment: proves node finds its libraries there.
in_rootfs() {
	chroot "$rootfs" env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root "$@"
}
in_rootfs node --version
in_rootfs npm --version
in_rootfs id node

# Slim like the official image: no package lists, downloaded packages or npm logs.
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
	"$rootfs"/root/.npm

tar -C "$rootfs" --numeric-owner -c . |
	podman import \
		--change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
		--change "ENV NODE_VERSION=${node_version#v}" \
		--change 'ENTRYPOINT ["docker-entrypoint.sh"]' \
		--change 'CMD ["node"]' \
		--change 'LABEL org.opencontainers.image.description="Local stand-in for node:26-bookworm-slim (scripts/docker-base-image.sh)"' \
		- "$image"
