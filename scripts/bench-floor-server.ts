/**
 * The floor for `npm run bench:commands -- --floor`: what Node itself reaches on this machine for
 * a command, with nothing of Tenens in the way. node:http and a 10-connection pg pool (as the
 * event store's) answer PUT /lanes/<n>/counter?counter_rate=<rate> by running the pgbench
 * ceiling's transaction (read the lane's stream, append the next version, upsert the lane's row)
 * and sending the new version as JSON. No framework, no authentication, no validation, no
 * read-your-writes, no pushes: the distance between this and a bid command is the cost of
 * everything the product adds.
 *
 * Runs as its own process (FLOOR_DATABASE_URL, FLOOR_PORT), so its CPU is measured apart from the
 * load generator's; prints "listening" once it accepts requests.
 */
import { createServer } from 'node:http';
import { Pool } from 'pg';

const pool = new Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 10 });

async function counter(lane: number, rate: number): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const stream = `floor-${lane}`;
    const { rows } = await client.query(
      'SELECT stream_version, type, data FROM bench_floor_events WHERE stream_id = $1 ORDER BY stream_version',
      [stream],
    );
    await client.query(
      `INSERT INTO bench_floor_events (stream_id, stream_version, event_id, type, data)
       VALUES ($1, $2, gen_random_uuid(), 'BenchCountered', $3)`,
      [stream, rows.length, { counter_rate: rate }],
    );
    await client.query(
      `INSERT INTO bench_floor_read_model (lane, counter_rate, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (lane) DO UPDATE SET counter_rate = excluded.counter_rate, updated_at = excluded.updated_at`,
      [lane, rate],
    );
    await client.query('COMMIT');
    return rows.length;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://floor');
  const lane = Number(/^\/lanes\/(\d+)\/counter$/.exec(url.pathname)?.[1]);
  const rate = Number(url.searchParams.get('counter_rate'));
  const answer = (status: number, body: unknown) => {
    const text = JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    response.end(text);
  };
  if (request.method !== 'PUT' || !lane || !rate) return answer(404, { detail: 'Not Found' });
  counter(lane, rate).then(
    (version) => answer(200, { lane, counter_rate: rate, version }),
    (error: Error) => answer(500, { detail: error.message }),
  );
});

server.listen(Number(process.env.FLOOR_PORT), '127.0.0.1', () => console.log('listening'));
