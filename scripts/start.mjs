#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources (server and client), then runs the
// server, which migrates and serves everything on one port. `node scripts/start.mjs <entry>` runs
// another entry point of the build (a path under dist/, without .js) the same way, e.g.
// `server/src/rebuild-read-models`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return latest;
}

const builds = [
  {
    output: 'dist/server/src/main.js',
    sources: ['server', 'projections', 'scripts', 'tsconfig.json', 'tsconfig.build.json'],
    script: 'build:server',
  },
  { output: 'dist/client/index.html', sources: ['client', 'server/src/domain'], script: 'build:client' },
];

for (const { output, sources, script } of builds) {
  if (existsSync(output) && statSync(output).mtimeMs >= newest(sources)) continue;
  console.log(`Building (${script})...`);
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const entry = process.argv[2] ?? 'server/src/main';
// The server's heap as the Dockerfile sets it (see there); other entries take what they need. A
// rebuild holds every folded row until its end: a young generation of 64 MB from the start
// scavenges a quarter as often, and the rebuild runs a few per cent faster (docs/performance.md).
// `bench:rebuild` runs through here too, so it measures the rebuild as it runs.
const REBUILD_HEAP = ['--min-semi-space-size=64', '--max-semi-space-size=64'];
const HEAPS = {
  'server/src/main': ['--max-old-space-size=256'],
  'server/src/rebuild-read-models': REBUILD_HEAP,
  'scripts/bench-rebuild': REBUILD_HEAP,
};
const heap = HEAPS[entry] ?? [];
const server = spawnSync(process.execPath, ['--enable-source-maps', ...heap, `dist/${entry}.js`, ...process.argv.slice(3)], {
  stdio: 'inherit',
});
process.exit(server.status ?? 1);
