/** Query keys of the facility team; every change invalidates `all`. */
export const teamKeys = {
  all: ['facility-team'] as const,
  members: () => [...teamKeys.all, 'members'] as const,
  invitations: () => [...teamKeys.all, 'invitations'] as const,
  emailCheck: (email: string) => [...teamKeys.all, 'check-email', email] as const,
};
