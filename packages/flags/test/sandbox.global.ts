import { provideSandbox } from '@plinth/sandbox';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The sandbox the browser tests talk to (the real vendor SDK → the sandbox). */
    sandboxUrl: string;
    /** A loopback URL where nothing listens (the vendor's service blocked or down). */
    deadUrl: string;
  }
}

export default (project: TestProject) => provideSandbox(project);
