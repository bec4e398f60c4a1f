import type { OwnProfile } from '@domain/accounts/profiles';

import { api } from '@/lib/api-client';
import type { UpdatedUserDetails } from '@/types/api';

/**
 * PUT /users/me {first_name, last_name, email}. Names change at once; a new email waits in
 * `pending_email` until confirmed from that address.
 */
export function updateUserProfile(profile: OwnProfile): Promise<UpdatedUserDetails> {
  return api.put<UpdatedUserDetails>('/users/me', {
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
  });
}
