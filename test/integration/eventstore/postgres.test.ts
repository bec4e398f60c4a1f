import { PostgresEventStore } from '../../../server/src/eventstore';
import { createTestDatabase, TestDatabase } from '../../support/database';
import { describeEventStoreContract } from './contract';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describeEventStoreContract('PostgresEventStore', async () => new PostgresEventStore(database.url));
