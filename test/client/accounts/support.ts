import { hasNpiFormat, isValidNpi } from '@domain/accounts/npi';
import { fireEvent, screen, waitFor } from '@testing-library/react';

import type { renderApp } from '../support/render';

export type User = ReturnType<typeof renderApp>['user'];

/** Availability checks wait 500 ms after typing stops; give them room. */
export const CHECK_TIMEOUT = { timeout: 3000 };

/** A valid NPI (correct check digit) starting with `prefix` (9 digits). */
export function validNpi(prefix: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    const candidate = `${prefix}${digit}`;
    if (hasNpiFormat(candidate) && isValidNpi(candidate)) return candidate;
  }
  throw new Error(`no valid NPI for ${prefix}`);
}

/** Sets a native date input (YYYY-MM-DD), as the browser's picker would. */
export function setDate(label: string, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Picks an option of a Mantine Select by its visible label. */
export async function choose(user: User, label: string, option: string | RegExp): Promise<void> {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

export interface AccountStepInput {
  type?: 'facility' | 'applicant';
  first?: string;
  last?: string;
  email?: string;
  password?: string;
  confirm?: string;
  terms?: boolean;
}

/** Fills registration step 1. */
export async function fillAccountStep(user: User, input: AccountStepInput = {}): Promise<void> {
  const {
    type = 'facility',
    first = 'Jordan',
    last = "O'Neil",
    email = 'jordan@lakeside.example.com',
    password = 'Passw0rd!',
    confirm = password,
    terms = true,
  } = input;
  await user.click(screen.getByRole('radio', { name: type === 'facility' ? /^Facility/ : /CRNA or anesthesiologist/ }));
  if (first) await user.type(screen.getByLabelText('First name'), first);
  if (last) await user.type(screen.getByLabelText('Last name'), last);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm password'), confirm);
  if (terms) await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
}

export const continueButton = () => screen.getByRole('button', { name: /Continue/ });

export async function continueToStep2(user: User): Promise<void> {
  await waitFor(() => expect(continueButton()).toBeEnabled(), CHECK_TIMEOUT);
  await user.click(continueButton());
}
