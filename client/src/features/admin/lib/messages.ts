/** Every toast of the admin console (spec part 2 §8), written once. */
export const adminMessages = {
  // Loads
  facilitiesLoadFailed: 'Failed to load facilities',
  facilityLoadFailed: 'Failed to load facility details',
  applicantsLoadFailed: 'Failed to load applicants',
  applicantLoadFailed: 'Failed to load applicant details',
  facilityNotFound: 'Facility not found',
  applicantNotFound: 'Applicant not found',

  // Edits
  facilityUpdated: 'Facility updated successfully',
  facilityUpdateFailed: 'Failed to update facility',
  applicantUpdated: 'Applicant updated successfully',
  applicantUpdateFailed: 'Failed to update applicant',

  // Verification
  facilityVerified: 'Facility verified successfully',
  facilityVerifyFailed: 'Failed to verify facility',
  facilityRejected: 'Facility rejected',
  facilityRejectFailed: 'Failed to reject facility',
  applicantVerified: 'Applicant verified successfully',
  applicantVerifyFailed: 'Failed to verify applicant',
  applicantRejected: 'Applicant rejected',
  applicantRejectFailed: 'Failed to reject applicant',

  // Active flag
  facilitySuspended: 'Facility suspended',
  facilitySuspendFailed: 'Failed to suspend facility',
  facilityActivated: 'Facility activated',
  facilityActivateFailed: 'Failed to activate facility',
  applicantActivated: 'Applicant activated',
  applicantActivateFailed: 'Failed to activate applicant',
  applicantDeactivated: 'Applicant deactivated',
  applicantDeactivateFailed: 'Failed to deactivate applicant',

  // Notes
  noteAdded: 'Note added',
  noteAddFailed: 'Failed to add note',

  // Credits
  creditAdded: 'Posting credit added successfully',
  creditAddFailed: 'Failed to add credit',
  creditRemoved: 'Posting credit removed successfully',
  creditRemoveFailed: 'Failed to remove credit',

  // Emails
  verificationEmailSent: 'Verification email sent successfully',
  verificationEmailFailed: 'Failed to send verification email',
  passwordResetSent: 'Password reset email sent successfully',
  passwordResetFailed: 'Failed to send password reset email',

  // Screens
  noNotes: 'No notes',
  noApplicants: 'No applicants found for the selected filter.',
  noFacilities: 'No facilities found for the selected filter.',
  emailVerificationRequired: 'Email Verification Required',
  /** (ours) */
  reasonRequired: 'Please give a reason.',
} as const;
