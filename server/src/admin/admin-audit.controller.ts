import { Readable } from 'node:stream';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  asOfQuerySchema,
  AUDIT_CSV_COLUMNS,
  AUDIT_MESSAGES,
  auditFiltersSchema,
  auditPageSchema,
  auditQuerySchema,
  bidAsOfSchema,
  postingAsOfSchema,
} from '../domain/admin/audit';
import { AdminOnly } from '../auth/access';
import { idParam } from '../http/id-param';
import { ApiAnswer, ApiErrorAnswers, ApiQueryFrom } from '../http/openapi';
import { parseOrThrow } from '../http/validation';
import { AsOfQueries } from './queries/as-of-queries';
import { AuditQueries } from './queries/audit-queries';

/** The platform audit over the whole log, and records as they stood at any moment: system admins only. */
@ApiTags('admin')
@ApiBearerAuth()
@ApiErrorAnswers()
@AdminOnly()
@Controller('admin')
export class AdminAuditController {
  constructor(
    private readonly audit: AuditQueries,
    private readonly asOf: AsOfQueries,
  ) {}

  @Get('audit')
  @ApiOperation({ summary: 'Every event of the platform, newest first, filtered, paged on the global position' })
  @ApiQueryFrom(auditQuerySchema)
  @ApiAnswer(auditPageSchema)
  page(@Query() query: Record<string, unknown>) {
    const { cursor, limit, ...filters } = parseOrThrow(auditQuerySchema, query, 'query');
    return this.audit.page(filters, { cursor, limit });
  }

  @Get('audit.csv')
  @ApiOperation({ summary: 'The filtered audit as CSV, streamed (no row limit)' })
  @ApiQueryFrom(auditFiltersSchema)
  @ApiResponse({
    status: 200,
    description: 'The rows as CSV, newest first',
    content: { 'text/csv': { schema: { type: 'string', description: `Columns: ${AUDIT_CSV_COLUMNS.join(',')}` } } },
  })
  async csv(@Query() query: Record<string, unknown>, @Res() response: FastifyReply): Promise<void> {
    const filters = parseOrThrow(auditFiltersSchema, query, 'query');
    const lines = this.audit.csv(filters);
    // The first chunk is read before the headers go out, so a failing query still answers with the contract's error.
    const first = await lines.next();
    async function* all(): AsyncGenerator<string> {
      if (!first.done) yield first.value;
      yield* lines;
    }
    // A stream: Fastify reads it as the client's socket takes it, so memory stays flat on a slow
    // download, and a failure once the headers are out cuts the download short, so it cannot pass for complete.
    void response
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="tenens-audit-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(all()));
  }

  @Get('postings/:id/as-of')
  @ApiOperation({ summary: 'A posting as it stood at a moment, folded from its events' })
  @ApiQueryFrom(asOfQuerySchema)
  @ApiAnswer(postingAsOfSchema)
  posting(@Param('id', idParam(AUDIT_MESSAGES.postingNotFound)) id: string, @Query() query: Record<string, unknown>) {
    return this.asOf.posting(id.toLowerCase(), parseOrThrow(asOfQuerySchema, query, 'query').at);
  }

  @Get('bids/:id/as-of')
  @ApiOperation({ summary: 'A bid as it stood at a moment, folded from its events' })
  @ApiQueryFrom(asOfQuerySchema)
  @ApiAnswer(bidAsOfSchema)
  bid(@Param('id', idParam(AUDIT_MESSAGES.bidNotFound)) id: string, @Query() query: Record<string, unknown>) {
    return this.asOf.bid(id.toLowerCase(), parseOrThrow(asOfQuerySchema, query, 'query').at);
  }
}
