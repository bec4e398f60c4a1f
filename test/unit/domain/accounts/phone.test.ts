import { digitsOnly, formatPhone, isValidPhone } from '../../../../server/src/domain/accounts';

describe('phone', () => {
  it('keeps only digits', () => {
    expect(digitsOnly('(555) 123-4567')).toBe('5551234567');
    expect(digitsOnly('abc')).toBe('');
  });

  it('accepts 10 digits that do not start with 0 or 1, bare or formatted', () => {
    expect(isValidPhone('5551234567')).toBe(true);
    expect(isValidPhone('(555) 123-4567')).toBe(true);
    expect(isValidPhone('555.123.4567')).toBe(true);
    expect(isValidPhone('555 123 4567')).toBe(true);
    expect(isValidPhone('2001234567')).toBe(true);
  });

  it('rejects numbers starting with 0 or 1, the wrong length, or with letters', () => {
    expect(isValidPhone('0551234567')).toBe(false);
    expect(isValidPhone('1551234567')).toBe(false);
    expect(isValidPhone('555123456')).toBe(false);
    expect(isValidPhone('55512345678')).toBe(false);
    expect(isValidPhone('+1 555 123 4567')).toBe(false);
    expect(isValidPhone('555a1234567')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });

  it('formats a full number as (555) 123-4567', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('555-123-4567')).toBe('(555) 123-4567');
  });

  it('formats partial input progressively while typing', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('5')).toBe('(5');
    expect(formatPhone('555')).toBe('(555');
    expect(formatPhone('5551')).toBe('(555) 1');
    expect(formatPhone('555123')).toBe('(555) 123');
    expect(formatPhone('5551234')).toBe('(555) 123-4');
    expect(formatPhone('(555) 123-456')).toBe('(555) 123-456');
  });

  it('drops digits past the tenth', () => {
    expect(formatPhone('555123456789')).toBe('(555) 123-4567');
  });
});
