/**
 * Reading the live services' payloads as the normalisers are given them: shared by the suites over the own
 * payloads (test/unit/live-normalizers.test.ts) and over the recorded ones (test/real-data).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TextCheck } from '../../src/model/upstream-text.ts';
import { stripJsonp } from '../../src/upstream/client.ts';
import { names, places } from './names.ts';
import { MOCK_NOW } from '../../src/demo/mock-upstream.ts';

export const readJsonp = (dir: string, file: string) => JSON.parse(stripJsonp(fs.readFileSync(path.join(dir, file), 'utf8')));
/** The instant the payloads are normalised at: the mock's (its storm's latest position ten minutes old). */
export const now = MOCK_NOW;
/** A fresh text check against the names table, with the place table. */
export const check = (): TextCheck => ({ names, places, rejected: [] });
