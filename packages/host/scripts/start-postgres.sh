#!/usr/bin/env bash
# A PostgreSQL for the host's suites (.ci/run runs this; so can a developer, as root on Debian):
# installs Debian's postgresql when missing, starts its cluster, makes a fresh database and user
# `mtg_host`, and prints the URL to put in MTG_HOST_POSTGRES_URL.
set -euo pipefail
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /usr/lib/postgresql | sort -V | tail -1)
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$version main"; then
  pg_createcluster "$version" main >/dev/null
fi
pg_ctlcluster "$version" main start >/dev/null 2>&1 || true
port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p "$port" && break
  sleep 1
done
as_postgres() { runuser -u postgres -- "$@"; }
as_postgres psql -q -p "$port" -v ON_ERROR_STOP=1 >/dev/null <<'SQL'
SET client_min_messages = warning;
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mtg_host') THEN CREATE ROLE mtg_host LOGIN PASSWORD 'mtg_host'; END IF;
END $$;
DROP DATABASE IF EXISTS mtg_host WITH (FORCE);
CREATE DATABASE mtg_host OWNER mtg_host;
SQL
echo "postgres://mtg_host:mtg_host@127.0.0.1:${port}/mtg_host"
