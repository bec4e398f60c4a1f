import { hasNpiFormat, isValidNpi } from '../../../../server/src/domain/accounts';

describe('NPI', () => {
  it('accepts 10 digits with a correct check digit', () => {
    expect(isValidNpi('1234567893')).toBe(true);
    // Further valid NPIs: the check digit computed over 80840 + the first nine digits.
    expect(isValidNpi('1245319599')).toBe(true);
    expect(isValidNpi('1003000126')).toBe(true);
  });

  it('rejects a wrong check digit', () => {
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('1234567894')).toBe(false);
    expect(isValidNpi('1245319598')).toBe(false);
  });

  it('rejects anything that is not exactly 10 digits', () => {
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('12345678930')).toBe(false);
    expect(isValidNpi('12345 67893')).toBe(false);
    expect(isValidNpi('123456789a')).toBe(false);
    expect(isValidNpi('')).toBe(false);
  });

  it('tells format apart from the check digit', () => {
    expect(hasNpiFormat('1234567890')).toBe(true);
    expect(hasNpiFormat('123456789')).toBe(false);
  });
});
