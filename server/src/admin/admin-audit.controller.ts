import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
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
  async csv(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const filters = parseOrThrow(auditFiltersSchema, query, 'query');
    const lines = this.audit.csv(filters);
    // The first chunk is read before the headers go out, so a failing query still answers with the contract's error.
    const first = await lines.next();
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="tenens-audit-${new Date().toISOString().slice(0, 10)}.csv"`);
    response.setHeader('Cache-Control', 'no-store');
    try {
      if (!first.done) await write(response, first.value);
      for await (const chunk of lines) await write(response, chunk);
      response.end();
    } catch {
      // Headers are out: all that is left is to cut the download short, so it cannot pass for complete.
      response.destroy();
    }
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

/** Writes a chunk, waiting while the client's socket is full, so memory stays flat on a slow download. */
async function write(response: Response, chunk: string): Promise<void> {
  if (response.destroyed) throw new Error('The client went away');
  if (response.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', gone);
      resolve();
    };
    const gone = () => {
      response.off('drain', done);
      reject(new Error('The client went away'));
    };
    response.once('drain', done);
    response.once('close', gone);
  });
}
