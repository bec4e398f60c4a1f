import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import { AccountsModule } from './accounts/accounts.module';
import { AdminModule } from './admin/admin.module';
import { AlertsModule } from './alerts/alerts.module';
import { ApplicantsModule } from './applicants/applicants.module';
import { AuthModule } from './auth/auth.module';
import { backgroundWork } from './background-work';
import { BidsModule } from './bids/bids.module';
import { BillingModule } from './billing/billing.module';
import { FacilitiesModule } from './facilities/facilities.module';
import { FacilityMembersModule } from './facility-members/facility-members.module';
import { InsightsModule } from './insights/insights.module';
import { NotificationsModule } from './notifications/notifications.module';
import { PostingsModule } from './postings/postings.module';
import { AccessGuard } from './auth/access';
import type { Config } from './config/config';
import { HealthController } from './health/health.controller';
import { HealthQueries } from './health/queries/health-queries';
import { ContractErrorFilter } from './http/error-filter';
import { ZodDtoValidationPipe } from './http/validation';
import { DevMailboxController } from './mail/mail.controller';
import { DevMailboxQueries } from './mail/queries/dev-mailbox-queries';
import { AppShutdown } from './platform/app-shutdown';
import { PlatformModule } from './platform/platform.module';
import { RealtimeGateway } from './realtime/realtime.gateway';

@Module({})
export class AppModule {
  static forRoot(config: Config, dataSource: DataSource): DynamicModule {
    const api = config.RUN_MODE !== 'worker';
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot(config, dataSource, backgroundWork(config)),
        AuthModule,
        AccountsModule,
        FacilitiesModule,
        ApplicantsModule,
        AdminModule,
        PostingsModule,
        BidsModule,
        BillingModule,
        FacilityMembersModule,
        InsightsModule,
        AlertsModule,
        NotificationsModule,
      ],
      controllers: api ? [HealthController, DevMailboxController] : [HealthController],
      providers: [
        AppShutdown,
        HealthQueries,
        { provide: APP_FILTER, useClass: ContractErrorFilter },
        { provide: APP_PIPE, useClass: ZodDtoValidationPipe },
        { provide: APP_GUARD, useClass: AccessGuard },
        ...(api ? [DevMailboxQueries, RealtimeGateway] : []),
      ],
    };
  }
}
