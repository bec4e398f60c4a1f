#!/usr/bin/env node
// `npm run dev`: the API with Nest's watch mode on :3000 and Vite on :5173 (proxying /api and
// /socket.io to it). Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['nest', 'start', '--watch', '--preserveWatchOutput'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite', '--config', 'client/vite.config.mts'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
