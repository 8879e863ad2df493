#!/usr/bin/env node
// The demo's journeys: the sandbox's (playwright.config.ts) and Glewlwyd's (playwright.glewlwyd.config.ts), side by
// side: they share no server or port, and the journeys mostly wait (on the provider, timers, the network), so the
// two together take little longer than the longer one. Each one's output is printed in one piece when it ends; the
// exit code is non-zero if either failed. Arguments go to both (e.g. `--grep sign-in`).
import { spawn } from 'node:child_process';

const run = (args) =>
  new Promise((resolve) => {
    const child = spawn('playwright', ['test', ...args, ...process.argv.slice(2)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(String(error))));
    child.on('close', (status) => {
      process.stdout.write(Buffer.concat(chunks));
      resolve(status ?? 1);
    });
  });

const statuses = await Promise.all([run([]), run(['-c', 'playwright.glewlwyd.config.ts'])]);
process.exit(statuses.some((status) => status !== 0) ? 1 : 0);
