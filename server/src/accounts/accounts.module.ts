import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MeController } from './me.controller';

/** The signed-in user's own account: details, email and password changes. */
@Module({
  imports: [AuthModule],
  controllers: [MeController],
})
export class AccountsModule {}
