import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { NotificationCommands } from './commands/notification-commands';
import { NotificationsController } from './commands/notifications.controller';
import { NotificationQueries } from './queries/notification-queries';
import { NotificationsQueriesController } from './queries/notifications-queries.controller';

/**
 * The in-app inbox: notifications are projections/notifications.projection.ts's rows, pushed
 * live as `notification.created`; reading them is recorded on the reader's inbox stream.
 */
@Module({
  imports: [AuthModule],
  controllers: [NotificationsQueriesController, NotificationsController],
  providers: [NotificationQueries, NotificationCommands],
})
export class NotificationsModule {}
