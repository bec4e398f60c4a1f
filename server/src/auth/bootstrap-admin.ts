import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONFIG, Config } from '../config/config';
import { hashPassword } from './passwords';

/** ADMIN_EMAIL and ADMIN_PASSWORD: start-up creates that verified system admin if absent. */
@Injectable()
export class BootstrapAdmin implements OnApplicationBootstrap {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly db: DataSource,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = this.config;
    if (!email || !password) return;
    const existing = await this.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
    if (existing.length > 0) return;
    const created = await this.db.query(
      `INSERT INTO users (email, password_hash, role, is_admin, email_verified, first_name, last_name)
       VALUES ($1, $2, 'system_admin', true, true, 'Platform', 'Admin')
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
      [email.toLowerCase(), await hashPassword(password)],
    );
    if (created.length > 0) this.logger.log(`Created the system admin ${email}`);
  }
}
