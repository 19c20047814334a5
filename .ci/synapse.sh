#!/usr/bin/env bash
# A loopback Matrix homeserver (Synapse) for the Matrix end-to-end tests (issue 21).
#
#   eval "$(bash .ci/synapse.sh start)"   # installs if needed, starts, prints the exports
#   bash .ci/synapse.sh stop              # stops the server the exports name
#
# Synapse comes from the Python package registry into a virtual environment that is kept
# and reused (VLIV_SYNAPSE_VENV, default ~/.cache/vliv/synapse-venv; the first install takes
# a few minutes). The server listens on 127.0.0.1 only, stores in SQLite, federates with
# nobody, registers users only by the shared secret, and has its rate limits relaxed for
# the tests. It answers about 10 s after start.
set -euo pipefail

VENV=${VLIV_SYNAPSE_VENV:-$HOME/.cache/vliv/synapse-venv}

install() {
    if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c 'import synapse' 2>/dev/null; then
        return
    fi
    echo "synapse.sh: installing matrix-synapse into $VENV" >&2
    mkdir -p "$(dirname "$VENV")"
    if ! python3 -m venv "$VENV" >&2; then
        export DEBIAN_FRONTEND=noninteractive
        (apt-get update -q && apt-get install -y -q python3-venv) >&2
        python3 -m venv "$VENV" >&2
    fi
    "$VENV/bin/pip" install -q matrix-synapse >&2
}

free_port() {
    "$VENV/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

write_config() {
    local dir=$1 port=$2 secret=$3
    cat >"$dir/log.config" <<EOF
version: 1
formatters:
  plain:
    format: '%(asctime)s %(levelname)s %(name)s %(message)s'
handlers:
  file:
    class: logging.FileHandler
    filename: $dir/homeserver.log
    formatter: plain
root:
  level: WARNING
  handlers: [file]
disable_existing_loggers: false
EOF
    # Limits far above what the tests send, so a test never waits for a 429.
    local relaxed='{per_second: 1000, burst_count: 10000}'
    cat >"$dir/homeserver.yaml" <<EOF
server_name: localhost
pid_file: $dir/homeserver.pid
listeners:
  - port: $port
    bind_addresses: ['127.0.0.1']
    type: http
    tls: false
    x_forwarded: false
    resources:
      # openid: the federation endpoint a widget's OpenID token is checked at.
      - names: [client, openid]
        compress: false
database:
  name: sqlite3
  args:
    database: $dir/homeserver.db
log_config: $dir/log.config
media_store_path: $dir/media
signing_key_path: $dir/signing.key
registration_shared_secret: "$secret"
enable_registration: false
report_stats: false
macaroon_secret_key: "$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
form_secret: "$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
trusted_key_servers: []
suppress_key_server_warning: true
federation_domain_whitelist: []
presence:
  enabled: false
rc_message: $relaxed
rc_registration: $relaxed
rc_login:
  address: $relaxed
  account: $relaxed
  failed_attempts: $relaxed
rc_joins:
  local: $relaxed
  remote: $relaxed
rc_joins_per_room: $relaxed
rc_invites:
  per_room: $relaxed
  per_user: $relaxed
  per_issuer: $relaxed
rc_room_creation: $relaxed
rc_3pid_validation: $relaxed
rc_admin_redaction: $relaxed
EOF
}

start() {
    install
    local dir port secret
    dir=$(mktemp -d "${TMPDIR:-/tmp}/vliv-synapse.XXXXXX")
    port=$(free_port)
    secret=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
    write_config "$dir" "$port" "$secret"
    (cd "$dir" && "$VENV/bin/python" -m synapse.app.homeserver -c homeserver.yaml \
        --generate-keys >/dev/null 2>&1)
    (cd "$dir" && "$VENV/bin/python" -m synapse.app.homeserver -c homeserver.yaml \
        --daemonize >"$dir/start.log" 2>&1)
    local url="http://127.0.0.1:$port"
    for _ in $(seq 1 120); do
        if "$VENV/bin/python" -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)' \
            "$url/_matrix/client/versions" >/dev/null 2>&1; then
            echo "export VLIV_TEST_MATRIX_URL=$url"
            echo "export VLIV_TEST_MATRIX_SECRET=$secret"
            echo "export VLIV_SYNAPSE_DIR=$dir"
            echo "synapse.sh: Synapse answers at $url (data in $dir)" >&2
            return
        fi
        sleep 0.5
    done
    echo "synapse.sh: Synapse did not answer within 60 s; its log:" >&2
    tail -n 40 "$dir/start.log" "$dir/homeserver.log" >&2 2>/dev/null || true
    exit 1
}

stop() {
    local dir=${VLIV_SYNAPSE_DIR:-}
    [ -n "$dir" ] && [ -f "$dir/homeserver.pid" ] || return 0
    kill "$(cat "$dir/homeserver.pid")" 2>/dev/null || true
    for _ in $(seq 1 20); do
        [ -f "$dir/homeserver.pid" ] || break
        kill -0 "$(cat "$dir/homeserver.pid")" 2>/dev/null || break
        sleep 0.25
    done
    rm -rf "$dir"
}

case "${1:-}" in
    install) install ;;
    start) start ;;
    stop) stop ;;
    *)
        echo "usage: $0 install|start|stop" >&2
        exit 2
        ;;
esac
