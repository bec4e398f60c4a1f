import { groupDigits } from '../../../../server/src/domain/shared/digits';

describe('groupDigits', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [100_000, '100,000'],
    [1_234_567, '1,234,567'],
    [-25_000, '-25,000'],
    [1234.5, '1,234.5'],
  ])('%p reads %p, as en-US groups digits', (value, text) => {
    expect(groupDigits(value)).toBe(text);
    expect(groupDigits(value)).toBe(value.toLocaleString('en-US', { maximumFractionDigits: 20 }));
  });
});
