import type { FunctionConfig } from '../src/api/function-config.ts';
import { safeHandler, v1Preflight } from '../src/api/envelope.ts';

// Netlify sends only OPTIONS here (safeHandler answers it with the preflight, as every function does on a v1 path).
export default safeHandler(() => v1Preflight());

export const config: FunctionConfig = {
  path: '/api/v1/*',
  method: 'OPTIONS',
};
