#!/bin/sh
# Starts the built server as this very process, on the workspace's Node binary itself: pnpm's `node`
# on the PATH is a shell shim that would stay in between and keep SIGTERM and SIGINT from the server,
# so a supervisor stopping `pnpm start` would leave it running. Every step here is an `exec`.
cd "$(dirname "$0")/.." || exit 1
exec "$(node -p process.execPath)" --max-semi-space-size=8 dist/main.js "$@"
