// The load generator of bench/deliveries-list.ts in a process of its own, so the server's figure is the
// server's: in one process the load generator's fetch calls and the server's request handling share one event loop
// and one core. The baseline's `pg` client runs in the same kind of process, so both sides pay the same.
// Started with child_process.fork; takes one LoadOrder message, answers one LoadAnswer and exits.
import pg from 'pg';

export type LoadOrder =
  | { kind: 'http'; url: string; headers: Record<string, string>; rounds: number[]; concurrency: number }
  | { kind: 'pg'; connectionString: string; poolSize: number; name: string; text: string; values: unknown[]; rounds: number[]; concurrency: number };

/** Per round: the latencies (null for a failed request, which counts as +Infinity), the failures and the last page's ids. */
export interface LoadAnswer { rounds: { latencies: (number | null)[]; failures: string[] }[]; ids: number[]; totalItems?: number; estimated?: boolean; error?: string }

/** Runs `total` calls of `work`, `concurrency` at a time; a failed call's latency is null. */
async function load(total: number, concurrency: number, work: () => Promise<void>) {
  const latencies: (number | null)[] = [];
  const failures: string[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < total) {
      next += 1;
      const began = performance.now();
      try {
        await work();
        latencies.push(performance.now() - began);
      } catch (error) {
        latencies.push(null);
        failures.push(`${(error as Error).message.slice(0, 160)} (after ${(performance.now() - began).toFixed(0)} ms)`);
      }
    }
  }));
  return { latencies, failures };
}

async function run(order: LoadOrder): Promise<LoadAnswer> {
  const answer: LoadAnswer = { rounds: [], ids: [] };
  if (order.kind === 'http') {
    const work = async () => {
      const response = await fetch(order.url, { headers: order.headers });
      const body = await response.json() as { items: { id: number }[]; paging: { totalItems: number; totalItemsIsEstimate?: boolean } };
      if (response.status !== 200) throw new Error(`list answered ${response.status}: ${JSON.stringify(body).slice(0, 120)}`);
      answer.ids = body.items.map((item) => item.id);
      answer.totalItems = body.paging.totalItems;
      answer.estimated = body.paging.totalItemsIsEstimate === true;
    };
    for (const total of order.rounds) answer.rounds.push(await load(total, order.concurrency, work));
    return answer;
  }
  const pool = new pg.Pool({ connectionString: order.connectionString, max: order.poolSize });
  pool.on('error', (error) => console.warn(`load-child: pool: ${error.message}`));
  try {
    // Named, as the server runs it: parsed and planned once per connection (the best SQL for the page).
    const work = async () => {
      const result = await pool.query({ name: order.name, text: order.text, values: order.values, rowMode: 'array' });
      answer.ids = result.rows.map((row: unknown[]) => Number(row[0]));
    };
    for (const total of order.rounds) answer.rounds.push(await load(total, order.concurrency, work));
    return answer;
  } finally {
    await pool.end().catch(() => undefined);
  }
}

process.once('message', (order: LoadOrder) => {
  run(order).then(
    (answer) => process.send!(answer, () => process.exit(0)),
    (error: Error) => process.send!({ rounds: [], ids: [], error: error.message } satisfies LoadAnswer, () => process.exit(1)),
  );
});
