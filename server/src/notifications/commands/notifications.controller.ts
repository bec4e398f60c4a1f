import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, SignedIn } from '../../auth/access';
import type { SessionUser } from '../../auth/session-user';
import { NOTIFICATION_MESSAGES, notificationViewSchema, unreadCountSchema } from '../../domain/notifications';
import { idParam } from '../../http/id-param';
import { ApiAnswer, ApiErrorAnswers } from '../../http/openapi';
import { NotificationCommands } from './notification-commands';

/** Marking the caller's own notifications read; another person's notification is 404. */
@ApiTags('notifications')
@ApiBearerAuth()
@SignedIn()
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationCommands) {}

  @Post('read-all')
  @HttpCode(200)
  @ApiOperation({ summary: "Mark every one of the caller's notifications read" })
  @ApiAnswer(unreadCountSchema)
  @ApiErrorAnswers([401])
  readAll(@CurrentUser() user: SessionUser) {
    return this.notifications.markAllRead(user);
  }

  @Post(':id/read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark one of your notifications read (opening it does this)' })
  @ApiAnswer(notificationViewSchema)
  @ApiErrorAnswers([401, 404])
  read(@CurrentUser() user: SessionUser, @Param('id', idParam(NOTIFICATION_MESSAGES.notFound)) id: string) {
    return this.notifications.markRead(user, id.toLowerCase());
  }
}
