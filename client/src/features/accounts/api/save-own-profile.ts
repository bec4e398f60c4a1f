import { accountMessages } from '@domain/accounts/messages';
import type { OwnProfile, PasswordChangePayload } from '@domain/accounts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';

import { currentUserQueryKey } from '@/lib/current-user';
import { sessionAtom } from '@/stores/session';
import type { UpdatedUserView } from '@domain/accounts/user-view';

import { changePassword } from './change-password';
import { updateUserProfile } from './update-user-profile';

export interface SaveOwnProfileInput {
  profile: OwnProfile;
  /** Present when the person asked to change their password. */
  password: PasswordChangePayload | null;
}

export interface SaveOwnProfileResult {
  user: UpdatedUserView;
  passwordChanged: boolean;
  /** The success sentence of the spec: with or without the password. */
  message: string;
}

/**
 * The own-profile save (part 2 §7): PUT /users/me, then PUT /users/me/password when requested.
 * The password answer carries a new access token (the old one no longer works), which replaces
 * the session's at once. A failed password change after a saved profile rejects with
 * `ProfileSavedPasswordFailed`, so the page can say the profile part went through.
 */
export function useSaveOwnProfile() {
  const queryClient = useQueryClient();
  const setSession = useSetAtom(sessionAtom);

  const storeUser = (user: UpdatedUserView, token?: string) => {
    const { message: _message, ...details } = user;
    queryClient.setQueryData(currentUserQueryKey, details);
    setSession((session) => (session ? { token: token ?? session.token, user: details } : session));
  };

  return useMutation({
    mutationFn: async ({ profile, password }: SaveOwnProfileInput): Promise<SaveOwnProfileResult> => {
      const user = await updateUserProfile(profile);
      storeUser(user);
      if (!password) return { user, passwordChanged: false, message: accountMessages.profileUpdated };
      try {
        const { access_token } = await changePassword(password);
        storeUser(user, access_token);
      } catch (error) {
        throw new ProfileSavedPasswordFailed(user, error);
      }
      return { user, passwordChanged: true, message: accountMessages.profileAndPasswordUpdated };
    },
  });
}

/** The profile was saved but the password change that followed was refused. */
export class ProfileSavedPasswordFailed extends Error {
  constructor(
    readonly user: UpdatedUserView,
    readonly cause: unknown,
  ) {
    super('The profile was saved but the password was not changed');
    this.name = 'ProfileSavedPasswordFailed';
  }
}
