import { packageTestConfig } from '../../vitest.shared.ts';

// Its files mock modules (`vi.mock`), which would leak into the next file in a shared worker.
export default packageTestConfig({ isolate: true });
