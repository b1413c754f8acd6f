import { describe, expect, it } from 'vitest';
import { contrastRatio, readableContrast, textOnAccent } from '@studio/shared/accent';
import { gridColumns } from '../../src/renderer/components/grid-layout.ts';

describe('textOnAccent', () => {
  it('puts white on a dark accent, ink or black on a light one, always readable', () => {
    expect(textOnAccent('#1e3a8a')).toBe('#ffffff');
    expect(textOnAccent('#ffd43b')).toBe('#111827');
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // Every grey and a sweep of hues: whatever staff choose, the words on it reach 4.5:1.
    for (let value = 0; value < 0x1000000; value += 0x0a0b0c) {
      const accent = `#${value.toString(16).padStart(6, '0')}`;
      expect(contrastRatio(accent, textOnAccent(accent)), accent).toBeGreaterThanOrEqual(readableContrast);
    }
  });
});

describe('gridColumns', () => {
  // The timetable's box on a 1920 x 1080 and a 1080 x 1920 screen, below the bar and the title.
  const landscape = [1824, 800] as const;
  const portrait = [984, 1600] as const;

  it('lays 1, 4 and 12 classes out to fill a landscape and a portrait screen', () => {
    expect([1, 4, 12].map((count) => gridColumns(count, ...landscape))).toEqual([1, 2, 4]);
    expect([1, 4, 12].map((count) => gridColumns(count, ...portrait))).toEqual([1, 1, 2]);
    expect(gridColumns(0, ...landscape)).toBe(1);
  });
});
