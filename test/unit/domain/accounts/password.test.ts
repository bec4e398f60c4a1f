import {
  accountMessages as m,
  accountPassword,
  accountPasswordProblems,
  resetPassword,
  resetPasswordProblems,
} from '../../../../server/src/domain/accounts';
import { errorsOf } from './support';

describe('registration password policy', () => {
  it('accepts 8+ characters with a letter and a number', () => {
    expect(accountPasswordProblems('abcdefg1')).toEqual([]);
    expect(accountPasswordProblems('ABCDEFG1')).toEqual([]);
    expect(accountPasswordProblems('пароль123')).toEqual([]);
  });

  it('reports every unmet rule, in order', () => {
    expect(accountPasswordProblems('abc1')).toEqual([m.passwordTooShort]);
    expect(accountPasswordProblems('12345678')).toEqual([m.passwordNeedsLetter]);
    expect(accountPasswordProblems('abcdefgh')).toEqual([m.passwordNeedsNumber]);
    expect(accountPasswordProblems('!!!')).toEqual([m.passwordTooShort, m.passwordNeedsLetter, m.passwordNeedsNumber]);
  });

  it('uses the spec wording', () => {
    expect(accountPasswordProblems('!')).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one letter',
      'Password must contain at least one number',
    ]);
  });

  it('as a schema: empty says only "required", otherwise every unmet rule', () => {
    expect(errorsOf(accountPassword, '')).toEqual({ '': ['Password is required'] });
    expect(errorsOf(accountPassword, 'abc')).toEqual({ '': [m.passwordTooShort, m.passwordNeedsNumber] });
    expect(errorsOf(accountPassword, 'abcdefg1')).toEqual({});
  });

  it('does not trim passwords', () => {
    expect(accountPassword.parse(' abcdefg1 ')).toBe(' abcdefg1 ');
  });
});

describe('reset password policy', () => {
  it('asks for upper case, lower case and a digit in one message', () => {
    expect(resetPasswordProblems('Abcdefg1')).toEqual([]);
    expect(resetPasswordProblems('abcdefg1')).toEqual([
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ]);
    expect(resetPasswordProblems('ABCDEFG1')).toEqual([m.passwordNeedsMixedCase]);
    expect(resetPasswordProblems('Abcdefgh')).toEqual([m.passwordNeedsMixedCase]);
    expect(resetPasswordProblems('Ab1')).toEqual(['Password must be at least 8 characters long']);
  });

  it('as a schema', () => {
    expect(errorsOf(resetPassword, '')).toEqual({ '': [m.passwordRequired] });
    expect(errorsOf(resetPassword, 'abc')).toEqual({ '': [m.passwordTooShort, m.passwordNeedsMixedCase] });
    expect(errorsOf(resetPassword, 'Abcdefg1')).toEqual({});
  });
});
