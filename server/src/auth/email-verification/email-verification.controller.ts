import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { messageResponseSchema } from '../../domain/accounts/responses';
import { ApiAnswer, ApiErrorAnswers } from '../../http/openapi';
import { createZodDto } from 'nestjs-zod';
import { verifyEmailPayloadSchema, forgotPasswordSchema } from '../../domain/accounts/auth';
import { Public } from '../access';
import { EmailVerificationService } from './email-verification.service';

class VerifyEmailQuery extends createZodDto(verifyEmailPayloadSchema) {}
class ResendVerificationDto extends createZodDto(forgotPasswordSchema) {}

@ApiTags('auth')
@ApiErrorAnswers([400, 422, 503])
@Controller('auth')
export class EmailVerificationController {
  constructor(private readonly verification: EmailVerificationService) {}

  /** Confirms a registration address, or a new address after an email change. */
  @Public()
  @Post('verify-email')
  @HttpCode(200)
  @ApiAnswer(messageResponseSchema)
  verify(@Query() query: VerifyEmailQuery) {
    return this.verification.verify(query.token);
  }

  /** Answers the same whether or not the address has an account, so it reveals nothing. */
  @Public()
  @Post('resend-verification-email')
  @HttpCode(200)
  @ApiAnswer(messageResponseSchema)
  resend(@Body() body: ResendVerificationDto) {
    return this.verification.resend(body.email);
  }
}
