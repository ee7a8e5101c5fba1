import { formatWon } from "@domain/format";
import type { ThresholdsDto } from "@domain/schemas/month-end";
import { TH } from "./thresholds.labels";

export type ThresholdLine = ThresholdsDto["lines"][number];

/** The warning levels shown: none (0), near (80), passed (100). */
export type ThresholdLevel = 0 | 80 | 100;

/** The server's level as one of the shown ones (a level between is the lower one). */
export function levelOf(level: number): ThresholdLevel {
  return level >= 100 ? 100 : level >= 80 ? 80 : 0;
}

/** Each level's colour: green with room left, orange near, red past the threshold. */
export const LEVEL_PALETTE: Record<ThresholdLevel, string> = { 0: "green", 80: "orange", 100: "red" };

/** The progress bar's value: the percent, capped at the bar's 100 (the text still says how far past). */
export function barValue(percent: string): number {
  const n = Number(percent);
  return Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 0;
}

/** 이 after a final consonant, 가 after a vowel (Hangul); 이(가) for anything else. */
export function subjectParticle(word: string): string {
  const code = word.trim().codePointAt(word.trim().length - 1) ?? 0;
  if (code < 0xac00 || code > 0xd7a3) return "이(가)";
  return (code - 0xac00) % 28 === 0 ? "가" : "이";
}

/** The lines at a warning level (80 or more), each as the home banner says it, and the highest level among them. */
export function warnings(lines: readonly ThresholdLine[]): { level: ThresholdLevel; messages: string[] } {
  const reached = lines.filter((l) => levelOf(l.level) > 0);
  return {
    level: reached.reduce<ThresholdLevel>((m, l) => Math.max(m, levelOf(l.level)) as ThresholdLevel, 0),
    messages: reached.map((l) => TH.reached(l.label, subjectParticle(l.label), l.percent, formatWon(l.value), formatWon(l.threshold))),
  };
}
