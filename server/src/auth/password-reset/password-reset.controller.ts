import { Controller, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { messageResponseSchema } from '../../domain/accounts/responses';
import { ApiAnswer, ApiErrorAnswers } from '../../http/openapi';
import { createZodDto } from 'nestjs-zod';
import { forgotPasswordSchema, resetPasswordPayloadSchema } from '../../domain/accounts/auth';
import { Public } from '../access';
import { PasswordResetService } from './password-reset.service';

class RequestResetQuery extends createZodDto(forgotPasswordSchema) {}
class ResetPasswordQuery extends createZodDto(resetPasswordPayloadSchema) {}

@ApiTags('auth')
@ApiErrorAnswers([400, 422, 503])
@Controller('auth')
export class PasswordResetController {
  constructor(private readonly passwordReset: PasswordResetService) {}

  /** The same answer whether or not the address has an account. */
  @Public()
  @Post('request-password-reset')
  @HttpCode(200)
  @ApiAnswer(messageResponseSchema)
  request(@Query() query: RequestResetQuery) {
    return this.passwordReset.request(query.email);
  }

  /** Sets the new password, ends every existing session (token_version) and confirms by email. */
  @Public()
  @Post('reset-password')
  @HttpCode(200)
  @ApiAnswer(messageResponseSchema)
  reset(@Query() query: ResetPasswordQuery) {
    return this.passwordReset.reset(query.token, query.new_password);
  }
}
