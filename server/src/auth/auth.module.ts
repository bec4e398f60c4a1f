import { Module } from '@nestjs/common';
import { FacilityMembersModule } from '../facility-members/facility-members.module';
import { AccountEmails } from './account-emails';
import { Actors } from './actors';
import { AvailabilityController } from './availability/availability.controller';
import { BootstrapAdmin } from './bootstrap-admin';
import { EmailVerificationController } from './email-verification/email-verification.controller';
import { EmailVerificationService } from './email-verification/email-verification.service';
import { LoginController } from './login/login.controller';
import { LoginService } from './login/login.service';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { PasswordResetService } from './password-reset/password-reset.service';
import { RegisterController } from './register/register.controller';
import { RegisterService } from './register/register.service';

/**
 * Sign-up, sign-in, email verification and password reset; and who the caller is to the
 * deciders (Actors) and the account emails, which other features use.
 */
@Module({
  imports: [FacilityMembersModule],
  controllers: [RegisterController, LoginController, EmailVerificationController, PasswordResetController, AvailabilityController],
  providers: [RegisterService, LoginService, EmailVerificationService, PasswordResetService, AccountEmails, BootstrapAdmin, Actors],
  exports: [AccountEmails, Actors],
})
export class AuthModule {}
