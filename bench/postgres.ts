import pg from 'pg';

/** Why PostgreSQL at `url` cannot be used (the benchmark is then skipped, saying so), or undefined when it answers. */
export async function reachable(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}
