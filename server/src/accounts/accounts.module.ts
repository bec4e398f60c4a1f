import { Module } from '@nestjs/common';
import { ApplicantsModule } from '../applicants/applicants.module';
import { AuthModule } from '../auth/auth.module';
import { AccountCommands } from './commands/account-commands';
import { MeController } from './me.controller';
import { AccountQueries } from './queries/account-queries';

/** The signed-in user's own account: details, email and password changes. */
@Module({
  imports: [AuthModule, ApplicantsModule],
  controllers: [MeController],
  providers: [AccountQueries, AccountCommands],
})
export class AccountsModule {}
