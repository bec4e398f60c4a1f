import { Module } from '@nestjs/common';
import { AccountEmails } from '../auth/account-emails';
import { AvailabilityController } from '../auth/availability/availability.controller';
import { BootstrapAdmin } from '../auth/bootstrap-admin';
import { EmailVerificationController } from '../auth/email-verification/email-verification.controller';
import { LoginController } from '../auth/login/login.controller';
import { PasswordResetController } from '../auth/password-reset/password-reset.controller';
import { RegisterController } from '../auth/register/register.controller';
import { RegisterService } from '../auth/register/register.service';
import { ApplicantProfileController } from '../applicants/applicant-profile.controller';
import { FacilityProfileController } from '../facilities/facility-profile.controller';
import { MeController } from './me.controller';

/** Sign-up, sign-in, email verification, password reset, own profile and the two profiles. */
@Module({
  controllers: [
    RegisterController,
    LoginController,
    EmailVerificationController,
    PasswordResetController,
    AvailabilityController,
    MeController,
    FacilityProfileController,
    ApplicantProfileController,
  ],
  providers: [RegisterService, AccountEmails, BootstrapAdmin],
  exports: [AccountEmails],
})
export class AccountsModule {}
