import { startSandbox } from '@plinth/sandbox';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The sandbox the browser tests send to (real posthog-js → sandbox). */
    sandboxUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const sandbox = await startSandbox({ port: 0, quiet: true });
  project.provide('sandboxUrl', sandbox.url);
  return () => sandbox.close();
}
