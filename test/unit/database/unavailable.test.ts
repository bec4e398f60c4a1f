import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from '../../../server/src/database/unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable: errors a caller may retry (503), apart from real failures (500)', () => {
  it.each([
    ['no pooled connection in time (pg-pool)', new Error('timeout exceeded when trying to connect')],
    ['a connection that could not be opened in time (pg)', new Error('Connection terminated due to connection timeout')],
    ['a connection lost under the query (pg)', new Error('Connection terminated unexpectedly')],
    ['an operator or a shutdown ended the backend', withCode('terminating connection due to administrator command', '57P01')],
    ['a server still starting', withCode('the database system is starting up', '57P03')],
    ['a server with no connection left', withCode('sorry, too many clients already', '53300')],
    ['a server that is gone', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['any of them wrapped by TypeORM', new QueryFailedError('SELECT 1', [], withCode('terminating connection', '57P01'))],
    [
      'any of them as the cause of another error',
      new Error('read failed', { cause: new Error('timeout exceeded when trying to connect') }),
    ],
  ])('%s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error in our SQL', new QueryFailedError('SELEC 1', [], withCode('syntax error at or near "SELEC"', '42601'))],
    ['a plain error', new Error('Something else')],
    ['not an error at all', 'timeout exceeded when trying to connect'],
  ])('%s is not', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
