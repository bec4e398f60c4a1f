import type { OwnProfile } from '@domain/accounts/profiles';

import { api } from '@/lib/api-client';
import type { UpdatedUserView } from '@domain/accounts/user-view';

/**
 * PUT /users/me {first_name, last_name, email}. Names change at once; a new email waits in
 * `pending_email` until confirmed from that address.
 */
export function updateUserProfile(profile: OwnProfile): Promise<UpdatedUserView> {
  return api.put<UpdatedUserView>('/users/me', {
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
  });
}
