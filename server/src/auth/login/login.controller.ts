import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import { accessTokenSchema } from '../../domain/accounts/responses';
import { ApiAnswer, ApiErrorAnswers } from '../../http/openapi';
import type { FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { loginPayloadSchema } from '../../domain/accounts/auth';
import { Public } from '../access';
import { LoginService } from './login.service';

class LoginDto extends createZodDto(loginPayloadSchema) {}

/** POST /api/auth/login: form-encoded username and password (the runtime contract). */
@ApiTags('auth')
@ApiErrorAnswers([401, 403, 422, 429])
@Controller('auth')
export class LoginController {
  constructor(private readonly signIn: LoginService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiAnswer(accessTokenSchema)
  login(@Body() body: LoginDto, @Req() request: FastifyRequest) {
    return this.signIn.login(body.username, body.password, request.ip ?? 'unknown');
  }
}
