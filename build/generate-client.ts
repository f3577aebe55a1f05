/** `npm run client:generate`: writes the typed client's types from the route table's OpenAPI document. */
import fs from 'node:fs/promises';
import { CLIENT_SCHEMA_FILE, renderClientSchema } from './client-schema.ts';

await fs.writeFile(CLIENT_SCHEMA_FILE, await renderClientSchema());
console.log(`Wrote ${CLIENT_SCHEMA_FILE}`);
