import { createServer } from 'node:net';
import { type SandboxOptions, startSandbox } from './startSandbox';

/** A loopback port that was free a moment ago and is closed now: "the service is down". */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** What `provideSandbox` needs of a Vitest `TestProject` (no Vitest type in this package's API). */
export interface ProvidingProject {
  provide(key: 'sandboxUrl' | 'deadUrl', value: string): void;
}

/**
 * For a Vitest `globalSetup` whose browser tests talk to the sandbox: starts one on a free port and
 * provides `sandboxUrl` and `deadUrl` (a loopback URL where nothing listens) to the tests, which read
 * them with `inject()`. Returns the teardown.
 *
 * ```ts
 * // test/sandbox.global.ts
 * declare module 'vitest' { export interface ProvidedContext { sandboxUrl: string; deadUrl: string } }
 * export default (project: TestProject) => provideSandbox(project);
 * ```
 */
export async function provideSandbox(
  project: ProvidingProject,
  options: Omit<SandboxOptions, 'port'> = {},
): Promise<() => Promise<void>> {
  const sandbox = await startSandbox({ quiet: true, ...options, port: 0 });
  project.provide('sandboxUrl', sandbox.url);
  project.provide('deadUrl', `http://127.0.0.1:${await closedPort()}`);
  return () => sandbox.close();
}
