# Sourced by the scripts: installs what a fresh machine lacks, each step skipped when present.
# shellcheck shell=bash

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$PATH"

say() { printf '==> %s\n' "$*" >&2; }

# Runs apt-get as root or through sudo.
apt_install() {
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if [ -z "${APT_UPDATED:-}" ]; then
    $sudo apt-get update -qq >&2
    APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >&2
}

ensure_wasm_target() {
  rustup target list --installed | grep -qx wasm32-unknown-unknown && return
  say "installing the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown >&2
}

# wasm-bindgen-cli must match the wasm-bindgen crate in Cargo.lock exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' "$root/Cargo.lock"
}

ensure_wasm_bindgen() {
  local want
  want="$(wasm_bindgen_version)"
  if command -v wasm-bindgen >/dev/null && [ "$(wasm-bindgen --version | awk '{print $2}')" = "$want" ] \
    && command -v wasm-bindgen-test-runner >/dev/null; then
    return
  fi
  say "installing wasm-bindgen-cli $want (about 4 minutes)"
  # No --locked: a dependency locked in wasm-bindgen-cli's own lock file is missing from the registry.
  cargo install wasm-bindgen-cli --version "$want" >&2
}

ensure_binaryen() {
  command -v wasm-opt >/dev/null && return
  say "installing binaryen (wasm-opt)"
  apt_install binaryen
}

ensure_chromium() {
  [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] && return
  say "installing Debian chromium and chromium-driver"
  apt_install chromium chromium-driver
}

ensure_node_modules() {
  if [ -f "$root/node_modules/.package-lock.json" ] && [ "$root/node_modules/.package-lock.json" -nt "$root/package-lock.json" ]; then
    return
  fi
  say "installing npm packages (npm ci)"
  (cd "$root" && npm ci --no-audit --no-fund >&2)
}

# PyYAML: the sweep's YAML 1.1 judge (tests/sweep/), standing in for Helm's go-yaml.
ensure_pyyaml() {
  python3 -c 'import yaml' 2>/dev/null && return
  say "installing PyYAML (pip)"
  python3 -m pip install -q pyyaml >&2 2>/dev/null ||
    python3 -m pip install -q --user --break-system-packages pyyaml >&2
}

# Helm's Go SDK as a Python package (no helm binary): the render gate's tests render a real chart with it.
ensure_helm_python_sdk() {
  python3 -c 'import helm_python' 2>/dev/null && return
  say "installing helm-python-sdk (Helm's Go SDK for Python)"
  python3 -m pip install -q --disable-pip-version-check helm-python-sdk==0.2.2 >&2 2>/dev/null ||
    python3 -m pip install -q --user --break-system-packages helm-python-sdk==0.2.2 >&2
}

# The official JSON-Schema-Test-Suite, as python-jsonschema's sdist on PyPI vendors it (json/tests/):
# the validator's conformance layer (tests/json_schema_suite.rs). Cached under target/.
ensure_json_schema_suite() {
  local dir="$root/target/json-schema-suite"
  [ -d "$dir/json/tests/draft2020-12" ] && return
  say "fetching the JSON-Schema-Test-Suite (PyPI sdist of jsonschema 4.23.0)"
  local tmp
  tmp=$(mktemp -d)
  python3 -m pip download -q --disable-pip-version-check --no-deps --no-binary :all: \
    --dest "$tmp" jsonschema==4.23.0 >&2
  mkdir -p "$dir"
  tar xzf "$tmp/jsonschema-4.23.0.tar.gz" -C "$dir" --strip-components=1 jsonschema-4.23.0/json
  rm -rf "$tmp"
}
