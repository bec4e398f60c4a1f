#!/usr/bin/env node
// `npm start`: builds what is missing (server and client), then runs the server, which migrates
// and serves everything on one port. `node scripts/start.mjs server/src/projections/rebuild` runs
// another entry point of the build (a path under dist/, without .js) the same way.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const missing = [
  ['dist/server/src/main.js', 'build:server'],
  ['dist/client/index.html', 'build:client'],
].filter(([file]) => !existsSync(file));

for (const [, script] of missing) {
  console.log(`Building (${script})...`);
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const entry = process.argv[2] ?? 'server/src/main';
const server = spawnSync(process.execPath, ['--enable-source-maps', `dist/${entry}.js`, ...process.argv.slice(3)], {
  stdio: 'inherit',
});
process.exit(server.status ?? 1);
