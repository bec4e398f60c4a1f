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
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadAverage, summary, type LevelResult } from './bench-support';

const ROOT = resolve(__dirname, '../..');
const RESULT_FILE = join(tmpdir(), `bench-pairs-${process.pid}.json`);

/** A whole number from env, within its bounds, or the default when unset. */
function wholeNumber(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

interface Variant {
  label: string;
  script: string;
  nodeArgs: string;
}

function variant(spec: string): Variant {
  const [dist, ...nodeArgs] = spec.trim().split(/\s+/);
  const script = join(ROOT, dist, 'scripts', 'bench-commands.js');
  if (!existsSync(script)) throw new Error(`No built bench in ${dist} (looked for ${script}): build it, or copy a build's dist there`);
  return { label: spec.trim(), script, nodeArgs: nodeArgs.join(' ') };
}

/** One run of bench:commands at `level`: its figures at that level, or the end of its output when it failed. */
function runOnce(v: Variant, level: number, seconds: number): LevelResult | string {
  rmSync(RESULT_FILE, { force: true });
  const env = {
    ...process.env,
    BENCH_LEVELS: String(level),
    BENCH_SECONDS: String(seconds),
    BENCH_IDLE_SECONDS: '1',
    BENCH_NODE_ARGS: v.nodeArgs,
    BENCH_RESULT_FILE: RESULT_FILE,
  };
  const result = spawnSync(process.execPath, [v.script], { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (!existsSync(RESULT_FILE)) return `${result.stderr || result.stdout || ''}`.trim().split('\n').slice(-3).join(' / ');
  const [figures] = JSON.parse(readFileSync(RESULT_FILE, 'utf8')) as LevelResult[];
  return figures;
}

const cell = (value: number, digits = 1) => value.toFixed(digits).padStart(8);
const row = (r: LevelResult) =>
  `${cell(r.perSecond)}${cell(r.p50)}${cell(r.p99)}${cell(r.cpuPerCommand, 2)}${cell(r.postgresPerCommand, 2)}${cell(r.rss, 0)}`;

function main(): void {
  const pairs = wholeNumber('BENCH_PAIRS', 3, 1, 50);
  const level = wholeNumber('BENCH_LEVEL', 64, 1, 256);
  const seconds = wholeNumber('BENCH_SECONDS', 10, 1, 600);
  const variants = process.argv.slice(2).map(variant);
  if (variants.length < 2) throw new Error('Name at least two variants, e.g. npm run bench:pairs -- dist "dist --max-semi-space-size=64"');
  const runs = new Map<string, LevelResult[]>(variants.map((v) => [v.label, []]));
  console.log(`${pairs} rounds at ${level} connections, ${seconds} s each\n`);
  console.log(`round  time      cmd/s     p50     p99  srv CPU   pg CPU  RSS MB  load average    variant`);
  for (let round = 1; round <= pairs; round++) {
    for (const v of variants) {
      const started = new Date().toISOString().slice(11, 19);
      const figures = runOnce(v, level, seconds);
      const line = typeof figures === 'string' ? `  failed: ${figures}` : `${row(figures)}  ${loadAverage().padEnd(14)}  ${v.label}`;
      if (typeof figures !== 'string') runs.get(v.label)?.push(figures);
      console.log(`${String(round).padStart(5)}  ${started}${line}`);
    }
  }
  console.log(`\nmedians      cmd/s     p50     p99  srv CPU   pg CPU  RSS MB  variant`);
  for (const [label, list] of runs) {
    if (list.length === 0) continue;
    const median = (pick: (r: LevelResult) => number) => summary(list.map(pick)).p50;
    const medians: LevelResult = {
      connections: level,
      perSecond: median((r) => r.perSecond),
      p50: median((r) => r.p50),
      p99: median((r) => r.p99),
      rss: median((r) => r.rss),
      cpuPerCommand: median((r) => r.cpuPerCommand),
      postgresPerCommand: median((r) => r.postgresPerCommand),
    };
    console.log(`${String(list.length).padStart(7)} run${list.length === 1 ? ' ' : 's'}${row(medians)}  ${label}`);
  }
}

try {
  main();
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
