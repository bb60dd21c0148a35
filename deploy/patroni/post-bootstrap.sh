#!/bin/sh
# Patroni's post_bootstrap hook (deploy/patroni/patroni.yml): runs once on the first leader,
# with a superuser connection string as $1. Install it as /etc/patroni/scanline-post-bootstrap.sh
# with SCANLINE_PASSWORD replaced.
set -e
psql "$1" -v ON_ERROR_STOP=1 <<'SQL'
create role scanline login password '@SCANLINE_PASSWORD@';
create database scanline owner scanline;
SQL
