import { FACILITY_MEMBER_MESSAGES } from '@domain/facility-members';
import { accountMessages } from '@domain/accounts/messages';
import {
  applicantDetailsSchema,
  buildRegistrationPayload,
  facilityDetailsSchema,
  registrationAccountSchema,
  type ApplicantDetails,
  type FacilityDetails,
} from '@domain/accounts/registration';
import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { errorMessage } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';

import { useRegister } from '../../api/register';
import { useInviteValidation } from '../../api/validate-invite-token';
import { useSchemaForm } from '../../lib/schema-form';

import { AccountStep, emptyAccountStep, type AccountStepValues } from './account-step';
import { ApplicantDetailsStep, emptyApplicantStep, type ApplicantStepValues } from './applicant-details-step';
import { FacilityDetailsStep, emptyFacilityStep, type FacilityStepValues } from './facility-details-step';
import { InvitationNotice } from './invitation-notice';
import classes from './register.module.css';

export interface RegisterFormProps {
  /** ?invite=<token> */
  inviteToken: string | null;
  /** After a successful registration, with the address the verification link went to. */
  /** `joined`: an invitation was accepted (the account is verified: sign in next). */
  onRegistered: (email: string, joined: boolean) => void;
}

const STEP_TITLES = {
  account: 'Your account',
  facility: 'Your facility',
  applicant: 'Your professional details',
} as const;

/**
 * The two-step registration (part 1 §2 Register): the account, then the facility's or the
 * applicant's details; with a valid invitation, only the account (the facility exists already).
 * Each step keeps its values when the person goes back and forth.
 */
export function RegisterForm({ inviteToken, onRegistered }: RegisterFormProps) {
  const [step, setStep] = useState<1 | 2>(1);
  const [failure, setFailure] = useState<string | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const movedStep = useRef(false);

  const invitationQuery = useInviteValidation(inviteToken);
  const invitation = invitationQuery.data?.valid ? invitationQuery.data : null;

  const accountForm = useSchemaForm<AccountStepValues>({
    initialValues: emptyAccountStep,
    schema: registrationAccountSchema,
    dependents: { password: ['confirm_password'] },
  });
  const facilityForm = useSchemaForm<FacilityStepValues>({ initialValues: emptyFacilityStep, schema: facilityDetailsSchema });
  const applicantForm = useSchemaForm<ApplicantStepValues>({ initialValues: emptyApplicantStep, schema: applicantDetailsSchema });
  const registration = useRegister();

  // An invitation fixes the account type and, when it names one, the email (once, when it arrives).
  const accountFormRef = useRef(accountForm);
  accountFormRef.current = accountForm;
  useEffect(() => {
    if (!invitation) return;
    accountFormRef.current.setFieldValue('account_type', 'facility');
    if (invitation.email) accountFormRef.current.setFieldValue('email', invitation.email);
  }, [invitation]);

  // Moving between steps moves focus to the new step's heading (screen readers announce it).
  useEffect(() => {
    if (movedStep.current) stepHeading.current?.focus();
  }, [step]);

  const goTo = (next: 1 | 2) => {
    movedStep.current = true;
    setFailure(null);
    setStep(next);
  };

  const submit = (details?: FacilityDetails | ApplicantDetails) => {
    const account = registrationAccountSchema.parse(accountForm.getValues());
    const payload = buildRegistrationPayload(account, details, invitation ? (inviteToken ?? undefined) : undefined);
    setFailure(null);
    registration.mutate(payload, {
      onSuccess: () => {
        notifySuccess(invitation ? FACILITY_MEMBER_MESSAGES.joined : accountMessages.registrationSucceeded);
        onRegistered(account.email, !!invitation);
      },
      onError: (error) => setFailure(errorMessage(error, accountMessages.registrationFailed)),
    });
  };

  const accountType = accountForm.values.account_type;
  const twoSteps = !invitation;
  const title = step === 1 ? STEP_TITLES.account : accountType === 'applicant' ? STEP_TITLES.applicant : STEP_TITLES.facility;

  return (
    <Stack gap="lg">
      {inviteToken && <InvitationNotice status={invitationQuery.status} invitation={invitationQuery.data} />}

      <Stack gap={2}>
        {twoSteps && (
          <Text fz="xs" fw={700} tt="uppercase" lts={0.6} c="tenens.8">
            Step {step} of 2
          </Text>
        )}
        <Title order={2} fz="lg" ref={stepHeading} tabIndex={-1} className={classes.stepLabel}>
          {title}
        </Title>
      </Stack>

      {step === 1 && (
        <AccountStep
          form={accountForm}
          invitation={invitation ? { email: invitation.email ?? null } : null}
          submitting={registration.isPending}
          onContinue={() => (invitation ? submit() : goTo(2))}
          failure={invitation && failure ? <FormErrorAlert>{failure}</FormErrorAlert> : null}
        />
      )}
      {step === 2 && accountType === 'facility' && (
        <FacilityDetailsStep
          form={facilityForm}
          submitting={registration.isPending}
          failure={failure}
          onFailure={setFailure}
          onBack={() => goTo(1)}
          onSubmit={submit}
        />
      )}
      {step === 2 && accountType === 'applicant' && (
        <ApplicantDetailsStep
          form={applicantForm}
          submitting={registration.isPending}
          failure={failure}
          onFailure={setFailure}
          onBack={() => goTo(1)}
          onSubmit={submit}
        />
      )}
    </Stack>
  );
}
