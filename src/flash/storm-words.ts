/**
 * How a storm is named in generated text (flash items, the live summary), in Chinese and English.
 *
 * - Grade words always match the grade: 热带低压 / 热带风暴 / 强热带风暴 / 台风 / 强台风 / 超强台风 (温带气旋), and in
 *   English tropical depression (TD), tropical storm (TS), severe tropical storm (STS), typhoon (TY), severe
 *   typhoon (STY), super typhoon (SuperTY), extratropical cyclone (ET). Without a grade the word is 热带气旋 /
 *   tropical cyclone. "台风" is never used for a storm that is not of typhoon grade.
 * - A name and a number never run together: a named storm is `“名字”` (the quotes separate it from what
 *   follows), an unnamed one `热带低压（编号20260099）`; in English `DEMO`, `Tropical Depression 20260099`.
 * - An 8-digit code is the Zhejiang service's id for a system China has not numbered (yet); a 6-digit code is
 *   the China number.
 */
import { GRADE_NAMES, type GradeCode } from '../model/grades.ts';

export const GRADE_WORDS_EN: Record<GradeCode, string> = {
  TD: 'tropical depression',
  TS: 'tropical storm',
  STS: 'severe tropical storm',
  TY: 'typhoon',
  STY: 'severe typhoon',
  SuperTY: 'super typhoon',
  ET: 'extratropical cyclone',
};

/** A China number (`YYYYNN`), not the Zhejiang service's 8-digit id of an unnumbered system. */
export const isChinaNumber = (code: string) => /^\d{6}$/.test(code);

/** 热带低压 … 超强台风; 热带气旋 without a grade. */
export const gradeZh = (grade: GradeCode | null | undefined) => (grade ? GRADE_NAMES[grade] : '热带气旋');

/** `tropical storm (TS)`; `tropical cyclone` without a grade. */
export const gradeEn = (grade: GradeCode | null | undefined) => (grade ? `${GRADE_WORDS_EN[grade]} (${grade})` : 'tropical cyclone');

const capitalise = (text: string) => text.replace(/\b[a-z]/g, (c) => c.toUpperCase());

export interface StormNames {
  code: string;
  name: string | null;
  enname: string | null;
}

/**
 * The storm as the subject of a Chinese sentence: `“演示台风”`, or for an unnamed storm its grade and number
 * (`热带低压（编号20260099）`). With `withGrade`, a named storm carries its grade too: `热带风暴“演示台风”`.
 */
export function stormZh(storm: StormNames, grade: GradeCode | null | undefined, withGrade = false): string {
  if (storm.name) return withGrade ? `${gradeZh(grade)}“${storm.name}”` : `“${storm.name}”`;
  return `${gradeZh(grade)}（编号${storm.code}）`;
}

/**
 * The storm as the subject of an English sentence: `DEMO`, or `Tropical Depression 20260099` when unnamed.
 * With `withGrade`, a named storm carries its grade too: `Tropical Storm DEMO`.
 */
export function stormEn(storm: StormNames, grade: GradeCode | null | undefined, withGrade = false): string {
  const word = capitalise(grade ? GRADE_WORDS_EN[grade] : 'tropical cyclone');
  if (storm.enname) return withGrade ? `${word} ${storm.enname}` : storm.enname;
  return `${word} ${storm.code}`;
}
