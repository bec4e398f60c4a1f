import { Controller, Get, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { availabilitySchema } from '../../domain/accounts/responses';
import { isStorableText } from '../../domain/shared/text';
import { ApiAnswer } from '../../http/openapi';
import { DataSource } from 'typeorm';
import { Public } from '../access';
import { isClaimed, licenseKey } from '../identifier-claims';
import { isEmailTaken } from '../users.sql';

/**
 * Repeated query parameters arrive as arrays; anything but one string the database can hold (no
 * NUL, no broken Unicode) counts as empty.
 */
const text = (value: unknown) => (typeof value === 'string' && isStorableText(value) ? value.trim() : '');

/**
 * Registration's checks while typing; each answers {"available": bool}. The parameters are read
 * leniently (never a 422: anything but one well-formed value is simply not available), so they
 * have no schema to validate with and are described here.
 */
@ApiTags('auth')
@Controller('auth')
export class AvailabilityController {
  constructor(private readonly db: DataSource) {}

  @Public()
  @Get('check-email')
  @ApiQuery({ name: 'email', required: false, type: String })
  @ApiAnswer(availabilitySchema)
  async email(@Query('email') raw: unknown) {
    const email = text(raw);
    if (!email) return { available: false };
    return { available: !(await isEmailTaken(this.db, email)) };
  }

  @Public()
  @Get('check-npi')
  @ApiQuery({ name: 'npi', required: false, type: String, description: '10 digits' })
  @ApiAnswer(availabilitySchema)
  async npi(@Query('npi') raw: unknown) {
    const npi = text(raw);
    if (!/^\d{10}$/.test(npi)) return { available: false };
    return { available: !(await isClaimed(this.db, 'npi', npi)) };
  }

  @Public()
  @Get('check-license')
  @ApiQuery({ name: 'license_number', required: false, type: String })
  @ApiQuery({ name: 'license_state', required: false, type: String, description: 'Two-letter US state' })
  @ApiAnswer(availabilitySchema)
  async license(@Query('license_number') rawNumber: unknown, @Query('license_state') rawState: unknown) {
    const [number, state] = [text(rawNumber), text(rawState)];
    if (!number || !/^[A-Za-z]{2}$/.test(state)) return { available: false };
    return { available: !(await isClaimed(this.db, 'license', licenseKey(state, number))) };
  }
}
