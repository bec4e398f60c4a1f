import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { userView } from '../views';

/** The signed-in user's own account as the API shows it, from the account tables and read models. */
@Injectable()
export class AccountQueries {
  constructor(private readonly db: DataSource) {}

  me(userId: string) {
    return userView(this.db, userId);
  }
}
