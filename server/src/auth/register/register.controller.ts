import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { registrationPayloadSchema } from '../../domain/accounts/registration';
import { registrationResultSchema } from '../../domain/accounts/responses';
import { ApiAnswer, ApiErrorAnswers, openApiSchema } from '../../http/openapi';
import { parseOrThrow } from '../../http/validation';
import { Public } from '../access';
import { RegisterService } from './register.service';

// A union of two payload shapes cannot be a DTO class, so it is parsed here and documented as JSON Schema.
const registrationJsonSchema = openApiSchema(registrationPayloadSchema, 'input');

@ApiTags('auth')
@ApiErrorAnswers([400, 409, 422])
@Controller('auth')
export class RegisterController {
  constructor(private readonly registration: RegisterService) {}

  @Public()
  @Post('register')
  @HttpCode(201)
  @ApiBody({ schema: registrationJsonSchema })
  @ApiAnswer(registrationResultSchema, { status: 201 })
  register(@Body() body: unknown) {
    return this.registration.register(parseOrThrow(registrationPayloadSchema, body));
  }
}
