import { PasswordPool } from '../../../server/src/auth/password-pool';

jest.setTimeout(30_000);

// Small argon2 parameters: the test is about the workers, not the hash's cost.
const params = { memorySize: 1024, iterations: 1, parallelism: 1 };

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the password pool', () => {
  it('ends a worker that waited idle, and starts one again for the next password', async () => {
    const pool = new PasswordPool(1, 100);
    const hash = (await pool.run({ op: 'hash', password: 'Correct horse 1', params })) as string;
    expect(hash).toMatch(/^\$argon2id\$/);

    await until(() => pool.workers === 0, 10_000);

    await expect(pool.run({ op: 'verify', password: 'Correct horse 1', hash })).resolves.toBe(true);
    await expect(pool.run({ op: 'verify', password: 'Wrong horse 1', hash })).resolves.toBe(false);
    await until(() => pool.workers === 0, 10_000);
  });

  it('keeps a busy worker: jobs queued behind each other all answer', async () => {
    const pool = new PasswordPool(1, 100);
    const hashes = await Promise.all(['a1', 'b2', 'c3'].map((password) => pool.run({ op: 'hash', password, params })));
    expect(new Set(hashes).size).toBe(3);
    await until(() => pool.workers === 0, 10_000);
  });
});
