import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, SignedIn } from '../../auth/access';
import type { SessionUser } from '../../auth/session-user';
import { notificationsPageSchema, notificationsQuerySchema, unreadCountSchema } from '../../domain/notifications';
import { ApiAnswer, ApiErrorAnswers, ApiQueryFrom } from '../../http/openapi';
import { NotificationQueries } from './notification-queries';

/** Everyone signed in has an inbox and reads only their own. */
@ApiTags('notifications')
@ApiBearerAuth()
@SignedIn()
@Controller('notifications')
export class NotificationsQueriesController {
  constructor(private readonly queries: NotificationQueries) {}

  @Get()
  @ApiOperation({ summary: "The caller's notifications, newest first (unread=true: only the unread)" })
  @ApiQueryFrom(notificationsQuerySchema)
  @ApiAnswer(notificationsPageSchema)
  @ApiErrorAnswers([401, 422])
  list(@CurrentUser() user: SessionUser, @Query() query: unknown) {
    return this.queries.page(user, query);
  }

  @Get('unread-count')
  @ApiOperation({ summary: "How many of the caller's notifications are unread" })
  @ApiAnswer(unreadCountSchema)
  @ApiErrorAnswers([401])
  unreadCount(@CurrentUser() user: SessionUser) {
    return this.queries.unread(user);
  }
}
