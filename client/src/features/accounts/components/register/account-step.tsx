import type { AccountType } from '@domain/accounts/constants';
import { isEmailAddress } from '@domain/accounts/fields';
import { accountMessages } from '@domain/accounts/messages';
import { registrationAccountSchema } from '@domain/accounts/registration';
import { Anchor, Button, Checkbox, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { EmailInput } from '@/components/ui/email-input';

import { emailAvailabilityQueryOptions } from '../../api/check-email-availability';
import { useAvailabilityCheck, type AvailabilityState } from '../../lib/availability';
import { ACCOUNT_PASSWORD_HINT, accountPageMessages } from '../../lib/messages';
import { passes } from '../../lib/schema-form';
import { AvailabilityStatus } from '../fields/availability-status';

import { AccountTypeChoice } from './account-type-choice';
import formClasses from '../forms.module.css';

export interface AccountStepValues extends Record<string, unknown> {
  account_type: AccountType | '';
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  confirm_password: string;
  tos_accepted: boolean;
}

export const emptyAccountStep: AccountStepValues = {
  account_type: '',
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  confirm_password: '',
  tos_accepted: false,
};

function allFilled(values: AccountStepValues, typeHidden: boolean): boolean {
  return (
    (typeHidden || values.account_type !== '') &&
    [values.first_name, values.last_name, values.email, values.password, values.confirm_password].every((value) => value.trim() !== '') &&
    values.tos_accepted
  );
}

function emailProblem(state: AvailabilityState): string | undefined {
  if (state === 'taken') return accountMessages.emailTaken;
  if (state === 'failed') return accountPageMessages.emailCheckFailed;
  return undefined;
}

/** The address to check: only a well-formed one, as the server compares it (trimmed, lower case). */
function emailSubject(email: string, locked: boolean): string | null {
  if (locked || !isEmailAddress(email)) return null;
  return email.trim().toLowerCase();
}

export interface AccountStepProps {
  form: UseFormReturnType<AccountStepValues>;
  /** With an invitation: no type choice, the invited email locked, one button that registers. */
  invitation?: { email: string | null } | null;
  submitting?: boolean;
  onContinue: () => void;
  /** Shown above the button (e.g. a failed registration with an invitation). */
  failure?: ReactNode;
}

/**
 * Registration step 1. Continue is enabled only when every field is filled, nothing is wrong and
 * the email is confirmed free (part 1 §5); the line under the button says what is missing.
 */
export function AccountStep({ form, invitation, submitting = false, onContinue, failure }: AccountStepProps) {
  const invited = !!invitation;
  const values = form.values;
  const emailState = useAvailabilityCheck(emailSubject(values.email, invited && !!invitation?.email), emailAvailabilityQueryOptions);

  const filled = allFilled(values, invited);
  const valid = passes(registrationAccountSchema, invited ? { ...values, account_type: 'facility' } : values);
  const emailOk = invited || emailState === 'available';
  const canContinue = filled && valid && emailOk && !submitting;

  let hint: string | null = null;
  if (!filled) hint = accountPageMessages.completeAllFields;
  else if (emailState === 'checking' && !invited) hint = accountPageMessages.checkingEmail;
  else if (!valid || !emailOk) hint = accountMessages.fixErrorsBeforeContinuing;

  const emailInput = form.getInputProps('email');
  const emailError = emailInput.error ?? (invited ? undefined : emailProblem(emailState));

  return (
    <form
      className={formClasses.form}
      noValidate
      aria-label={invited ? 'Accept invitation' : 'Your account'}
      onSubmit={(event) => {
        event.preventDefault();
        if (canContinue) onContinue();
      }}
    >
      <Stack gap="md">
        {!invited && (
          <AccountTypeChoice
            value={values.account_type}
            onChange={(type) => form.setFieldValue('account_type', type)}
            error={form.errors.account_type}
          />
        )}

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="First name" autoComplete="given-name" aria-required {...form.getInputProps('first_name')} />
          <TextInput label="Last name" autoComplete="family-name" aria-required {...form.getInputProps('last_name')} />
        </SimpleGrid>

        <EmailInput
          placeholder="you@example.com"
          readOnly={invited && !!invitation?.email}
          description={invited && invitation?.email ? 'Your invitation was sent to this address.' : undefined}
          {...emailInput}
          error={emailError}
          rightSection={invited ? null : <AvailabilityStatus state={emailState} availableLabel="This email is available" />}
        />

        <PasswordInput
          label="Password"
          autoComplete="new-password"
          aria-required
          description={ACCOUNT_PASSWORD_HINT}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          aria-required
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password confirmation' }}
          {...form.getInputProps('confirm_password')}
        />

        <Checkbox
          {...form.getInputProps('tos_accepted', { type: 'checkbox' })}
          onChange={(event) => {
            form.setFieldValue('tos_accepted', event.currentTarget.checked);
            form.validateField('tos_accepted');
          }}
          label={
            <>
              I accept the{' '}
              <Anchor component={Link} to="/terms" target="_blank" rel="noopener" inherit>
                Terms of Use
              </Anchor>{' '}
              and the{' '}
              <Anchor component={Link} to="/privacy" target="_blank" rel="noopener" inherit>
                Privacy Policy
              </Anchor>
            </>
          }
        />

        {failure}

        <Stack gap={8}>
          <Button
            type="submit"
            size="md"
            fullWidth
            disabled={!canContinue}
            loading={submitting}
            rightSection={invited ? null : <IconArrowRight size={18} stroke={1.75} />}
            aria-describedby={hint ? 'register-step1-hint' : undefined}
          >
            {invited ? 'Accept invitation' : 'Continue'}
          </Button>
          <Text
            id="register-step1-hint"
            fz="sm"
            c={hint === accountMessages.fixErrorsBeforeContinuing ? 'red.8' : 'dimmed'}
            ta="center"
            role="status"
            aria-live="polite"
            mih={22}
          >
            {hint}
          </Text>
        </Stack>
      </Stack>
    </form>
  );
}
