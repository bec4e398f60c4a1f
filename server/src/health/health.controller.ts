import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer } from '../http/openapi';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/access';
import { HealthQueries, healthSchema } from './queries/health-queries';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly checks: HealthQueries) {}

  /**
   * 200 with every dependency ok, 503 naming the one that is down (this instance cannot serve).
   * A read model stopped at an event it cannot apply makes the answer `degraded` and names it,
   * still with 200: every instance serves, but that read model shows nothing newer until an
   * operator retries or skips the event (`npm run read-models:repair`).
   */
  @Public()
  @Get()
  @ApiAnswer(healthSchema, { description: 'Every dependency ok' })
  @ApiAnswer(healthSchema, { status: 503, description: 'A dependency is down' })
  async health(@Res() response: FastifyReply) {
    const { up, answer } = await this.checks.check();
    void response.status(up ? 200 : 503).send(answer);
  }
}
