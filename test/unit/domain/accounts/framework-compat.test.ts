import { z } from 'zod';
import * as accounts from '../../../../server/src/domain/accounts';

// nestjs-zod documents each request DTO by calling z.toJSONSchema(schema, { io: 'input' }); a
// schema it cannot represent would break the API docs at start-up.
const requestSchemas = {
  loginSchema: accounts.loginSchema,
  loginPayloadSchema: accounts.loginPayloadSchema,
  forgotPasswordSchema: accounts.forgotPasswordSchema,
  resetPasswordSchema: accounts.resetPasswordSchema,
  resetPasswordPayloadSchema: accounts.resetPasswordPayloadSchema,
  verifyEmailPayloadSchema: accounts.verifyEmailPayloadSchema,
  registrationAccountSchema: accounts.registrationAccountSchema,
  facilityDetailsSchema: accounts.facilityDetailsSchema,
  applicantDetailsSchema: accounts.applicantDetailsSchema,
  registrationPayloadSchema: accounts.registrationPayloadSchema,
  ownProfileSchema: accounts.ownProfileSchema,
  ownProfileFormSchema: accounts.ownProfileFormSchema,
  passwordChangeSchema: accounts.passwordChangeSchema,
  passwordChangePayloadSchema: accounts.passwordChangePayloadSchema,
  facilityProfileSchema: accounts.facilityProfileSchema,
  applicantProfileSchema: accounts.applicantProfileSchema,
  inviteEmailSchema: accounts.inviteEmailSchema,
  facilityInviteSchema: accounts.facilityInviteSchema,
  facilityMemberPermissionsSchema: accounts.facilityMemberPermissionsSchema,
  inviteTokenSchema: accounts.inviteTokenSchema,
};

describe('framework compatibility', () => {
  it.each(Object.entries(requestSchemas))('%s can be described as JSON Schema for the API docs', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
  });

  it('describes the registration payload as one shape per role', () => {
    const json = z.toJSONSchema(accounts.registrationPayloadSchema, { io: 'input' }) as { oneOf?: unknown[] };
    expect(json.oneOf).toHaveLength(2);
  });
});

describe('with nestjs-zod', () => {
  const { createZodDto, ZodValidationPipe, ZodValidationException } = require('nestjs-zod') as typeof import('nestjs-zod');

  // The registration payload is a union, which TypeScript cannot use as a class base
  // (`class X extends createZodDto(...)`); the controller passes the schema to the pipe instead.
  const pipe = new ZodValidationPipe(accounts.registrationPayloadSchema);
  const asBody = { type: 'body' as const };

  it('makes DTO classes from the object schemas', () => {
    class FacilityProfileDto extends createZodDto(accounts.facilityProfileSchema) {}
    const dtoPipe = new ZodValidationPipe();
    const profile = { name: 'Clinic', address_line1: '1 Main St', city: 'Reno', state: 'nv', zip_code: '89501', phone: '775 555 0100' };
    expect(dtoPipe.transform(profile, { type: 'body', metatype: FacilityProfileDto })).toMatchObject({ state: 'NV', phone: '7755550100' });
  });

  it('hands the controller the parsed, normalised payload', () => {
    const body = {
      email: 'Bob@Clinic.com',
      password: 'secret123',
      tos_accepted: true,
      role: 'facility_admin',
      invite_token: 'inv-9',
      profile_data: { first_name: 'Bob', last_name: 'Stone' },
    };
    expect(pipe.transform(body, asBody)).toMatchObject({ email: 'bob@clinic.com', invite_token: 'inv-9' });
  });

  it('refuses an invalid payload with the domain messages', () => {
    const body = { email: 'bob@clinic.com', password: 'secret123', tos_accepted: true, role: 'applicant', profile_data: {} };
    let caught: unknown;
    try {
      pipe.transform(body, asBody);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ZodValidationException);
    const issues = ((caught as InstanceType<typeof ZodValidationException>).getZodError() as z.ZodError).issues;
    expect(issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toContain('profile_data.npi: Please enter your NPI number');
  });
});
