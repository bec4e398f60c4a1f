import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { registrationPayloadSchema } from '../../domain/accounts/registration';
import { parseOrThrow } from '../../http/validation';
import { Public } from '../access';
import { RegisterService } from './register.service';

// A union of two payload shapes cannot be a DTO class, so it is parsed here and documented as JSON Schema.
const registrationJsonSchema = z.toJSONSchema(registrationPayloadSchema, { io: 'input', unrepresentable: 'any' });

@ApiTags('auth')
@Controller('auth')
export class RegisterController {
  constructor(private readonly registration: RegisterService) {}

  @Public()
  @Post('register')
  @HttpCode(201)
  @ApiBody({ schema: registrationJsonSchema as object })
  register(@Body() body: unknown) {
    return this.registration.register(parseOrThrow(registrationPayloadSchema, body));
  }
}
