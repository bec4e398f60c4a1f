import {
  forgotPasswordSchema,
  loginPayloadSchema,
  loginSchema,
  resetPasswordPayloadSchema,
  resetPasswordSchema,
  verifyEmailPayloadSchema,
} from '../../../../server/src/domain/accounts';
import { errorsOf, parsed } from './support';

describe('loginSchema', () => {
  it('accepts an email and a password, email trimmed and lower-cased', () => {
    expect(parsed(loginSchema, { email: ' Jane@Example.com ', password: 'x' })).toEqual({
      email: 'jane@example.com',
      password: 'x',
    });
  });

  it('requires both fields', () => {
    expect(errorsOf(loginSchema, { email: '', password: '' })).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
    });
  });

  it('says "Invalid email address" for a bad address', () => {
    expect(errorsOf(loginSchema, { email: 'jane', password: 'x' })).toEqual({ email: ['Invalid email address'] });
  });

  it('never judges the password policy on login', () => {
    expect(errorsOf(loginSchema, { email: 'jane@example.com', password: 'a' })).toEqual({});
  });

  it('has a server variant with the email as username', () => {
    expect(parsed(loginPayloadSchema, { username: 'JANE@example.com', password: 'pw' })).toEqual({
      username: 'jane@example.com',
      password: 'pw',
    });
    expect(errorsOf(loginPayloadSchema, { username: '', password: '' })).toEqual({
      username: ['Email is required'],
      password: ['Password is required'],
    });
  });
});

describe('forgotPasswordSchema', () => {
  it('requires a valid email', () => {
    expect(errorsOf(forgotPasswordSchema, { email: '' })).toEqual({ email: ['Email is required'] });
    expect(errorsOf(forgotPasswordSchema, { email: 'x@' })).toEqual({ email: ['Please enter a valid email address'] });
    expect(parsed(forgotPasswordSchema, { email: 'X@Example.com' })).toEqual({ email: 'x@example.com' });
  });
});

describe('resetPasswordSchema', () => {
  it('accepts a strong password confirmed', () => {
    expect(parsed(resetPasswordSchema, { new_password: 'Secret123', confirm_password: 'Secret123' })).toEqual({
      new_password: 'Secret123',
      confirm_password: 'Secret123',
    });
  });

  it('needs 8 characters', () => {
    expect(errorsOf(resetPasswordSchema, { new_password: 'Sec123', confirm_password: 'Sec123' })).toEqual({
      new_password: ['Password must be at least 8 characters long'],
    });
  });

  it('needs upper case, lower case and a digit', () => {
    expect(errorsOf(resetPasswordSchema, { new_password: 'secret123', confirm_password: 'secret123' })).toEqual({
      new_password: ['Password must contain at least one uppercase letter, one lowercase letter, and one number'],
    });
  });

  it('needs a matching confirmation, shown even while the password is weak', () => {
    expect(errorsOf(resetPasswordSchema, { new_password: 'Secret123', confirm_password: 'Secret124' })).toEqual({
      confirm_password: ['Passwords do not match'],
    });
    expect(errorsOf(resetPasswordSchema, { new_password: 'weak', confirm_password: 'other' })).toEqual({
      new_password: [
        'Password must be at least 8 characters long',
        'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      ],
      confirm_password: ['Passwords do not match'],
    });
  });

  it('server payload: token and new_password under the same policy', () => {
    expect(parsed(resetPasswordPayloadSchema, { token: 'abc', new_password: 'Secret123' })).toEqual({
      token: 'abc',
      new_password: 'Secret123',
    });
    expect(errorsOf(resetPasswordPayloadSchema, { new_password: 'secret123' })).toEqual({
      token: ['Invalid reset token'],
      new_password: ['Password must contain at least one uppercase letter, one lowercase letter, and one number'],
    });
  });
});

describe('verifyEmailPayloadSchema', () => {
  it('requires the token', () => {
    expect(errorsOf(verifyEmailPayloadSchema, { token: ' ' })).toEqual({ token: ['No verification token provided'] });
    expect(parsed(verifyEmailPayloadSchema, { token: 't0k' })).toEqual({ token: 't0k' });
  });
});
