import { createServer } from 'node:net';
import { startSandbox } from '@plinth/sandbox';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The sandbox the browser tests talk to (real Datadog SDK → sandbox's datadog intake). */
    sandboxUrl: string;
    /** A loopback URL where nothing listens (an intake blocked or down). */
    deadUrl: string;
  }
}

/** A port that was free a moment ago and is closed now. */
const closedPort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export default async function setup(project: TestProject) {
  const sandbox = await startSandbox({ port: 0, quiet: true });
  project.provide('sandboxUrl', sandbox.url);
  project.provide('deadUrl', `http://127.0.0.1:${await closedPort()}`);
  return () => sandbox.close();
}
