import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-file-size';

describe('formatFileSize', () => {
  it('says bytes below a kilobyte, then KB, MB and GB with one decimal while it matters', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(820)).toBe('820 bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(14_540)).toBe('14.2 KB');
    expect(formatFileSize(235_520)).toBe('230 KB');
    expect(formatFileSize(3.4 * 1024 * 1024)).toBe('3.4 MB');
    expect(formatFileSize(2 * 1024 ** 3)).toBe('2 GB');
  });

  it('has nothing to say for an unknown size', () => {
    expect(formatFileSize(null)).toBeNull();
    expect(formatFileSize(-1)).toBeNull();
    expect(formatFileSize(Number.NaN)).toBeNull();
  });
});
