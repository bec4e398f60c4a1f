/**
 * `npm run bench:pairs -- <variant> <variant> ...`: runs `bench:commands` at one level for each
 * variant in turn, BENCH_PAIRS times (default 3), and prints each run and each variant's medians.
 * On these shared cores the same build measures 10-25 % apart from one minute to the next, so two
 * builds or two sets of flags are only compared in runs alternated like this (docs/performance.md).
 *
 * A variant is a build directory, then the flags its server's node gets, in one argument:
 * `dist` (this build as it is), `dist-b` (a copy of another build's dist: `dist-*` is not committed), or
 * `"dist --max-semi-space-size=64"`. BENCH_LEVEL (default 64) and BENCH_SECONDS (default 10) set
 * the load; the idle measurement is cut to one second.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
const LEVEL = Number(process.env.BENCH_LEVEL ?? 64);
const SECONDS = process.env.BENCH_SECONDS ?? '10';
const ROOT = resolve(__dirname, '../..');

interface Variant {
  label: string;
  script: string;
  nodeArgs: string;
}

interface Run {
  commands: number;
  p50: number;
  p99: number;
  serverCpu: number;
  postgresCpu: number;
  rss: number;
}

function variant(spec: string): Variant {
  const [dist, ...nodeArgs] = spec.trim().split(/\s+/);
  const script = join(ROOT, dist, 'scripts', 'bench-commands.js');
  if (!existsSync(script)) throw new Error(`No built bench in ${dist} (looked for ${script}): build it, or copy a build's dist there`);
  return { label: spec.trim(), script, nodeArgs: nodeArgs.join(' ') };
}

/** The row bench:commands prints for the level: connections, commands/s, ..., p50, p99, ..., RSS, SQL, CPU columns. */
function parse(output: string): Run | null {
  const row = output.split('\n').find((line) => line.trim().split(/\s+/)[0] === String(LEVEL));
  if (!row) return null;
  const f = row.trim().split(/\s+/).map(Number);
  return { commands: f[1], p50: f[5], p99: f[6], rss: f[9], serverCpu: f[11], postgresCpu: f[12] };
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cell = (value: number, digits = 1) => value.toFixed(digits).padStart(8);

function main(): void {
  const variants = process.argv.slice(2).map(variant);
  if (variants.length < 2) throw new Error('Name at least two variants, e.g. npm run bench:pairs -- dist "dist --max-semi-space-size=64"');
  const runs = new Map<string, Run[]>(variants.map((v) => [v.label, []]));
  console.log(`${PAIRS} rounds at ${LEVEL} connections, ${SECONDS} s each\n`);
  console.log(`round  time      cmd/s     p50     p99  srv CPU   pg CPU  RSS MB  load  variant`);
  for (let round = 1; round <= PAIRS; round++) {
    for (const v of variants) {
      const started = new Date().toISOString().slice(11, 19);
      const result = spawnSync(process.execPath, [v.script], {
        env: { ...process.env, BENCH_LEVELS: String(LEVEL), BENCH_SECONDS: SECONDS, BENCH_IDLE_SECONDS: '1', BENCH_NODE_ARGS: v.nodeArgs },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      const run = parse(result.stdout ?? '');
      if (!run) {
        console.log(
          `${String(round).padStart(5)}  ${started}  failed: ${(result.stderr || result.stdout || '').trim().split('\n').slice(-3).join(' / ')}`,
        );
        continue;
      }
      runs.get(v.label)?.push(run);
      console.log(
        `${String(round).padStart(5)}  ${started}${cell(run.commands)}${cell(run.p50)}${cell(run.p99)}${cell(run.serverCpu, 2)}` +
          `${cell(run.postgresCpu, 2)}${cell(run.rss, 0)}  ${loadAverage().padStart(4)}  ${v.label}`,
      );
    }
  }
  console.log(`\nmedians      cmd/s     p50     p99  srv CPU   pg CPU  RSS MB  variant`);
  for (const [label, list] of runs) {
    if (list.length === 0) continue;
    const m = (pick: (run: Run) => number, digits = 1) => cell(median(list.map(pick)), digits);
    console.log(
      `${String(list.length).padStart(7)} run${list.length === 1 ? ' ' : 's'}${m((r) => r.commands)}${m((r) => r.p50)}${m((r) => r.p99)}` +
        `${m((r) => r.serverCpu, 2)}${m((r) => r.postgresCpu, 2)}${m((r) => r.rss, 0)}  ${label}`,
    );
  }
}

try {
  main();
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
