/**
 * Reading the live services' payloads as the normalisers are given them: shared by the suites over the own
 * payloads (test/unit/live-normalizers.test.ts) and over the recorded ones (test/real-data).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TextCheck } from '../../src/model/upstream-text.ts';
import { stripJsonp } from '../../src/upstream/client.ts';
import { names, places } from './names.ts';

export const readJsonp = (dir: string, file: string) => JSON.parse(stripJsonp(fs.readFileSync(path.join(dir, file), 'utf8')));
/** The instant the payloads are normalised at. */
export const now = new Date('2026-09-12T06:10:00Z');
/** A fresh text check against the names table, with the place table. */
export const check = (): TextCheck => ({ names, places, rejected: [] });
