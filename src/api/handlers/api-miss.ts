/** Every request no file answered: 40001, 40401 or 40400 (see classify-miss.ts), in the family's format. */
import { classifyMiss } from '../classify-miss.ts';
import { errorResponse, familyOfPath } from '../envelope.ts';

export function handleApiMiss(req: Request): Response {
  const { pathname, searchParams } = new URL(req.url);
  const family = familyOfPath(pathname);
  return errorResponse(family, classifyMiss(pathname, family, searchParams));
}
